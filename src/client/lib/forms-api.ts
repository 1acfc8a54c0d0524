/**
 * The forms API (form versions, drafts, checks, publishing): typed calls for the browser's form loader and the
 * staff form studio. Every call goes through the one HTTP client and throws its `ApiError`.
 */
import { api } from './api';

/** A published form as the browser renders it: its version, schema, ui-schema and its compiled validator's URL. */
export interface PublishedForm {
  formId: string;
  version: number;
  schema: Record<string, unknown>;
  uiSchema: Record<string, unknown>;
  validatorUrl: string;
  /** Its words in other languages: `{ bn: { English text: translation } }`. */
  translations?: Partial<Record<string, Record<string, string>>>;
}

export interface DraftSummary {
  author: string;
  updatedAt: string;
  baseVersion: number;
  mine?: boolean;
}

/** One row of the studio's list. `submissions` counts stored submissions per version ("3": 12). */
export interface FormSummary {
  formId: string;
  title: string;
  version: number;
  publishedAt: string | null;
  publishedBy: string | null;
  submissions: Record<string, number>;
  drafts: DraftSummary[];
  /** The version waiting for approval, if any. */
  pending?: { version: number; by: string | null; mine: boolean } | null;
}

/** Where a version stands (four eyes, STUDIO_REQUIRE_APPROVAL): only `live` versions are ever current. */
export type VersionStatus = 'pending_approval' | 'live' | 'returned' | 'superseded';

/** What every studio version list says of a version's approval. */
export interface VersionDecision {
  version: number;
  note: string | null;
  publishedBy: string | null;
  publishedAt: string;
  /** Published by the caller. */
  mine: boolean;
  status: VersionStatus;
  /** The live version it was made from. */
  baseVersion: number | null;
  decidedBy: string | null;
  decidedAt: string | null;
  decisionNote: string | null;
}

export interface FormVersionSummary extends VersionDecision {
  submissions: number;
}

/** A publish's answer: `status` says it waits for another staff member's approval (absent: live at once). */
export interface Published {
  version: number;
  status?: 'pending_approval';
}

/** A named sample of form data kept with a draft, checked by the server. */
export interface SampleCase {
  name: string;
  data: unknown;
}

export interface Draft {
  baseVersion: number;
  schema: unknown;
  uiSchema: unknown;
  cases: SampleCase[];
  /** The draft's words in other languages (`{ bn: { English: Bengali } }`). */
  translations?: PublishedForm['translations'];
  updatedAt: string;
  /** Other staff's drafts of the same form (GET only; a PUT answers without it). */
  others?: Omit<DraftSummary, 'mine'>[];
}

export interface DraftInput {
  baseVersion: number;
  schema: unknown;
  uiSchema: unknown;
  cases: SampleCase[];
  translations?: PublishedForm['translations'];
}

export interface CheckResult {
  /** `in` names the document the pointer `path` is in. */
  lint: { in?: 'schema' | 'uiSchema'; path: string; message: string }[];
  protected: { field: string; problem: string }[];
  cases: { name: string; valid: boolean; errors: { path: string; message: string }[] }[];
}

const enc = encodeURIComponent;

/** The API path of a form's current published version, or of one version of it. */
export const publishedFormPath = (formId: string, version?: number | null) => (version ? `/forms/${enc(formId)}/versions/${version}` : `/forms/${enc(formId)}`);
/** The published version of a form (public; the browser's HTTP cache revalidates it with its ETag). */
export const getPublishedForm = (formId: string) => api.get<PublishedForm>(publishedFormPath(formId));
/** One version of a form, published now or before (public): read-only views of old submissions use it. */
export const getFormVersion = (formId: string, version: number) => api.get<PublishedForm>(publishedFormPath(formId, version));

/** Staff: every form with its current version, submissions per version and open drafts. */
export const listForms = () => api.get<FormSummary[]>('/forms');
/** Staff: a form's published versions, newest first. */
export const listFormVersions = (formId: string) => api.get<FormVersionSummary[]>(`/forms/${enc(formId)}/versions`);
/** Staff: my draft of a form (404 when I have none). */
export const getDraft = (formId: string) => api.get<Draft>(`/forms/${enc(formId)}/draft`);
/** Staff: saves my draft of a form (autosave). */
export const saveDraft = (formId: string, draft: DraftInput) => api.put<Draft>(`/forms/${enc(formId)}/draft`, draft);
/** Staff: throws my draft away. */
export const deleteDraft = (formId: string) => api.delete<unknown>(`/forms/${enc(formId)}/draft`);
/** Staff: the lint, the protected-field check and each sample case's messages, for a schema not yet published. */
export const checkDraft = (formId: string, body: { schema: unknown; uiSchema: unknown; cases: SampleCase[] }) => api.post<CheckResult>(`/forms/${enc(formId)}/check`, body);
/**
 * Staff: publishes a new version, live at once or waiting for approval. 409 when `baseVersion` is no longer the
 * current one; 422 with the refusals.
 */
export const publishForm = (formId: string, body: { baseVersion: number; schema: unknown; uiSchema: unknown; translations?: PublishedForm['translations']; note: string }) =>
  api.post<Published>(`/forms/${enc(formId)}/publish`, body);
/** Staff (not its author): approves a version waiting for approval (it goes live) or returns it with a note. */
export const decideFormVersion = (formId: string, version: number, approve: boolean, note: string) =>
  api.post<{ version: number; status: VersionStatus }>(`/forms/${enc(formId)}/versions/${version}/${approve ? 'approve' : 'return'}`, { note });
