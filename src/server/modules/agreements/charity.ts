/**
 * Staff's side of late payments: the queue of agreements in default with what is owed on each; the charity account
 * (late charges accruing, owed, received, and where the money went); confirming a charge received, with the
 * payment's reference, and recording a payment out of the account. Each change is audited in its transaction.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { CharityDisbursementForm, CharityReceiptForm } from '../../../shared/generated/form-types';
import type { SessionUser } from '../../plugins/auth';
import { conflict, fieldErrors, notFound } from '../../errors';
import { audit } from '../../audit';
import { daysOverdue } from '../../../shared/domain/late-charge';
import { dhakaToday, type CalendarDate } from '../../../shared/format/dhaka-calendar';
import { formatMoney, fromPaisa, sumAmounts, toPaisa } from '../../../shared/domain/money';
import { agreementsInDefault, chargeStatus, charityCharges, charitySums, disbursements, insertDisbursement, lockCharityBalance, settleCharge } from './queries/staff';
import { chargeAmount, charityChargeView, disbursementView, lateChargeView } from './views';

/** Agreements in default, longest first, with what is overdue, outstanding and owed to charity on each. */
export async function defaults(app: FastifyInstance) {
  const today = dhakaToday(app.now());
  const { agreements, unpaid, charges } = await agreementsInDefault(app.db);
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
}

/**
 * The charity account's sums: accruing (to today), owed (fixed), received, paid out, and what it holds (read in
 * `db`: a transaction's own, for a write's answer).
 */
async function totals(db: Kysely<DB>, today: CalendarDate) {
  const { sums, accruing, disbursed } = await charitySums(db);
  const of = (status: string) => sums.find((s) => s.status === status)?.amount ?? '0';
  const received = toPaisa(of('settled'));
  return {
    accruing: sumAmounts(accruing.map((c) => chargeAmount(c, today))),
    owed: fromPaisa(toPaisa(of('owed'))),
    received: fromPaisa(received),
    disbursed: fromPaisa(toPaisa(disbursed)),
    balance: fromPaisa(received - toPaisa(disbursed)),
  };
}

/** The charity account: totals, charges owing and received, and the payments out of it. */
export async function charityAccount(app: FastifyInstance) {
  const today = dhakaToday(app.now());
  const { owing, received } = await charityCharges(app.db);
  const out = await disbursements(app.db);
  return {
    totals: await totals(app.db, today),
    owing: owing.map((c) => charityChargeView(c, today)),
    received: received.map((c) => charityChargeView(c, today)),
    disbursements: out.map((d) => ({ ...disbursementView(d), recordedBy: d.recorded_by_email, recordedAt: d.created_at.toISOString() })),
  };
}

/** Staff confirm the charity account received an owed charge, with the payment's reference. Final. */
export async function settle(app: FastifyInstance, id: string, me: SessionUser, body: CharityReceiptForm) {
  const reference = body.reference.trim();
  const note = body.note?.trim() || null;
  const settled = await app.db.transaction().execute(async (trx) => {
    const row = await settleCharge(trx, id, { settled_at: app.now(), settled_by: me.id, reference, note });
    if (!row) {
      const existing = await chargeStatus(trx, id);
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
}

/** Records a payment out of the charity account; refused above what it holds, or dated after today. */
export async function disburse(app: FastifyInstance, me: SessionUser, body: CharityDisbursementForm) {
  const today = dhakaToday(app.now());
  if (body.paidOn > today) throw fieldErrors([{ path: '/paidOn', message: 'The date cannot be after today' }]);
  const amount = fromPaisa(toPaisa(body.amount));
  return app.db.transaction().execute(async (trx) => {
    const held = await lockCharityBalance(trx);
    const balance = toPaisa(held.received) - toPaisa(held.paid);
    if (toPaisa(amount) > balance) {
      throw fieldErrors([{ path: '/amount', message: `The charity account holds ${formatMoney(fromPaisa(balance))}: a payment cannot be more than that` }]);
    }
    const inserted = await insertDisbursement(trx, { amount, recipient: body.recipient.trim(), reference: body.reference.trim(), paid_on: body.paidOn, note: body.note?.trim() || null, recorded_by: me.id });
    await audit(trx, { actorId: me.id, action: 'charity.disburse', subjectType: 'charity_disbursement', subjectId: inserted.id, before: null, after: 'paid', note: `${formatMoney(amount)} to ${inserted.recipient}, reference ${inserted.reference}.` });
    // The answer is read in the transaction: a payment recorded is never answered with an error.
    return { ...disbursementView(inserted), totals: await totals(trx, today) };
  });
}
