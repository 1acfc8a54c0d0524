/**
 * The work that happens on a clock. Each task runs inside one transaction (the runner's, which holds the job's
 * advisory lock), takes the time it runs at (tests drive the clock), and returns one line saying what it did.
 * Messages to people are returned, not sent: the runner sends them after the transaction commits.
 */
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { Config } from '../config';
import type { SmsMessage } from '../sms';
import { countOf } from '../../shared/format/count';
import { closeEnded } from '../market/projects';
import { dhakaToday } from '../../shared/format/dhaka-calendar';
import { createAgreementDocument } from '../agreements/documents';
import { noticeSite } from '../modules/notices/service';
import { tellOverdue } from '../late-payments/reminders';

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
 * Instalments still due after their due date (Dhaka time) are marked overdue, once; the owner and the investor of
 * each are told then (notice, e-mail, SMS per their Settings).
 */
export async function markOverdue({ trx, now, config }: TaskContext): Promise<TaskResult> {
  const marked = await trx
    .updateTable('instalments')
    .set({ overdue_at: now })
    .where('status', '=', 'due')
    .where('overdue_at', 'is', null)
    .where('due_on', '<', dhakaToday(now))
    .returning('id')
    .execute();
  const messages = await tellOverdue(trx, marked.map((r) => r.id), config);
  return { summary: `marked ${countOf(marked.length, 'instalment')} overdue`, messages };
}

/** How many older agreements get their document per run: each is a PDF drawn inside the job's transaction. */
const DOCUMENTS_PER_RUN = 50;

/**
 * Agreements accepted before agreement documents existed (listed by migration 020) get theirs, made by the code that
 * makes new ones, from their acceptance time and stored schedule; a few per run, so no run holds its lock for long.
 */
export async function makeAgreementDocuments({ trx }: TaskContext): Promise<TaskResult> {
  const waiting = await trx
    .selectFrom('agreement_documents_pending as w')
    .innerJoin('agreement_requests as a', 'a.id', 'w.agreement_id')
    .select(['a.id', 'a.decided_at', 'a.created_at'])
    .orderBy('w.agreement_id')
    .limit(DOCUMENTS_PER_RUN)
    .execute();
  let made = 0;
  for (const a of waiting) {
    if (await createAgreementDocument(trx, a.id, a.decided_at ?? a.created_at)) made++;
    await trx.deleteFrom('agreement_documents_pending').where('agreement_id', '=', a.id).execute();
  }
  return { summary: `made ${countOf(made, 'agreement document')}` };
}
