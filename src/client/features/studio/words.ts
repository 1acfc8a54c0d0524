/**
 * How the studio says counts, drafts and approvals in one line (the list, the editor and the history share them), in
 * the page's language: each takes the page's `t` and language (useWords).
 */
import { formatDateTime } from '../../../shared/format/dates';
import { formatNumber } from '../../../shared/format/money';
import type { Language } from '../../../shared/i18n/language';
import type { Words } from '../../lib/words';
import type { DraftSummary, VersionStatus } from '../../lib/forms-api';

type T = Words['t'];

/** A version's number as the studio writes it: "v2" (Bengali digits in Bengali). */
export function versionTag(version: number, language: Language): string {
  return `v${formatNumber(version, language)}`;
}

/** "v1: 12 · v2: 3", newest version first; "None yet" when nothing was submitted. */
export function submissionsLine(t: T, language: Language, perVersion: Record<string, number>): string {
  const entries = Object.entries(perVersion)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => Number(b) - Number(a));
  if (!entries.length) return t('None yet');
  return entries.map(([v, n]) => `${versionTag(Number(v), language)}: ${formatNumber(n, language)}`).join(' · ');
}

/** One draft: "Nadia, from v2, saved 23 Nov 2026, 15:02" ("You" for mine). */
export function draftLine(t: T, language: Language, d: Omit<DraftSummary, 'mine'> & { mine?: boolean }): string {
  return t('{who}, from {version}, saved {when}', { who: d.mine ? t('You') : d.author, version: versionTag(d.baseVersion, language), when: formatDateTime(d.updatedAt, language) });
}

/** Who has an open draft of a form ("You, Nadia"), or "None". */
export function draftsLine(t: T, drafts: readonly DraftSummary[]): string {
  if (!drafts.length) return t('None');
  return [...drafts.filter((d) => d.mine).map(() => t('You')), ...drafts.filter((d) => !d.mine).map((d) => d.author)].join(', ');
}

/** The chip of a version that is not live. */
export function statusLabel(t: T, status: VersionStatus): string {
  switch (status) {
    case 'pending_approval':
      return t('Waiting for approval');
    case 'live':
      return t('Live');
    case 'returned':
      return t('Returned');
    default:
      return t('Superseded');
  }
}

/** Who decided a version and what they said ("Approved by … on …: note"); empty for one nobody decided. */
export function decisionLine(
  t: T,
  language: Language,
  v: { status: VersionStatus; decidedBy: string | null; decidedAt: string | null; decisionNote: string | null },
): string {
  if (!v.decidedAt || v.status === 'pending_approval') return '';
  const when = formatDateTime(v.decidedAt, language);
  const who = v.decidedBy;
  let line: string;
  if (v.status === 'live') line = who ? t('Approved by {who} on {when}', { who, when }) : t('Approved on {when}', { when });
  else if (v.status === 'returned') line = who ? t('Returned by {who} on {when}', { who, when }) : t('Returned on {when}', { when });
  else line = who ? t('Superseded by {who} on {when}', { who, when }) : t('Superseded on {when}', { when });
  return v.decisionNote ? `${line}: “${v.decisionNote}”` : line;
}

/** True for a version that is (or was) live: one that may be restored. A server without four eyes sends no status. */
export function wentLive(v: { status?: VersionStatus }): boolean {
  return v.status === undefined || v.status === 'live';
}
