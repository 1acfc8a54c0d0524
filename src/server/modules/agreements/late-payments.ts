/**
 * Late payments (DOMAIN.md "Late payments"), no interest to the investor:
 * - late charges for charity, never the investor's, never in a return: a charge opens when an unpaid instalment
 *   passes its grace period (with the rate and grace then in force), accrues by the shared `lateCharge` rule while
 *   unpaid, and is fixed on the day the instalment is marked paid; staff then confirm the platform's charity
 *   account received it (charity.ts);
 * - default: an accepted agreement with an instalment overdue for DEFAULT_AFTER_DAYS is in default until every
 *   overdue instalment is paid (accepted ⇄ in_default, kept as `in_default_since` beside the status). Both changes
 *   are audited as the system; the owner and the investor are told when it goes into default.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Config } from '../../config';
import type { SmsMessage } from '../../sms';
import { audit } from '../../audit';
import { noticeLinks, type NoticeSite, notify, notifyWithSms } from '../notices/service';
import { chargeableDays, isInDefault, lateCharge } from '../../../shared/domain/late-charge';
import { addDays, type CalendarDate } from '../../../shared/format/dhaka-calendar';
import { fromPaisa, toBasisPoints, toPaisa } from '../../../shared/domain/money';
import { chargeCandidates, clearInDefault, defaultCandidates, deleteCharge, fixCharge, insertCharge, insertOwedCharge, lockChargeOf, setInDefault } from './queries/late-charges';
import { inDefault, lateChargeOpened } from './late-payment-words';

/**
 * Opens a charge for each unpaid instalment past its grace period that has none (only while the rate is above 0),
 * and tells its owner. Returns how many opened.
 */
export async function openLateCharges(trx: Transaction<DB>, today: CalendarDate, config: Config, origin: NoticeSite): Promise<number> {
  if (toBasisPoints(config.lateCharityRatePa) === 0n) return 0;
  // Overdue by more than the grace period: due before today − grace (the rule itself is chargeableDays, below).
  const candidates = await chargeCandidates(trx, addDays(today, -config.lateGraceDays));
  let opened = 0;
  for (const i of candidates.filter((r) => chargeableDays(r.due_on, today, config.lateGraceDays) > 0)) {
    const row = await insertCharge(trx, {
      instalment_id: i.id,
      agreement_id: i.agreement_id,
      project_id: i.project_id,
      owner_id: i.owner_id,
      overdue_amount: i.amount,
      due_on: i.due_on,
      rate_pa: config.lateCharityRatePa,
      grace_days: config.lateGraceDays,
      status: 'accruing',
    });
    if (!row) continue;
    opened++;
    await notify(trx, { userId: i.owner_id, kind: 'instalment_due', ...lateChargeOpened(i, config), link: noticeLinks.schedule('repayments', i.agreement_id) }, origin);
  }
  return opened;
}

/**
 * The instalment was marked paid on `paidOn`: its charge stops accruing and is fixed (owed), or removed when it came
 * to less than a paisa. An instalment paid late before any job opened its charge gets one, at the rate in force.
 */
export async function fixLateCharge(trx: Transaction<DB>, instalment: { id: string; agreement_id: string; project_id: string; owner_id: string; amount: string; due_on: string }, paidOn: CalendarDate, config: Config): Promise<void> {
  const open = await lockChargeOf(trx, instalment.id);
  if (open && open.status !== 'accruing') return;
  const terms = open ? { ratePa: open.rate_pa, graceDays: open.grace_days } : { ratePa: config.lateCharityRatePa, graceDays: config.lateGraceDays };
  const paisa = toBasisPoints(terms.ratePa) === 0n ? 0n : lateCharge({ overduePaisa: toPaisa(instalment.amount), dueDate: instalment.due_on, graceDays: terms.graceDays, ratePa: terms.ratePa, paidDate: paidOn });
  if (paisa === 0n) {
    if (open) await deleteCharge(trx, open.id);
    return;
  }
  if (open) return fixCharge(trx, open.id, fromPaisa(paisa), paidOn);
  await insertOwedCharge(trx, {
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
  });
}

/** Agreements that have just passed DEFAULT_AFTER_DAYS with an unpaid instalment go into default. */
export async function markDefaults(trx: Transaction<DB>, now: Date, today: CalendarDate, config: Config, site: NoticeSite): Promise<{ count: number; messages: SmsMessage[] }> {
  // Overdue at least that long: due on or before today − days (the rule itself is isInDefault, below).
  const candidates = await defaultCandidates(trx, addDays(today, -config.defaultAfterDays));
  const messages: SmsMessage[] = [];
  let count = 0;
  for (const a of candidates.filter((c) => isInDefault(c.oldest, today, config.defaultAfterDays))) {
    if (!(await setInDefault(trx, a.id, now))) continue;
    count++;
    const words = inDefault(a, config);
    await audit(trx, { actorId: null, action: 'agreement.default', subjectType: 'agreement_request', subjectId: a.id, before: 'accepted', after: 'in_default', note: words.auditNote });
    const owner = await notifyWithSms(trx, { userId: a.owner_id, kind: 'instalment_due', title: words.title, text: words.owner, link: noticeLinks.schedule('repayments', a.id) }, site);
    const investor = await notifyWithSms(trx, { userId: a.investor_id, kind: 'instalment_due', title: words.title, text: words.investor, link: noticeLinks.schedule('returns', a.id) }, site);
    for (const m of [owner, investor]) if (m) messages.push(m);
  }
  return { count, messages };
}

/**
 * Agreements in default (all, or the one given) whose overdue instalments are all paid are back in good standing.
 * `actorId`: the owner whose payment did it, or null for the job. Returns how many.
 */
export async function clearDefaults(trx: Transaction<DB>, today: CalendarDate, actorId: string | null, agreementId?: string): Promise<number> {
  const cleared = await clearInDefault(trx, today, agreementId);
  for (const a of cleared) {
    await audit(trx, { actorId, action: 'agreement.default_cleared', subjectType: 'agreement_request', subjectId: a.id, before: 'in_default', after: 'accepted', note: 'Every overdue instalment is paid.' });
  }
  return cleared.length;
}
