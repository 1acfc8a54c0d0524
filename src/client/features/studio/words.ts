/** How the studio says counts and drafts in one line (the list and the editor share them). */
import { formatDateTime } from '../../../shared/format/dates';
import type { DraftSummary } from '../../lib/forms-api';

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
