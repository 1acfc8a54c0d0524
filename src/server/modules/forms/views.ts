/**
 * Row → answer: a published version (and what anyone may read of it), a form in the studio's list, a version in a
 * version list with its decision, a staff draft.
 */
import type { VersionStatus } from '../../db/schema';
import type { JsonSchema } from '../../../shared/forms/catalog';
import type { FormTranslations } from '../../../shared/i18n/form-words';

/** One published version of a form. */
export interface FormVersion {
  formId: string;
  version: number;
  schema: JsonSchema;
  uiSchema: JsonSchema;
  /** The form's words in other languages, as published with it (schemas/i18n/<form>.<lang>.json). */
  translations: FormTranslations;
  note: string;
  authorId: string | null;
  publishedAt: Date;
}

export function rowToVersion(r: {
  form_id: string;
  version: number;
  schema: Record<string, unknown>;
  ui_schema: Record<string, unknown>;
  translations: Record<string, Record<string, string>>;
  note: string;
  author_id: string | null;
  published_at: Date;
}): FormVersion {
  return {
    formId: r.form_id,
    version: r.version,
    schema: r.schema,
    uiSchema: r.ui_schema,
    translations: r.translations ?? {},
    note: r.note,
    authorId: r.author_id,
    publishedAt: r.published_at,
  };
}

/** The path the browser loads a version's validator from (immutable: the version is in it). */
export function validatorUrl(formId: string, version: number): string {
  return `/api/v1/forms/${encodeURIComponent(formId)}/versions/${version}/validator.js`;
}

/** What anyone may read of a published version. */
export interface PublicForm {
  formId: string;
  version: number;
  schema: JsonSchema;
  uiSchema: JsonSchema;
  /** Its words in other languages: the browser draws it and says its messages in the reader's language. */
  translations: FormTranslations;
  validatorUrl: string;
}

/** The public answer for a version (GET /forms/:id and /forms/:id/versions/:v). */
export function publicFormView(v: FormVersion): PublicForm {
  return { formId: v.formId, version: v.version, schema: v.schema, uiSchema: v.uiSchema, translations: v.translations, validatorUrl: validatorUrl(v.formId, v.version) };
}

/**
 * The decision columns of a version as the studio's version lists show them (`names`: user id → e-mail; `me`: the
 * caller, who is told which versions are theirs).
 */
export function decisionView(
  r: { author_id: string | null; status: VersionStatus; base_version: number | null; decided_by: string | null; decided_at: Date | null; decision_note: string | null },
  names: Map<string, string>,
  me: string,
) {
  return {
    mine: r.author_id === me,
    status: r.status,
    baseVersion: r.base_version,
    decidedBy: r.decided_by ? (names.get(r.decided_by) ?? null) : null,
    decidedAt: r.decided_at ? r.decided_at.toISOString() : null,
    decisionNote: r.decision_note,
  };
}

/** A version in a form's version list: who published it when, how many submissions it validated, its decision. */
export function versionListItemView(
  r: Parameters<typeof decisionView>[0] & { version: number; note: string; published_at: Date },
  names: Map<string, string>,
  submissions: number,
  me: string,
) {
  return {
    version: r.version,
    note: r.note,
    publishedBy: r.author_id ? (names.get(r.author_id) ?? null) : null,
    publishedAt: r.published_at.toISOString(),
    submissions,
    ...decisionView(r, names, me),
  };
}

/** A staff member's draft of a form as they read it back, with who else has one. */
export function formDraftView(
  d: { base_version: number; schema: unknown; ui_schema: unknown; cases: unknown; translations: unknown; updated_at: Date },
  others: { author: string; updatedAt: string; baseVersion: number }[],
) {
  return {
    baseVersion: d.base_version,
    schema: d.schema,
    uiSchema: d.ui_schema,
    cases: d.cases,
    translations: d.translations ?? {},
    updatedAt: d.updated_at.toISOString(),
    others,
  };
}
