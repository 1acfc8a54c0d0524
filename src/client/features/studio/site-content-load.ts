/** What the site-content editor starts from: the published content, the schema, and my draft (or others'). */
import { ApiError } from '../../lib/api';
import { getContentDraft, getContentSchema, getPublishedContent, type ContentWords, type OtherDraft, type PublishedContent } from '../../lib/content-api';

export interface Loaded {
  published: PublishedContent;
  schema: Record<string, unknown>;
  /** What the form starts from: my draft, or the published content. */
  start: { content: Record<string, unknown>; translations: ContentWords; baseVersion: number; hasDraft: boolean; updatedAt: string | null };
  others: OtherDraft[];
}

export async function loadSiteContent(): Promise<Loaded> {
  const [published, schema, draft] = await Promise.all([
    getPublishedContent(),
    getContentSchema(),
    getContentDraft().catch((e: unknown) => {
      if (e instanceof ApiError && e.status === 404) return { others: (e.body?.others ?? []) as OtherDraft[] };
      throw e;
    }),
  ]);
  const mine = 'content' in draft ? draft : null;
  return {
    published,
    schema,
    start: mine
      ? { content: mine.content as unknown as Record<string, unknown>, translations: mine.translations ?? {}, baseVersion: mine.baseVersion, hasDraft: true, updatedAt: mine.updatedAt }
      : { content: published.content as unknown as Record<string, unknown>, translations: published.translations ?? {}, baseVersion: published.version, hasDraft: false, updatedAt: null },
    others: draft.others,
  };
}
