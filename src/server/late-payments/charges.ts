/**
 * Late charges for charity (DOMAIN.md "Late payments"): never the investor's, never in a return. A charge opens when
 * an unpaid instalment passes its grace period (with the rate and grace then in force), accrues by the shared
 * `lateCharge` rule while unpaid, and is fixed on the day the instalment is marked paid. Staff then confirm the
 * platform's charity account received it (settled).
 */
import type { Selectable, Transaction } from 'kysely';
import type { DB, LateChargesTable } from '../db/schema';
import type { Config } from '../config';
import { chargeableDays, lateCharge } from '../../shared/domain/late-charge';
import { addDays, type CalendarDate } from '../../shared/format/dhaka-calendar';
import { fromPaisa, toBasisPoints, toPaisa } from '../../shared/domain/money';
import { noticeLinks, type NoticeSite, notify } from '../modules/notices/service';
import { lateChargeOpened } from './words';
import { date, dateOrNull, dateTimeOrNull, integer, money, object, string, stringOrNull, uuid } from '../routes/schemas';

export type LateChargeRow = Selectable<LateChargesTable>;

/** The charge in taka: what it has accrued to `today` while accruing, its fixed amount once the instalment is paid. */
export function chargeAmount(c: Pick<LateChargeRow, 'status' | 'amount' | 'overdue_amount' | 'due_on' | 'grace_days' | 'rate_pa'>, today: CalendarDate): string {
  if (c.status !== 'accruing') return c.amount!;
  return fromPaisa(lateCharge({ overduePaisa: toPaisa(c.overdue_amount), dueDate: c.due_on, graceDays: c.grace_days, ratePa: c.rate_pa, asOf: today }));
}

/** The schema of lateChargeView's answer. */
export const lateChargeSchema = object({
  id: uuid,
  status: string,
  amount: money,
  currency: { type: 'string', enum: ['BDT'] },
  ratePa: { ...string, description: 'Percent a year, as a decimal string.' },
  graceDays: integer,
  accruesFrom: date,
  paidOn: dateOrNull,
  settledAt: dateTimeOrNull,
  reference: stringOrNull,
  owedTo: { type: 'string', enum: ['charity'] },
});

/** A charge as its owner (and staff) read it. */
export function lateChargeView(c: LateChargeRow, today: CalendarDate) {
  return {
    id: c.id,
    status: c.status,
    /** Accrued to today while accruing; fixed once the instalment is marked paid. */
    amount: chargeAmount(c, today),
    currency: 'BDT',
    ratePa: c.rate_pa,
    graceDays: c.grace_days,
    /** The first day that accrues a charge. */
    accruesFrom: addDays(c.due_on, c.grace_days + 1),
    paidOn: c.paid_on,
    settledAt: c.settled_at?.toISOString() ?? null,
    reference: c.reference,
    /** Who the money is owed to: always the platform's charity account. */
    owedTo: 'charity' as const,
  };
}

/**
 * Opens a charge for each unpaid instalment past its grace period that has none (only while the rate is above 0),
 * and tells its owner. Returns how many opened.
 */
export async function openLateCharges(trx: Transaction<DB>, today: CalendarDate, config: Config, origin: NoticeSite): Promise<number> {
  if (toBasisPoints(config.lateCharityRatePa) === 0n) return 0;
  // Overdue by more than the grace period: due before today − grace (the rule itself is chargeableDays, below).
  const candidates = await trx
    .selectFrom('instalments as i')
    .innerJoin('projects as p', 'p.id', 'i.project_id')
    .leftJoin('late_charges as c', 'c.instalment_id', 'i.id')
    .select(['i.id', 'i.agreement_id', 'i.project_id', 'i.owner_id', 'i.amount', 'i.due_on', 'i.seq', 'p.title'])
    .where('i.status', '=', 'due')
    .where('i.due_on', '<', addDays(today, -config.lateGraceDays))
    .where('c.id', 'is', null)
    .orderBy('i.due_on')
    .execute();
  let opened = 0;
  for (const i of candidates.filter((r) => chargeableDays(r.due_on, today, config.lateGraceDays) > 0)) {
    const row = await trx
      .insertInto('late_charges')
      .values({
        instalment_id: i.id,
        agreement_id: i.agreement_id,
        project_id: i.project_id,
        owner_id: i.owner_id,
        overdue_amount: i.amount,
        due_on: i.due_on,
        rate_pa: config.lateCharityRatePa,
        grace_days: config.lateGraceDays,
        status: 'accruing',
      })
      .onConflict((oc) => oc.column('instalment_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) continue;
    opened++;
    await notify(
      trx,
      {
        userId: i.owner_id,
        kind: 'instalment_due',
        ...lateChargeOpened(i, config),
        link: noticeLinks.schedule('repayments', i.agreement_id),
      },
      origin,
    );
  }
  return opened;
}

/**
 * The instalment was marked paid on `paidOn`: its charge stops accruing and is fixed (owed), or removed when it came
 * to less than a paisa. An instalment paid late before any job opened its charge gets one, at the rate in force.
 */
export async function fixLateCharge(trx: Transaction<DB>, instalment: { id: string; agreement_id: string; project_id: string; owner_id: string; amount: string; due_on: string }, paidOn: CalendarDate, config: Config): Promise<void> {
  const open = await trx.selectFrom('late_charges').selectAll().where('instalment_id', '=', instalment.id).forUpdate().executeTakeFirst();
  if (open && open.status !== 'accruing') return;
  const terms = open
    ? { ratePa: open.rate_pa, graceDays: open.grace_days }
    : { ratePa: config.lateCharityRatePa, graceDays: config.lateGraceDays };
  const paisa = toBasisPoints(terms.ratePa) === 0n ? 0n : lateCharge({ overduePaisa: toPaisa(instalment.amount), dueDate: instalment.due_on, graceDays: terms.graceDays, ratePa: terms.ratePa, paidDate: paidOn });
  if (paisa === 0n) {
    if (open) await trx.deleteFrom('late_charges').where('id', '=', open.id).execute();
    return;
  }
  if (open) {
    await trx.updateTable('late_charges').set({ status: 'owed', amount: fromPaisa(paisa), paid_on: paidOn }).where('id', '=', open.id).execute();
    return;
  }
  await trx
    .insertInto('late_charges')
    .values({
      instalment_id: instalment.id,
      agreement_id: instalment.agreement_id,
      project_id: instalment.project_id,
      owner_id: instalment.owner_id,
      overdue_amount: instalment.amount,
      due_on: instalment.due_on,
      rate_pa: terms.ratePa,
      grace_days: terms.graceDays,
      status: 'owed',
      amount: fromPaisa(paisa),
      paid_on: paidOn,
    })
    .execute();
}
