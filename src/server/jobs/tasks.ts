/**
 * The work that happens on a clock. Each task runs inside one transaction (the runner's, which holds the job's
 * advisory lock), takes the time it runs at (tests drive the clock), and returns what it did (a key and its counts, ./words.ts).
 * Messages to people are returned, not sent: the runner sends them after the transaction commits.
 */
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { Config } from '../config';
import type { SmsMessage } from '../sms';
import { jobWords, type JobWords } from './words';

export interface TaskContext {
  trx: Transaction<DB>;
  now: Date;
  config: Config;
}

export interface TaskResult {
  /** What the run did, as a key and its counts: said in each reader's language (./words.ts). */
  words: JobWords;
  /** Sent after commit. */
  messages?: SmsMessage[];
}

const DAY = 86_400_000;

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
    words: jobWords('purge', { sessions: n(sessions), codes: n(codes), drafts: n(drafts), files: files.rows.length, mails: n(mails), keys: n(keys) }),
  };
}
