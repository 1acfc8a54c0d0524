/**
 * Staff's side of late payments: the queue of agreements in default with what is owed on each; the charity account
 * (late charges accruing, owed, received, and where the money went); confirming a charge received, with the
 * payment's reference, and recording a payment out of the account. Each change is audited in its transaction.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { CharityDisbursementForm, CharityReceiptForm } from '../../shared/generated/form-types';
import { currentUser } from '../plugins/auth';
import { conflict, fieldErrors, notFound } from '../errors';
import { audit } from '../audit';
import { arrayOf, date, dateOrNull, dateTime, dateTimeOrNull, idParams, integer, money, object, string, stringOrNull, uuid } from './schemas';
import { chargeAmount, lateChargeSchema, lateChargeView } from '../late-payments/charges';

/** An agreement in default as staff chase it. */
const defaultSchema = object({
  agreementId: uuid,
  projectId: uuid,
  projectTitle: string,
  owner: object({ email: string, phone: string }),
  investorEmail: string,
  principal: money,
  acceptedAt: dateTimeOrNull,
  inDefaultSince: dateTime,
  overdue: object({ count: integer, amount: money, oldestDueOn: dateOrNull, daysOverdue: integer }),
  outstanding: object({ count: integer, amount: money }),
  charityOwing: money,
});

/** The charity account's sums. */
const charityTotalsSchema = object({ accruing: money, owed: money, received: money, disbursed: money, balance: money });

/** A late charge in the charity account's lists: the charge, its instalment and who settled it. */
const charityChargeSchema = object({
  ...lateChargeSchema.properties,
  instalmentId: uuid,
  instalmentSeq: integer,
  agreementId: uuid,
  projectId: uuid,
  projectTitle: string,
  ownerEmail: string,
  overdueAmount: money,
  dueOn: date,
  settledBy: stringOrNull,
  note: stringOrNull,
});

const disbursementFields = { id: uuid, amount: money, recipient: string, reference: string, paidOn: date, note: stringOrNull };
import { daysOverdue } from '../../shared/domain/late-charge';
import { dhakaToday } from '../../shared/format/dhaka-calendar';
import { formatMoney, fromPaisa, sumAmounts, toPaisa } from '../../shared/domain/money';

const LIST_LIMIT = 200;
/** One disbursement at a time: the balance it is checked against cannot change under it. */
const CHARITY_LOCK = 0x6c617465;

export default async function staffLatePaymentRoutes(app: FastifyInstance): Promise<void> {
  const staffOnly = { tags: ['staff'], security: [{ bearer: [] }] };

  app.get('/staff/defaults', { schema: { ...staffOnly, description: 'Agreements in default, longest first (up to 200), with what is overdue, outstanding and owed to charity on each.', response: { 200: object({ items: arrayOf(defaultSchema) }) } }, onRequest: app.requireStaff }, async () => {
    const today = dhakaToday(app.now());
    const agreements = await app.db
      .selectFrom('agreement_requests as a')
      .innerJoin('projects as p', 'p.id', 'a.project_id')
      .innerJoin('users as o', 'o.id', 'p.owner_id')
      .innerJoin('users as inv', 'inv.id', 'a.investor_id')
      .select(['a.id', 'a.amount', 'a.in_default_since', 'a.decided_at', 'p.id as project_id', 'p.title', 'o.email as owner_email', 'o.phone as owner_phone', 'inv.email as investor_email'])
      .where('a.in_default_since', 'is not', null)
      .orderBy('a.in_default_since')
      .orderBy('a.id')
      .limit(LIST_LIMIT)
      .execute();
    const ids = agreements.map((a) => a.id);
    const unpaid = ids.length
      ? await app.db.selectFrom('instalments').select(['agreement_id', 'amount', 'due_on']).where('agreement_id', 'in', ids).where('status', '=', 'due').orderBy('due_on').execute()
      : [];
    const charges = ids.length ? await app.db.selectFrom('late_charges').selectAll().where('agreement_id', 'in', ids).where('status', '<>', 'settled').execute() : [];
    return {
      items: agreements.map((a) => {
        const mine = unpaid.filter((i) => i.agreement_id === a.id);
        const overdue = mine.filter((i) => i.due_on < today);
        return {
          agreementId: a.id,
          projectId: a.project_id,
          projectTitle: a.title,
          owner: { email: a.owner_email, phone: a.owner_phone },
          investorEmail: a.investor_email,
          principal: a.amount,
          acceptedAt: a.decided_at?.toISOString() ?? null,
          inDefaultSince: a.in_default_since!.toISOString(),
          overdue: {
            count: overdue.length,
            amount: sumAmounts(overdue.map((i) => i.amount)),
            oldestDueOn: overdue[0]?.due_on ?? null,
            daysOverdue: overdue[0] ? daysOverdue(overdue[0].due_on, today) : 0,
          },
          /** Every instalment not yet paid, overdue or not. */
          outstanding: { count: mine.length, amount: sumAmounts(mine.map((i) => i.amount)) },
          /** Late charges owed to charity on it, not yet received (accrued to today while accruing). */
          charityOwing: sumAmounts(charges.filter((c) => c.agreement_id === a.id).map((c) => chargeAmount(c, today))),
        };
      }),
    };
  });

  /**
   * The charity account's sums: accruing (to today), owed (fixed), received, paid out, and what it holds (read in
   * `db`: a transaction's own, for a write's answer).
   */
  async function totals(today: string, db: Kysely<DB> = app.db) {
    const sums = await db
      .selectFrom('late_charges')
      .select(['status', sql<string>`coalesce(sum(amount), 0)::text`.as('amount')])
      .groupBy('status')
      .execute();
    const accruing = await db.selectFrom('late_charges').selectAll().where('status', '=', 'accruing').execute();
    const disbursed = await db.selectFrom('charity_disbursements').select(sql<string>`coalesce(sum(amount), 0)::text`.as('amount')).executeTakeFirstOrThrow();
    const of = (status: string) => sums.find((s) => s.status === status)?.amount ?? '0';
    const received = toPaisa(of('settled'));
    return {
      accruing: sumAmounts(accruing.map((c) => chargeAmount(c, today))),
      owed: fromPaisa(toPaisa(of('owed'))),
      received: fromPaisa(received),
      disbursed: fromPaisa(toPaisa(disbursed.amount)),
      balance: fromPaisa(received - toPaisa(disbursed.amount)),
    };
  }

  app.get(
    '/staff/charity',
    {
      schema: {
        ...staffOnly,
        description:
          "The charity account: totals; late charges owing (accruing, or owed once the instalment was paid) to chase and confirm; charges received (newest first); and payments out of the account, where it went (newest first). Up to 200 of each list.",
        response: {
          200: object({
            totals: charityTotalsSchema,
            owing: arrayOf(charityChargeSchema),
            received: arrayOf(charityChargeSchema),
            disbursements: arrayOf(object({ ...disbursementFields, recordedBy: string, recordedAt: dateTime })),
          }),
        },
      },
      onRequest: app.requireStaff,
    },
    async () => {
      const today = dhakaToday(app.now());
      const charges = () =>
        app.db
          .selectFrom('late_charges as c')
          .innerJoin('projects as p', 'p.id', 'c.project_id')
          .innerJoin('instalments as i', 'i.id', 'c.instalment_id')
          .innerJoin('users as o', 'o.id', 'c.owner_id')
          .leftJoin('users as s', 's.id', 'c.settled_by')
          .selectAll('c')
          .select(['p.title', 'i.seq', 'o.email as owner_email', 's.email as settled_by_email']);
      const owing = await charges().where('c.status', '<>', 'settled').orderBy('c.status', 'desc').orderBy('c.due_on').orderBy('c.id').limit(LIST_LIMIT).execute();
      const received = await charges().where('c.status', '=', 'settled').orderBy('c.settled_at', 'desc').orderBy('c.id').limit(LIST_LIMIT).execute();
      const disbursements = await app.db
        .selectFrom('charity_disbursements as d')
        .innerJoin('users as u', 'u.id', 'd.recorded_by')
        .selectAll('d')
        .select('u.email as recorded_by_email')
        .orderBy('d.paid_on', 'desc')
        .orderBy('d.created_at', 'desc')
        .limit(LIST_LIMIT)
        .execute();
      const chargeItem = (c: (typeof owing)[number]) => ({
        ...lateChargeView(c, today),
        instalmentId: c.instalment_id,
        instalmentSeq: c.seq,
        agreementId: c.agreement_id,
        projectId: c.project_id,
        projectTitle: c.title,
        ownerEmail: c.owner_email,
        overdueAmount: c.overdue_amount,
        dueOn: c.due_on,
        settledBy: c.settled_by_email,
        note: c.note,
      });
      return {
        totals: await totals(today),
        owing: owing.map(chargeItem),
        received: received.map(chargeItem),
        disbursements: disbursements.map((d) => ({
          id: d.id,
          amount: d.amount,
          recipient: d.recipient,
          reference: d.reference,
          paidOn: d.paid_on,
          note: d.note,
          recordedBy: d.recorded_by_email,
          recordedAt: d.created_at.toISOString(),
        })),
      };
    },
  );

  app.post<{ Params: { id: string }; Body: CharityReceiptForm }>(
    '/staff/late-charges/:id/settle',
    {
      schema: {
        ...staffOnly,
        description: "Staff confirm the platform's charity account received a late charge that is owed (fixed once its instalment was marked paid), with the payment's reference. Final.",
        params: idParams,
        body: { $ref: 'charity-receipt#' },
        response: { 200: lateChargeSchema },
      },
      onRequest: app.requireStaff,
    },
    async (request) => {
      const me = currentUser(request);
      const reference = request.body.reference.trim();
      const note = request.body.note?.trim() || null;
      const settled = await app.db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('late_charges')
          .set({ status: 'settled', settled_at: app.now(), settled_by: me.id, reference, note })
          .where('id', '=', request.params.id)
          .where('status', '=', 'owed')
          .returningAll()
          .executeTakeFirst();
        if (!row) {
          const existing = await trx.selectFrom('late_charges').select('status').where('id', '=', request.params.id).executeTakeFirst();
          if (!existing) throw notFound('This late charge');
          throw conflict(
            existing.status === 'accruing'
              ? 'This late charge is still accruing: its amount is fixed when the owner marks the instalment paid, and it can be received after that.'
              : 'This late charge was already received.',
          );
        }
        await audit(trx, { actorId: me.id, action: 'late_charge.settle', subjectType: 'late_charge', subjectId: row.id, before: 'owed', after: 'settled', note: [`${formatMoney(row.amount!)} received, reference ${reference}.`, note].filter(Boolean).join(' ') });
        return row;
      });
      return lateChargeView(settled, dhakaToday(app.now()));
    },
  );

  app.post<{ Body: CharityDisbursementForm }>(
    '/staff/charity/disbursements',
    {
      schema: {
        ...staffOnly,
        description: 'Records a payment out of the charity account (where the late charges received went); refused above what the account holds, or dated after today.',
        body: { $ref: 'charity-disbursement#' },
        response: { 201: object({ ...disbursementFields, totals: charityTotalsSchema }) },
      },
      onRequest: app.requireStaff,
    },
    async (request, reply) => {
      const me = currentUser(request);
      const today = dhakaToday(app.now());
      const body = request.body;
      if (body.paidOn > today) throw fieldErrors([{ path: '/paidOn', message: 'The date cannot be after today' }]);
      const amount = fromPaisa(toPaisa(body.amount));
      const row = await app.db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(${CHARITY_LOCK})`.execute(trx);
        const held = await trx
          .selectFrom('late_charges')
          .select(sql<string>`coalesce(sum(amount), 0)::text`.as('received'))
          .where('status', '=', 'settled')
          .executeTakeFirstOrThrow();
        const out = await trx.selectFrom('charity_disbursements').select(sql<string>`coalesce(sum(amount), 0)::text`.as('paid')).executeTakeFirstOrThrow();
        const balance = toPaisa(held.received) - toPaisa(out.paid);
        if (toPaisa(amount) > balance) {
          throw fieldErrors([{ path: '/amount', message: `The charity account holds ${formatMoney(fromPaisa(balance))}: a payment cannot be more than that` }]);
        }
        const inserted = await trx
          .insertInto('charity_disbursements')
          .values({ amount, recipient: body.recipient.trim(), reference: body.reference.trim(), paid_on: body.paidOn, note: body.note?.trim() || null, recorded_by: me.id })
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(trx, { actorId: me.id, action: 'charity.disburse', subjectType: 'charity_disbursement', subjectId: inserted.id, before: null, after: 'paid', note: `${formatMoney(amount)} to ${inserted.recipient}, reference ${inserted.reference}.` });
        // The answer is read in the transaction: a payment recorded is never answered with an error.
        return { id: inserted.id, amount: inserted.amount, recipient: inserted.recipient, reference: inserted.reference, paidOn: inserted.paid_on, note: inserted.note, totals: await totals(today, trx) };
      });
      reply.code(201);
      return row;
    },
  );
}
