/** How the studio says counts, drafts and approvals in one line (the list, the editor and the history share them). */
import { formatDateTime } from '../../../shared/format/dates';
import type { DraftSummary, VersionStatus } from '../../lib/forms-api';

/** "v1: 12 · v2: 3", newest version first; "None yet" when nothing was submitted. */
export function submissionsLine(perVersion: Record<string, number>): string {
  const entries = Object.entries(perVersion)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => Number(b) - Number(a));
  if (!entries.length) return 'None yet';
  return entries.map(([v, n]) => `v${v}: ${n}`).join(' · ');
}

/** One draft: "Nadia, from v2, saved 23 Nov 2026, 15:02" ("You" for mine). */
export function draftLine(d: Omit<DraftSummary, 'mine'> & { mine?: boolean }): string {
  return `${d.mine ? 'You' : d.author}, from v${d.baseVersion}, saved ${formatDateTime(d.updatedAt)}`;
}

/** Who has an open draft of a form ("You, Nadia"), or "None". */
export function draftsLine(drafts: readonly DraftSummary[]): string {
  if (!drafts.length) return 'None';
  return [...drafts.filter((d) => d.mine).map(() => 'You'), ...drafts.filter((d) => !d.mine).map((d) => d.author)].join(', ');
}

/** The chip of a version that is not live. */
export const STATUS_LABEL: Record<VersionStatus, string> = { pending_approval: 'Waiting for approval', live: 'Live', returned: 'Returned', superseded: 'Superseded' };

/** Who decided a version and what they said ("Approved by … on …: note"); empty for one nobody decided. */
export function decisionLine(v: { status: VersionStatus; decidedBy: string | null; decidedAt: string | null; decisionNote: string | null }): string {
  if (!v.decidedAt || v.status === 'pending_approval') return '';
  const verb = v.status === 'live' ? 'Approved' : v.status === 'returned' ? 'Returned' : 'Superseded';
  return `${verb}${v.decidedBy ? ` by ${v.decidedBy}` : ''} on ${formatDateTime(v.decidedAt)}${v.decisionNote ? `: “${v.decisionNote}”` : ''}`;
}

/** True for a version that is (or was) live: one that may be restored. A server without four eyes sends no status. */
export function wentLive(v: { status?: VersionStatus }): boolean {
  return v.status === undefined || v.status === 'live';
}
