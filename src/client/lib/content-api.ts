/** The site content's studio API (staff): the published version, the schema, drafts, versions and publishing. */
import { api } from './api';
import type { Published, VersionDecision, VersionStatus } from './forms-api';
import type { SiteContent } from '../config';

/** The content's Bengali: English text → Bengali. */
export type ContentWords = Record<string, string>;

export interface PublishedContent {
  version: number;
  content: SiteContent;
  translations: ContentWords;
}

export interface ContentProblem {
  path: string;
  message: string;
}

export interface OtherDraft {
  author: string;
  updatedAt: string;
  baseVersion: number;
}

export interface ContentDraft {
  baseVersion: number;
  content: SiteContent;
  translations: ContentWords;
  updatedAt: string;
  others: OtherDraft[];
}

export type ContentVersionSummary = VersionDecision;

export const getPublishedContent = () => api.get<PublishedContent>('/content');
export const getContentSchema = () => api.get<Record<string, unknown>>('/content/schema');
export const getContentVersion = (version: number) => api.get<PublishedContent>(`/content/versions/${version}`);
export const listContentVersions = () => api.get<ContentVersionSummary[]>('/content/versions');
export const getContentDraft = () => api.get<ContentDraft>('/content/draft');
export const saveContentDraft = (baseVersion: number, content: unknown, translations: ContentWords) =>
  api.put<{ baseVersion: number; updatedAt: string; problems: ContentProblem[] }>('/content/draft', { baseVersion, content, translations });
export const deleteContentDraft = () => api.delete<unknown>('/content/draft');
export const publishContent = (baseVersion: number, content: unknown, translations: ContentWords, note: string) =>
  api.post<Published>('/content/publish', { baseVersion, content, translations, note });
/** Staff (not its author): approves a content version waiting for approval or returns it with a note. */
export const decideContentVersion = (version: number, approve: boolean, note: string) =>
  api.post<{ version: number; status: VersionStatus }>(`/content/versions/${version}/${approve ? 'approve' : 'return'}`, { note });
