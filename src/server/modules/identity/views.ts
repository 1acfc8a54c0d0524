/** Row → answer: a person's verification and profile completeness, staff's queue and submissions, a person found. */
import { fileIdsIn } from '../../files/store';
import type { QueueRow, SubmissionRow } from './queries/verifications';
import type { currentVerificationRow } from './queries/profile';

export type VerificationState = 'not submitted' | 'submitted' | 'verified' | 'rejected';
type VerificationRow = Awaited<ReturnType<typeof currentVerificationRow>>;

/** The completeness the seed's labels suggest: profile saved 40, verification submitted 60, verified 100. */
export function completeness(hasProfile: boolean, verification: VerificationState): number {
  if (verification === 'verified') return 100;
  if (verification === 'submitted') return 60;
  return hasProfile ? 40 : 0;
}

/** A person's own verification (`withData`: with the form they sent). */
export function verificationView(v: VerificationRow, withData: boolean) {
  return {
    status: (v?.status ?? 'not submitted') as VerificationState,
    note: v?.staff_note ?? null,
    submittedAt: v?.submitted_at.toISOString() ?? null,
    reviewedAt: v?.reviewed_at?.toISOString() ?? null,
    formVersion: v?.form_version ?? null,
    ...(withData ? { data: v?.data ?? null } : {}),
  };
}

export function queueItemView(r: QueueRow) {
  return {
    id: r.id,
    status: r.status,
    name: r.name,
    email: r.email,
    phone: r.phone,
    nid: (r.data as Record<string, unknown>).nid ?? null,
    submittedAt: r.submitted_at.toISOString(),
    reviewedAt: r.reviewed_at?.toISOString() ?? null,
    note: r.staff_note,
  };
}

export function submissionView(row: SubmissionRow) {
  return {
    id: row.id,
    status: row.status,
    current: row.superseded_at === null,
    data: row.data,
    formVersion: row.form_version,
    files: fileIdsIn(row.data),
    profile: row.profile,
    email: row.email,
    phone: row.phone,
    note: row.staff_note,
    submittedAt: row.submitted_at.toISOString(),
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
  };
}
