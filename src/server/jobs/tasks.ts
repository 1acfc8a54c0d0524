/**
 * The work that happens on a clock. Each task runs inside one transaction (the runner's, which holds the job's
 * advisory lock), takes the time it runs at (tests drive the clock), and returns one line saying what it did.
 * Messages to people are returned, not sent: the runner sends them after the transaction commits.
 */
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { Config } from '../config';
import type { SmsMessage } from '../sms';
import { audit } from '../audit';
import { countOf } from '../../shared/format/count';
import { closeEnded } from '../market/projects';
import { addDays, daysBetween, dhakaDate, dhakaToday, startOfDhakaDay } from '../../shared/format/dhaka-calendar';
import { absoluteLink, noticeLinks, noticeSite } from '../notices/links';
import { accountLanguage, queueMail } from '../notices/notify';
import { pledgeReminder } from '../notices/pledge-reminder';

export interface TaskContext {
  trx: Transaction<DB>;
  now: Date;
  config: Config;
}

export interface TaskResult {
  summary: string;
  /** Sent after commit. */
  messages?: SmsMessage[];
}

const DAY = 86_400_000;

/** Campaigns whose end date has passed: open or funded → closed, audited as the system. */
export async function closeCampaigns({ trx, now, config }: TaskContext): Promise<TaskResult> {
  return { summary: `closed ${countOf(await closeEnded(trx, now, noticeSite(config)), 'campaign')}` };
}

/**
 * Forgets what is no longer needed: sessions that expired or were revoked a day ago, codes used, replaced or
 * expired two days ago (the daily cap on wrong codes looks back one day), rate-limit windows of yesterday, drafts
 * untouched for 90 days, e-mails sent over 30 days ago, idempotency keys of creates over a day old (a repeat may
 * come within 24 hours), and stored files that only an abandoned draft ever used (a day old, referenced by no draft).
 */
export async function purge({ trx, now }: TaskContext): Promise<TaskResult> {
  const dayAgo = new Date(now.getTime() - DAY);
  const twoDaysAgo = new Date(now.getTime() - 2 * DAY);
  const sessions = await trx
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', dayAgo), eb('revoked_at', '<', dayAgo)]))
    .executeTakeFirst();
  const codes = await trx
    .deleteFrom('otp_codes')
    .where('created_at', '<', twoDaysAgo)
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('replaced_at', 'is not', null), eb('expires_at', '<', twoDaysAgo)]))
    .executeTakeFirst();
  await trx.deleteFrom('rate_limits').where('window_started_at', '<', dayAgo).execute();
  const drafts = await trx.deleteFrom('drafts').where('updated_at', '<', new Date(now.getTime() - 90 * DAY)).executeTakeFirst();
  const files = await sql<{ id: string }>`
    DELETE FROM files f
    WHERE f.created_at < ${dayAgo}
      AND EXISTS (SELECT 1 FROM file_links l WHERE l.file_id = f.id AND l.subject_type = 'draft')
      AND NOT EXISTS (SELECT 1 FROM file_links l WHERE l.file_id = f.id AND l.subject_type <> 'draft')
      AND NOT EXISTS (SELECT 1 FROM drafts d WHERE d.user_id = f.owner_id AND strpos(d.data::text, 'file:' || f.id::text) > 0)
    RETURNING f.id
  `.execute(trx);
  // E-mails sent a month ago are history; the every-10-seconds delivery job keeps only a day of its runs.
  const mails = await trx.deleteFrom('email_outbox').where('status', '=', 'sent').where('sent_at', '<', new Date(now.getTime() - 30 * DAY)).executeTakeFirst();
  await trx.deleteFrom('job_runs').where('job', '=', 'deliver-mail').where('started_at', '<', dayAgo).execute();
  const keys = await trx.deleteFrom('idempotency_keys').where('created_at', '<', dayAgo).executeTakeFirst();
  const n = (r: { numDeletedRows: bigint }) => Number(r.numDeletedRows);
  return {
    summary: `removed ${countOf(n(sessions), 'session')}, ${countOf(n(codes), 'code')}, ${countOf(n(drafts), 'abandoned draft')}, ${countOf(files.rows.length, 'draft file')}, ${countOf(n(mails), 'sent e-mail')}, ${countOf(n(keys), 'idempotency key')}`,
  };
}

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
  const expireBefore = madeDaysAgo(today, config.pledgeExpireDays);
  const remindBefore = madeDaysAgo(today, config.pledgeRemindDays);
  const expired = await trx
    .updateTable('donations')
    .set({ status: 'cancelled', decided_at: now, staff_note: `Not paid within ${config.pledgeExpireDays} days.` })
    .where('status', '=', 'pledged')
    .where('created_at', '<', expireBefore)
    .returning(['id'])
    .execute();
  for (const d of expired) {
    await audit(trx, { actorId: null, action: 'donation.expire', subjectType: 'donation', subjectId: d.id, before: 'pledged', after: 'cancelled', note: `Not paid within ${config.pledgeExpireDays} days.` });
  }
  const site = noticeSite(config);
  const reminder = (d: { id: string; amount: string; reference: string; receipt_key: string; created_at: Date }) => {
    const left = Math.max(1, daysBetween(today, addDays(dhakaDate(d.created_at), config.pledgeExpireDays)));
    const link = absoluteLink(site.origin, noticeLinks.receipt(d.id, d.receipt_key));
    return { words: pledgeReminder(d.reference, d.amount, left), link };
  };
  const due = await trx
    .updateTable('donations')
    .set({ reminded_at: now })
    .from('users')
    .whereRef('users.id', '=', 'donations.donor_id')
    .where('donations.status', '=', 'pledged')
    .where('donations.reminded_at', 'is', null)
    .where('donations.created_at', '<', remindBefore)
    .returning(['donations.id', 'donations.amount', 'donations.reference', 'donations.receipt_key', 'users.phone', 'users.language', 'donations.created_at'])
    .execute();
  const messages = due.map((d) => {
    const { words, link } = reminder(d);
    return { to: d.phone, text: words.sms(accountLanguage(d.language, site), link) };
  });
  // Signed out, with an address for the receipt: the reminder goes where the receipt went (queued in this transaction).
  const byMail = await trx
    .updateTable('donations')
    .set({ reminded_at: now })
    .where('donor_id', 'is', null)
    .where('status', '=', 'pledged')
    .where('reminded_at', 'is', null)
    .where('created_at', '<', remindBefore)
    .where(sql<boolean>`coalesce(data->>'email', '') <> ''`)
    .returning(['id', 'amount', 'reference', 'receipt_key', 'created_at', 'language', sql<string>`data->>'email'`.as('email')])
    .execute();
  for (const d of byMail) {
    const { words, link } = reminder(d);
    await queueMail(trx, { to: d.email, ...words.mail(accountLanguage(d.language, site), link) });
  }
  return { summary: `reminded ${countOf(due.length + byMail.length, 'pledge')}, expired ${countOf(expired.length, 'pledge')}`, messages };
}
