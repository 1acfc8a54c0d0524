/**
 * The forms API (form versions, drafts, checks, publishing): typed calls for the browser's form loader and the
 * staff form studio. Every call goes through the one HTTP client and throws its `ApiError`.
 */
import { api } from './api';
import type { ApiAnswer } from './api-paths';

/** A published form as the browser renders it: its version, schema, ui-schema, its words and its compiled validator's URL. */
export type PublishedForm = ApiAnswer<'GET /forms/{id}'>;

/** One row of the studio's list: `submissions` counts stored submissions per version ("3": 12). */
export type FormSummary = ApiAnswer<'GET /forms'>[number];

/** An open draft of a form: its author, when it was saved and the version it was made from. */
export type DraftSummary = FormSummary['drafts'][number];

/** Where a version stands (four eyes, STUDIO_REQUIRE_APPROVAL): only `live` versions are ever current. */
export type VersionStatus = FormVersionSummary['status'];

/** What every studio version list says of a version's approval. */
export type VersionDecision = ApiAnswer<'GET /content/versions'>[number];

export type FormVersionSummary = ApiAnswer<'GET /forms/{id}/versions'>[number];

/** A publish's answer: `status` says it waits for another staff member's approval (absent: live at once). */
export type Published = ApiAnswer<'POST /forms/{id}/publish'>;

/** A named sample of form data kept with a draft, checked by the server. */
export interface SampleCase {
  name: string;
  data: unknown;
}

export type Draft = ApiAnswer<'GET /forms/{id}/draft'>;

export interface DraftInput {
  baseVersion: number;
  schema: unknown;
  uiSchema: unknown;
  cases: SampleCase[];
  translations?: PublishedForm['translations'];
}

export type CheckResult = ApiAnswer<'POST /forms/{id}/check'>;

const enc = encodeURIComponent;

/** The API path of a form's current published version, or of one version of it. */
export const publishedFormPath = (formId: string, version?: number | null) => (version ? (`/forms/${enc(formId)}/versions/${version}` as const) : (`/forms/${enc(formId)}` as const));
/** The published version of a form (public; the browser's HTTP cache revalidates it with its ETag). */
export const getPublishedForm = (formId: string) => api.get(publishedFormPath(formId));
/** One version of a form, published now or before (public): read-only views of old submissions use it. */
export const getFormVersion = (formId: string, version: number) => api.get(publishedFormPath(formId, version));

/** Staff: every form with its current version, submissions per version and open drafts. */
export const listForms = () => api.get('/forms');
/** Staff: a form's published versions, newest first. */
export const listFormVersions = (formId: string) => api.get(`/forms/${enc(formId)}/versions`);
/** Staff: my draft of a form (404 when I have none). */
export const getDraft = (formId: string) => api.get(`/forms/${enc(formId)}/draft`);
/** Staff: saves my draft of a form (autosave). */
export const saveDraft = (formId: string, draft: DraftInput) => api.put(`/forms/${enc(formId)}/draft`, draft);
/** Staff: throws my draft away. */
export const deleteDraft = (formId: string) => api.delete(`/forms/${enc(formId)}/draft`);
/** Staff: the lint, the protected-field check and each sample case's messages, for a schema not yet published. */
export const checkDraft = (formId: string, body: { schema: unknown; uiSchema: unknown; cases: SampleCase[] }) => api.post(`/forms/${enc(formId)}/check`, body);
/**
 * Staff: publishes a new version, live at once or waiting for approval. 409 when `baseVersion` is no longer the
 * current one; 422 with the refusals.
 */
export const publishForm = (formId: string, body: { baseVersion: number; schema: unknown; uiSchema: unknown; translations?: PublishedForm['translations']; note: string }) =>
  api.post(`/forms/${enc(formId)}/publish`, body);
/** Staff (not its author): approves a version waiting for approval (it goes live) or returns it with a note. */
export const decideFormVersion = (formId: string, version: number, approve: boolean, note: string) =>
  api.post(`/forms/${enc(formId)}/versions/${version}/${approve ? 'approve' : 'return'}`, { note });
