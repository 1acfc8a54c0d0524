/** The donations module's scheduled work (registered with the job runner in src/server/jobs). */
import type { TaskContext, TaskResult } from '../../jobs/tasks';
import { audit } from '../../audit';
import { jobWords } from '../../jobs/words';
import { addDays, daysBetween, dhakaDate, dhakaToday, startOfDhakaDay } from '../../../shared/format/dhaka-calendar';
import { absoluteLink, accountLanguage, noticeLinks, noticeSite, queueMail } from '../notices/service';
import { pledgeReminder } from './pledge-reminder';
import { expirePledges, remindByMail, remindSignedIn } from './queries/reminders';

/**
 * The instant before which a pledge was made `days` or more Dhaka calendar days before today: made on date D, it is
 * that old from D + days on, so every pledge made before the start of (today − days + 1) is.
 */
function madeDaysAgo(today: string, days: number): Date {
  return startOfDhakaDay(addDays(today, 1 - days));
}

/**
 * Pledges not paid, in Dhaka calendar days: `pledgeRemindDays` days after the day of the pledge the donor gets one
 * reminder with the receipt's address (how to pay, the reference): by SMS when they pledged signed in, by e-mail when
 * they pledged signed out and gave an address. `pledgeExpireDays` days after it the pledge is cancelled, audited as
 * the system, and no longer counts in Pledged. A pledge made at 23:59 counts from that day, one made at 00:01 the
 * next from the next, wherever the server's clock is set.
 */
export async function remindAndExpirePledges({ trx, now, config }: TaskContext): Promise<TaskResult> {
  const today = dhakaToday(now);
  const note = `Not paid within ${config.pledgeExpireDays} days.`;
  const expired = await expirePledges(trx, madeDaysAgo(today, config.pledgeExpireDays), now, note);
  for (const d of expired) {
    await audit(trx, { actorId: null, action: 'donation.expire', subjectType: 'donation', subjectId: d.id, before: 'pledged', after: 'cancelled', note });
  }
  const site = noticeSite(config);
  const reminder = (d: { id: string; amount: string; reference: string; receipt_key: string; created_at: Date }) => {
    const left = Math.max(1, daysBetween(today, addDays(dhakaDate(d.created_at), config.pledgeExpireDays)));
    const link = absoluteLink(site.origin, noticeLinks.receipt(d.id, d.receipt_key));
    return { words: pledgeReminder(d.reference, d.amount, left), link };
  };
  const remindBefore = madeDaysAgo(today, config.pledgeRemindDays);
  const due = await remindSignedIn(trx, remindBefore, now);
  const messages = due.map((d) => {
    const { words, link } = reminder(d);
    return { to: d.phone, text: words.sms(accountLanguage(d.language, site), link) };
  });
  // Signed out, with an address for the receipt: the reminder goes where the receipt went (queued in this transaction).
  const byMail = await remindByMail(trx, remindBefore, now);
  for (const d of byMail) {
    const { words, link } = reminder(d);
    await queueMail(trx, { to: d.email, ...words.mail(accountLanguage(d.language, site), link) });
  }
  return { words: jobWords('pledges', { reminded: due.length + byMail.length, expired: expired.length }), messages };
}
