/** The audit log: every staff decision, with who, what, when, and the status before and after. */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from './db/schema';
import { dateTime, object, string, stringOrNull } from './routes/schemas';
import type { Language } from '../shared/i18n/language';
import { systemNote } from './i18n/system-notes';

export interface AuditEntry {
  /** The staff member or user who acted; null for the system (an automatic closing). */
  actorId: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  before: string | null;
  after: string | null;
  note?: string | null;
}

/** Writes one audit row (inside the caller's transaction, so a decision and its record land together). */
export async function audit(db: Kysely<DB> | Transaction<DB>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      subject_type: entry.subjectType,
      subject_id: entry.subjectId,
      before_status: entry.before,
      after_status: entry.after,
      note: entry.note ?? null,
    })
    .execute();
}

/** The schema of one entry of auditTrail's answer. */
export const auditEntrySchema = object({ action: string, by: string, before: stringOrNull, after: stringOrNull, note: stringOrNull, at: dateTime });

/** The audit rows of one record, oldest first, with the actor's email; the notes the system wrote said in `language`. */
export async function auditTrail(db: Kysely<DB>, subjectType: string, subjectId: string, language: Language = 'en') {
  const rows = await db
    .selectFrom('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.actor_id')
    .select(['audit_log.action', 'audit_log.before_status', 'audit_log.after_status', 'audit_log.note', 'audit_log.created_at', 'users.email'])
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .orderBy('audit_log.id')
    .execute();
  return rows.map((r) => ({
    action: r.action,
    by: r.email ?? 'system',
    before: r.before_status,
    after: r.after_status,
    note: systemNote(r.note, language),
    at: r.created_at.toISOString(),
  }));
}
