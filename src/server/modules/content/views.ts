/** Row → answer: a version of the site content, the version list's items, a person's acknowledgment. */
import { decisionView } from '../forms/service';
import type { ContentVersion } from './site-content';
import type { versionList } from './queries/versions';

type VersionListRow = Awaited<ReturnType<typeof versionList>>[number];

/** A version as the API sends it: its number, document and Bengali. */
export function versionView(v: ContentVersion) {
  return { version: v.version, content: v.content, translations: v.translations };
}

/** One line of the version list: who published it and when, and where it stands (`me`: the reader, for `mine`). */
export function versionListItem(r: VersionListRow, names: Map<string, string>, me: string) {
  return {
    version: r.version,
    note: r.note,
    publishedBy: r.author_id ? (names.get(r.author_id) ?? null) : null,
    publishedAt: r.published_at.toISOString(),
    ...decisionView(r, names, me),
  };
}

/** An acknowledgment of statement version `version`, as its person reads it. */
export function acknowledgedView(version: number, at: Date) {
  return { version, acknowledgedAt: at.toISOString(), current: true };
}
