/**
 * Default (DOMAIN.md "Late payments"): an accepted agreement with an instalment overdue for DEFAULT_AFTER_DAYS is
 * in default until every overdue instalment is paid (accepted ⇄ in_default, kept as `in_default_since` beside the
 * status). Both changes are audited as the system; the owner and the investor are told when it goes into default.
 */
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { Config } from '../config';
import type { SmsMessage } from '../sms';
import { isInDefault } from '../../shared/domain/late-charge';
import { addDays, type CalendarDate } from '../../shared/format/dhaka-calendar';
import { audit } from '../audit';
import { noticeLinks, type NoticeSite, notifyWithSms } from '../modules/notices/service';
import { inDefault } from './words';

/** Agreements that have just passed DEFAULT_AFTER_DAYS with an unpaid instalment go into default. */
export async function markDefaults(trx: Transaction<DB>, now: Date, today: CalendarDate, config: Config, site: NoticeSite): Promise<{ count: number; messages: SmsMessage[] }> {
  // Overdue at least that long: due on or before today − days (the rule itself is isInDefault, below).
  const candidates = await trx
    .selectFrom('instalments as i')
    .innerJoin('agreement_requests as a', 'a.id', 'i.agreement_id')
    .innerJoin('projects as p', 'p.id', 'i.project_id')
    .select(['a.id', 'a.amount', 'i.owner_id', 'i.investor_id', 'p.title', sql<string>`min(i.due_on)::text`.as('oldest')])
    .where('i.status', '=', 'due')
    .where('i.due_on', '<=', addDays(today, -config.defaultAfterDays))
    .where('a.status', '=', 'accepted')
    .where('a.in_default_since', 'is', null)
    .groupBy(['a.id', 'a.amount', 'i.owner_id', 'i.investor_id', 'p.title'])
    .orderBy('a.id')
    .execute();
  const messages: SmsMessage[] = [];
  let count = 0;
  for (const a of candidates.filter((c) => isInDefault(c.oldest, today, config.defaultAfterDays))) {
    const set = await trx.updateTable('agreement_requests').set({ in_default_since: now }).where('id', '=', a.id).where('in_default_since', 'is', null).executeTakeFirst();
    if (!set.numUpdatedRows) continue;
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
  let query = trx
    .updateTable('agreement_requests as a')
    .set({ in_default_since: null })
    .where('a.in_default_since', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('instalments as i').select('i.id').whereRef('i.agreement_id', '=', 'a.id').where('i.status', '=', 'due').where('i.due_on', '<', today))),
    );
  if (agreementId) query = query.where('a.id', '=', agreementId);
  const cleared = await query.returning('a.id').execute();
  for (const a of cleared) {
    await audit(trx, { actorId, action: 'agreement.default_cleared', subjectType: 'agreement_request', subjectId: a.id, before: 'in_default', after: 'accepted', note: 'Every overdue instalment is paid.' });
  }
  return cleared.length;
}
