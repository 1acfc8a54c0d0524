/**
 * Murabaha repayments: the instalments of accepted agreements. The owner marks one paid, saying how (the
 * instalment-paid form: bKash, Nagad, bank transfer, cheque… and its reference), the investor reads that and confirms
 * receipt; `due → paid → confirmed`, each step by its own party only, each a conditional update, each audited.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, InstalmentsTable } from '../db/schema';
import { currentUser } from '../plugins/auth';
import { conflict, notFound } from '../errors';
import { sumAmounts, formatMoney } from '../../shared/domain/money';
import { noticeLinks, noticeSite, notify, say } from '../modules/notices/service';
import { formatNumber } from '../../shared/format/money';
import type { Language } from '../../shared/i18n/language';
import { decodeCursor, keysetPage, OWN_PAGE_QUERY } from '../market/cursor';
import { audit } from '../audit';
import type { InstalmentPaidForm } from '../../shared/generated/form-types';
import type { JsonSchema } from '../../shared/forms/catalog';
import { dhakaDate, dhakaToday } from '../../shared/format/dhaka-calendar';
import { chargeAmount, fixLateCharge, lateChargeSchema, lateChargeView, type LateChargeRow } from '../late-payments/charges';
import { clearDefaults } from '../late-payments/defaults';
import { arrayOf, boolean, date, dateTimeOrNull, freeForm, idParams, integer, integerOrNull, money, nextCursor, object, string, stringOrNull, uuid } from './schemas';

type Row = Selectable<InstalmentsTable> & { project_title: string; investor_name: string | null; agreement_amount: string; in_default_since: Date | null };

/** The schema of instalmentView's answer (`lateCharge` only in the owner's answers). */
const instalmentSchema = object(
  {
    id: uuid,
    agreementId: uuid,
    projectId: uuid,
    projectTitle: string,
    investorName: stringOrNull,
    principal: money,
    seq: integer,
    dueOn: date,
    amount: money,
    currency: { type: 'string', enum: ['BDT'] },
    status: { type: 'string', enum: ['due', 'paid', 'confirmed'] },
    overdue: boolean,
    paidAt: dateTimeOrNull,
    confirmedAt: dateTimeOrNull,
    // Free-form: the stored instalment-paid form (method, reference…), in the fields of its version
    // (paymentFormVersion), shown from that version's schema; null while due.
    payment: { ...freeForm('How the owner paid: the stored instalment-paid form; null while due.'), type: ['object', 'null'] },
    paymentFormVersion: integerOrNull,
    agreementInDefaultSince: dateTimeOrNull,
    lateCharge: { ...lateChargeSchema, type: ['object', 'null'], description: "Owner only: the owner's late charge for charity on it." },
  },
  ['lateCharge'],
);

const statusSums = (item: object) => object({ scheduled: item, due: item, paid: item, confirmed: item });

/** A page of a person's instalments, with the totals and counts of all of them (`lateCharges` for the owner). */
const schedulePageSchema = object(
  {
    items: arrayOf(instalmentSchema),
    nextCursor,
    count: integer,
    totals: statusSums(money),
    counts: statusSums(integer),
    lateCharges: object({ owing: money, settled: money, count: integer }),
  },
  ['lateCharges'],
);

/** `charge`: the owner's late charge for charity on it (never shown as the investor's, never in a return). */
function instalmentView(r: Row, charge?: ReturnType<typeof lateChargeView> | null) {
  return {
    id: r.id,
    agreementId: r.agreement_id,
    projectId: r.project_id,
    projectTitle: r.project_title,
    investorName: r.investor_name,
    principal: r.agreement_amount,
    seq: r.seq,
    dueOn: r.due_on,
    amount: r.amount,
    currency: 'BDT',
    status: r.status,
    /** Still due after its due date (marked by the scheduled job). */
    overdue: r.status === 'due' && r.overdue_at !== null,
    paidAt: r.paid_at?.toISOString() ?? null,
    confirmedAt: r.confirmed_at?.toISOString() ?? null,
    /** How the owner paid (the instalment-paid form's answer), seen by both parties; null while due. */
    payment: r.payment,
    paymentFormVersion: r.payment_form_version,
    /** Its agreement is in default (an instalment overdue DEFAULT_AFTER_DAYS): since when, or null. */
    agreementInDefaultSince: r.in_default_since?.toISOString() ?? null,
    ...(charge !== undefined ? { lateCharge: charge } : {}),
  };
}

export default async function returnRoutes(app: FastifyInstance): Promise<void> {
  /** Instalments with what their view shows of the project and the agreement. */
  /** The instalments with what their views show (in `db`: a transaction's own, for a step's answer). */
  function instalmentRows(db: Kysely<DB> = app.db) {
    return db
      .selectFrom('instalments as i')
      .innerJoin('projects as p', 'p.id', 'i.project_id')
      .innerJoin('agreement_requests as a', 'a.id', 'i.agreement_id')
      .selectAll('i')
      .select(['p.title as project_title', 'a.amount as agreement_amount', 'a.in_default_since', (eb) => eb.ref('a.data', '->>').key('investorName').as('investor_name'), sql<string>`i.due_on::text`.as('due_key')]);
  }

  type ScheduleQuery = { cursor?: string; limit: number; agreement?: string };
  // The shared page query, with longer pages (a schedule is a table of short rows) and one agreement's filter.
  const scheduleQuery = {
    ...OWN_PAGE_QUERY,
    properties: {
      ...OWN_PAGE_QUERY.properties,
      limit: { ...OWN_PAGE_QUERY.properties.limit, maximum: 100, default: 50 },
      agreement: { type: 'string', format: 'uuid' },
    },
  } as const;

  /**
   * A person's instalments (as owner or investor), soonest due first (one date's agreements always in the same
   * order), a page at a time on the index (person, due_on, agreement_id, id); `agreement` keeps one agreement's.
   * The totals and the count are of all of them, not of the page.
   */
  async function list(column: 'owner_id' | 'investor_id', userId: string, { cursor, limit, agreement }: ScheduleQuery) {
    const after = cursor ? decodeCursor(cursor, 'due') : null;
    let query = instalmentRows().where(`i.${column}`, '=', userId);
    if (agreement) query = query.where('i.agreement_id', '=', agreement);
    if (after) {
      const [due, agreementId] = after[0].split('~');
      query = query.where(sql<boolean>`(i.due_on, i.agreement_id, i.id) > (${due}::date, ${agreementId}::uuid, ${after[1]}::uuid)`);
    }
    const rows = (await query.orderBy('i.due_on').orderBy('i.agreement_id').orderBy('i.id').limit(limit + 1).execute()) as (Row & { due_key: string })[];
    const { shown, nextCursor } = keysetPage(rows, limit, 'due', (r) => `${r.due_key}~${r.agreement_id}`);
    // The sums by status, in the database: one row per status, whatever the number of instalments.
    let sums = app.db
      .selectFrom('instalments')
      .select(['status', sql<string>`sum(amount)::text`.as('amount'), sql<number>`count(*)::int`.as('count')])
      .where(column, '=', userId)
      .groupBy('status');
    if (agreement) sums = sums.where('agreement_id', '=', agreement);
    const byStatus = await sums.execute();
    const of = (status?: string) => byStatus.filter((s) => !status || s.status === status);
    const total = (status?: string) => sumAmounts(of(status).map((s) => s.amount));
    const count = (status?: string) => of(status).reduce((n, s) => n + Number(s.count), 0);
    const owner = column === 'owner_id';
    const today = dhakaToday(app.now());
    // The owner's late charges for charity: on each instalment shown, and what is owed and settled in all.
    const charges = owner && shown.length ? await app.db.selectFrom('late_charges').selectAll().where('instalment_id', 'in', shown.map((r) => r.id)).execute() : [];
    const chargeOf = new Map(charges.map((c) => [c.instalment_id, lateChargeView(c, today)]));
    return {
      items: shown.map((r) => instalmentView(r, owner ? (chargeOf.get(r.id) ?? null) : undefined)),
      nextCursor,
      count: count(),
      /** `paid` is paid and awaiting the investor's confirmation; `confirmed` is received and confirmed. */
      totals: { scheduled: total(), due: total('due'), paid: total('paid'), confirmed: total('confirmed') },
      counts: { scheduled: count(), due: count('due'), paid: count('paid'), confirmed: count('confirmed') },
      ...(owner ? { lateCharges: await lateChargeTotals(userId, agreement, today) } : {}),
    };
  }

  /** An owner's late charges for charity: owing (accruing to today, and fixed but not yet received) and settled. */
  async function lateChargeTotals(ownerId: string, agreement: string | undefined, today: string) {
    let query = app.db.selectFrom('late_charges').selectAll().where('owner_id', '=', ownerId);
    if (agreement) query = query.where('agreement_id', '=', agreement);
    const rows: LateChargeRow[] = await query.execute();
    const owing = rows.filter((c) => c.status !== 'settled');
    return {
      owing: sumAmounts(owing.map((c) => chargeAmount(c, today))),
      settled: sumAmounts(rows.filter((c) => c.status === 'settled').map((c) => c.amount!)),
      count: owing.length,
    };
  }

  app.get<{ Querystring: ScheduleQuery }>(
    '/me/returns',
    {
      schema: { tags: ['returns'], security: [{ bearer: [] }], description: 'As investor: what is repaid to me, soonest due first, a page at a time.', querystring: scheduleQuery, response: { 200: schedulePageSchema } },
      onRequest: app.requireUser,
    },
    async (request) => list('investor_id', currentUser(request).id, request.query),
  );
  app.get<{ Querystring: ScheduleQuery }>(
    '/me/repayments',
    {
      schema: { tags: ['returns'], security: [{ bearer: [] }], description: 'As project owner: what I repay, soonest due first, a page at a time.', querystring: scheduleQuery, response: { 200: schedulePageSchema } },
      onRequest: app.requireUser,
    },
    async (request) => list('owner_id', currentUser(request).id, request.query),
  );

  /** The label a choice has in the form version the answer was validated with (`oneOf` const/title), else the value. */
  function choiceTitle(schema: JsonSchema | null, field: string, value: string): string {
    const options = (schema?.properties as Record<string, { oneOf?: { const?: unknown; title?: string }[] }> | undefined)?.[field]?.oneOf ?? [];
    return options.find((o) => o.const === value)?.title ?? value;
  }

  /**
   * One step of an instalment, by its party only, as a conditional update: `due → paid` (with how it was paid) or
   * `paid → confirmed`. The other party is told, the step is audited, in the same transaction. Anyone else gets 404.
   */
  async function step(id: string, userId: string, party: 'owner_id' | 'investor_id', from: 'due' | 'paid', to: 'paid' | 'confirmed', payment?: { doc: InstalmentPaidForm; version: number; text: string }) {
    const now = app.now();
    const updated = await app.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('instalments')
        .set(
          to === 'paid'
            ? { status: 'paid', paid_at: now, payment: JSON.stringify(payment!.doc), payment_form_version: payment!.version }
            : { status: 'confirmed', confirmed_at: now },
        )
        .where('id', '=', id)
        .where(party, '=', userId)
        .where('status', '=', from)
        .returning(['id', 'seq', 'amount', 'owner_id', 'investor_id', 'project_id', 'agreement_id', 'due_on'])
        .executeTakeFirst();
      if (!row) return undefined;
      const project = await trx.selectFrom('projects').select('title').where('id', '=', row.project_id).executeTakeFirstOrThrow();
      const amount = formatMoney(row.amount);
      const seq = (l: Language) => formatNumber(row.seq, l);
      await audit(trx, { actorId: userId, action: to === 'paid' ? 'instalment.pay' : 'instalment.confirm', subjectType: 'instalment', subjectId: row.id, before: from, after: to, note: payment?.text ?? null });
      if (to === 'paid') {
        // A late charge stops accruing on the day it is marked paid; with no overdue instalment left, no default.
        const paidOn = dhakaDate(now);
        await fixLateCharge(trx, row, paidOn, app.config);
        await clearDefaults(trx, paidOn, userId, row.agreement_id);
      }
      // The other party is told: the investor that money was paid (and how), the owner that its receipt was confirmed.
      await notify(
        trx,
        to === 'paid'
          ? {
              userId: row.investor_id,
              kind: 'instalment_paid',
              title: say((l) => (l === 'bn' ? `"${project.title}" প্রকল্পের ${seq(l)} নম্বর কিস্তি পরিশোধ করা হয়েছে` : `Instalment ${row.seq} of "${project.title}" is paid`)),
              text: say((l) =>
                l === 'bn'
                  ? `মালিক ${seq(l)} নম্বর কিস্তি (${formatMoney(row.amount, l)}) পরিশোধিত হিসেবে চিহ্নিত করেছেন: ${payment!.text}। টাকা পৌঁছালে তা নিশ্চিত করুন।`
                  : `The owner marked instalment ${row.seq} (${amount}) paid: ${payment!.text}. Confirm it when the money arrives.`,
              ),
              link: noticeLinks.schedule('returns', row.agreement_id),
            }
          : {
              userId: row.owner_id,
              kind: 'instalment_confirmed',
              title: say((l) => (l === 'bn' ? `"${project.title}" প্রকল্পের ${seq(l)} নম্বর কিস্তি নিশ্চিত হয়েছে` : `Instalment ${row.seq} of "${project.title}" is confirmed`)),
              text: say((l) =>
                l === 'bn' ? `বিনিয়োগকারী ${seq(l)} নম্বর কিস্তি (${formatMoney(row.amount, l)}) পাওয়ার কথা নিশ্চিত করেছেন।` : `The investor confirmed receiving instalment ${row.seq} (${amount}).`,
              ),
              link: noticeLinks.schedule('repayments', row.agreement_id),
            },
        noticeSite(app.config),
      );
      // The answer is read in the transaction: a step that committed is never answered with an error. The owner's view
      // carries what they owe to charity for paying late (never the investor's).
      const view = (await instalmentRows(trx).where('i.id', '=', row.id).executeTakeFirstOrThrow()) as Row;
      if (party !== 'owner_id') return instalmentView(view);
      const charge = await trx.selectFrom('late_charges').selectAll().where('instalment_id', '=', row.id).executeTakeFirst();
      return instalmentView(view, charge ? lateChargeView(charge, dhakaToday(now)) : null);
    });
    if (updated) app.mail.kick();
    if (!updated) {
      const existing = await app.db.selectFrom('instalments').select(['status', party]).where('id', '=', id).executeTakeFirst();
      if (!existing || existing[party] !== userId) throw notFound('This instalment');
      throw conflict(
        to === 'paid'
          ? `This instalment is already ${existing.status}.`
          : existing.status === 'due'
            ? 'The owner has not marked this instalment paid yet.'
            : 'This instalment is already confirmed.',
      );
    }
    return updated;
  }

  app.post<{ Params: { id: string }; Body: InstalmentPaidForm }>(
    '/instalments/:id/paid',
    {
      schema: {
        tags: ['returns'],
        security: [{ bearer: [] }],
        description: 'The owner marks an instalment paid, saying how (the instalment-paid form: method and reference, required except for cash).',
        params: idParams,
        body: { $ref: 'instalment-paid#' },
        response: { 200: instalmentSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      // Stored trimmed (a transaction ID pasted from an SMS often carries a space); an empty optional one is left out.
      const { reference: typed, ...rest } = request.body;
      const reference = typed?.trim();
      const doc: InstalmentPaidForm = reference ? { ...rest, reference } : rest;
      const method = choiceTitle(request.formSchema, 'method', doc.method);
      const text = doc.reference ? `${method}, reference ${doc.reference}` : method;
      return step(request.params.id, currentUser(request).id, 'owner_id', 'due', 'paid', { doc, version: request.formVersion!, text });
    },
  );
  app.post<{ Params: { id: string } }>(
    '/instalments/:id/confirm',
    { schema: { tags: ['returns'], security: [{ bearer: [] }], description: 'The investor confirms receipt.', params: idParams, response: { 200: instalmentSchema } }, onRequest: app.requireUser },
    async (request) => step(request.params.id, currentUser(request).id, 'investor_id', 'paid', 'confirmed'),
  );
}
