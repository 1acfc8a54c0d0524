/** Staff's queue of identity verifications and their decisions. */
import type { Kysely, Transaction } from 'kysely';
import type { DB, VerificationStatus } from '../../../db/schema';

/** Current submissions of one status, with who sent them: the waiting ones oldest first, decided ones newest first. */
export function queueRows(db: Kysely<DB>, status: VerificationStatus) {
  return db
    .selectFrom('verifications as v')
    .innerJoin('users as u', 'u.id', 'v.user_id')
    .leftJoin('profiles as p', 'p.user_id', 'v.user_id')
    .select(['v.id', 'v.status', 'v.submitted_at', 'v.reviewed_at', 'v.staff_note', 'u.email', 'u.phone', 'p.name', 'v.data'])
    .where('v.superseded_at', 'is', null)
    .where('v.status', '=', status)
    .orderBy('v.submitted_at', status === 'submitted' ? 'asc' : 'desc')
    .limit(200)
    .execute();
}

export type QueueRow = Awaited<ReturnType<typeof queueRows>>[number];

/** One submission with its person's contact and stored profile form. */
export function submissionRow(db: Kysely<DB>, id: string) {
  return db
    .selectFrom('verifications as v')
    .innerJoin('users as u', 'u.id', 'v.user_id')
    .leftJoin('profiles as p', 'p.user_id', 'v.user_id')
    .select(['v.id', 'v.status', 'v.data', 'v.form_version', 'v.staff_note', 'v.submitted_at', 'v.reviewed_at', 'v.superseded_at', 'u.email', 'u.phone', 'p.data as profile'])
    .where('v.id', '=', id)
    .executeTakeFirst();
}

export type SubmissionRow = NonNullable<Awaited<ReturnType<typeof submissionRow>>>;

/** The decision, only on the current submission still under review (undefined otherwise). */
export function decideSubmitted(trx: Transaction<DB>, id: string, d: { status: VerificationStatus; note: string | null; by: string }) {
  return trx
    .updateTable('verifications')
    .set({ status: d.status, staff_note: d.note, reviewed_by: d.by, reviewed_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'submitted')
    .where('superseded_at', 'is', null)
    .returning(['id', 'status', 'user_id'])
    .executeTakeFirst();
}

export function verificationState(trx: Transaction<DB>, id: string) {
  return trx.selectFrom('verifications').select(['status', 'superseded_at']).where('id', '=', id).executeTakeFirst();
}
