/** The site content's studio API (staff): the published version, the schema, drafts, versions and publishing. */
import { api } from './api';
import type { ApiAnswer } from './api-paths';
import type { SiteContent } from '../config';

/** The content's Bengali: English text → Bengali. */
export type ContentWords = Record<string, string>;

/**
 * The answer's `content` is an open object in the API's schema (the server checks it against content.schema.json);
 * the browser reads it as that schema's type.
 */
type WithSiteContent<A> = Omit<A, 'content'> & { content: SiteContent };
const withSiteContent = <A extends { content: unknown }>(answer: Promise<A>) => answer as Promise<unknown> as Promise<WithSiteContent<A>>;

export type PublishedContent = WithSiteContent<ApiAnswer<'GET /content'>>;

export type ContentProblem = ApiAnswer<'PUT /content/draft'>['problems'][number];

export type ContentDraft = WithSiteContent<ApiAnswer<'GET /content/draft'>>;

/** Another staff member's draft of the content. */
export type OtherDraft = ContentDraft['others'][number];

export type ContentVersionSummary = ApiAnswer<'GET /content/versions'>[number];

export const getPublishedContent = () => withSiteContent(api.get('/content'));
export const getContentSchema = () => api.get('/content/schema');
export const getContentVersion = (version: number) => withSiteContent(api.get(`/content/versions/${version}`));
export const listContentVersions = () => api.get('/content/versions');
export const getContentDraft = () => withSiteContent(api.get('/content/draft'));
export const saveContentDraft = (baseVersion: number, content: unknown, translations: ContentWords) =>
  api.put('/content/draft', { baseVersion, content, translations });
export const deleteContentDraft = () => api.delete('/content/draft');
export const publishContent = (baseVersion: number, content: unknown, translations: ContentWords, note: string) =>
  api.post('/content/publish', { baseVersion, content, translations, note });
/** Staff (not its author): approves a content version waiting for approval or returns it with a note. */
export const decideContentVersion = (version: number, approve: boolean, note: string) =>
  api.post(`/content/versions/${version}/${approve ? 'approve' : 'return'}`, { note });
