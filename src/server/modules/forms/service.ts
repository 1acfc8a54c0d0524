/**
 * Forms and their published versions (the form studio): the studio's list of forms and of a form's versions, one
 * draft per form and staff member, a draft's checks and its publishing (publish.ts), four eyes on what staff publish
 * (approvals.ts), and a person's draft of a long form, saved as they type. The one file other code imports: it also
 * gives the form registry (app.forms, plugins/forms.ts) and the studio's versioning, which the site content shares.
 */
import type { FastifyInstance } from 'fastify';
import type { JsonSchema } from '../../../shared/forms/catalog';
import type { FormTranslations } from '../../../shared/i18n/form-words';
import { badRequest, notFound } from '../../errors';
import { decodeUploads, storeUploads } from '../../files/store';
import type { FormRegistry } from './registry';
import { draftsOf, emailsOf } from './studio';
import { checkDraft, type Case } from './checks';
import { publishDraft, type PublishBody } from './publish';
import { currentVersionRows, submissionCounts as countsIn, versionListRows, waitingVersionRows } from './queries/versions';
import { deleteFormDraft, deletePersonDraft, draftSummaries, formDraftRows, personDraftRow, upsertFormDraft, upsertPersonDraft } from './queries/drafts';
import { formDraftView, versionListItemView } from './views';

export { FormRegistry } from './registry';
export type { FormVersion } from './views';
export { sizesFirst, type BodyCheck } from './body-check';
export { Seeding, seedWithRetries } from './seeding';
export { formDocument, type PublishBody } from './publish';
// The studio's versioning and four-eyes routes, shared with the site content (routes/content.ts, content/site-content.ts).
export { approvalRequired, auditPublish, draftsOf, emailsOf, isUniqueViolation, liveVersion, nextVersion, notModified, StaleBase, staleDraft, type StudioDocument } from './studio';
export { DECISION_COLUMNS } from './queries/studio';
export { decisionView } from './views';
export { noDraftSchema, otherDraftsSchema, publishedSchemas, versionListItemSchema } from './schemas';
export { decisionRoutes } from './routes/decisions';

/** Where each form's submissions are stored: the table and its column naming the version each was validated with. */
const SUBMISSIONS: Record<string, { table: string; column: string }> = {
  'project-owner': { table: 'projects', column: 'form_version' },
  invest: { table: 'offers', column: 'form_version' },
  'agreement-request': { table: 'agreement_requests', column: 'form_version' },
  'agreement-accept': { table: 'agreement_requests', column: 'acceptance_form_version' },
  donate: { table: 'donations', column: 'form_version' },
  profile: { table: 'profiles', column: 'form_version' },
  verification: { table: 'verifications', column: 'form_version' },
  'instalment-paid': { table: 'instalments', column: 'payment_form_version' },
};

export interface DraftBody {
  baseVersion: number;
  schema: JsonSchema;
  uiSchema: JsonSchema;
  cases?: Case[];
  /** The draft's words in other languages, kept as typed (the check is at publish). */
  translations?: FormTranslations;
}

/** A 404 for a form with no schema file. */
export function knownForm(forms: FormRegistry, id: string): void {
  if (!forms.has(id)) throw notFound('This form');
}

/** Submissions per version of a form ({ "1": 12, "2": 3 }); forms that store nothing have none. */
async function submissionCounts(app: FastifyInstance, formId: string): Promise<Record<string, number>> {
  const where = SUBMISSIONS[formId];
  return where ? countsIn(app.db, where) : {};
}

/** Every form with its current version, submissions per version, the version waiting for approval and open drafts. */
export async function formList(app: FastifyInstance, me: string) {
  const forms = app.forms;
  const current = await currentVersionRows(app.db);
  const pending = await waitingVersionRows(app.db);
  const drafts = await draftSummaries(app.db);
  const names = await emailsOf(app.db, [...current.map((c) => c.author_id), ...drafts.map((d) => d.author_id), ...pending.map((p) => p.author_id)]);
  const byId = new Map(current.map((c) => [c.form_id, c]));
  const counts = new Map(await Promise.all(forms.ids.map(async (id) => [id, await submissionCounts(app, id)] as const)));
  const out = [];
  for (const formId of forms.ids) {
    const c = byId.get(formId);
    if (!c) continue;
    out.push({
      formId,
      title: typeof c.schema.title === 'string' ? c.schema.title : formId,
      version: c.version,
      publishedAt: c.published_at.toISOString(),
      publishedBy: c.author_id ? (names.get(c.author_id) ?? null) : null,
      submissions: counts.get(formId)!,
      pending: pending.filter((p) => p.form_id === formId).map((p) => ({ version: p.version, by: p.author_id ? (names.get(p.author_id) ?? null) : null, mine: p.author_id === me }))[0] ?? null,
      drafts: drafts
        .filter((d) => d.form_id === formId)
        .map((d) => ({ author: names.get(d.author_id) ?? '', updatedAt: d.updated_at.toISOString(), baseVersion: d.base_version, mine: d.author_id === me })),
    });
  }
  return out;
}

/** Every version of a form, newest first, with where each stands and its submissions. */
export async function formVersions(app: FastifyInstance, formId: string, me: string) {
  knownForm(app.forms, formId);
  const rows = await versionListRows(app.db, formId);
  const names = await emailsOf(app.db, rows.flatMap((r) => [r.author_id, r.decided_by]));
  const counts = await submissionCounts(app, formId);
  return rows.map((r) => versionListItemView(r, names, counts[String(r.version)] ?? 0, me));
}

/** The caller's draft of a form (undefined when they have none) and the others' drafts. */
export async function formDraft(app: FastifyInstance, formId: string, me: string) {
  knownForm(app.forms, formId);
  const { mine, others } = await draftsOf(app.db, await formDraftRows(app.db, formId), me);
  return { draft: mine && formDraftView(mine, others), others };
}

/** Saves the caller's draft of a form (autosave), from a version that exists. */
export async function saveFormDraft(app: FastifyInstance, formId: string, me: string, body: DraftBody) {
  knownForm(app.forms, formId);
  const base = await app.forms.version(formId, body.baseVersion);
  if (!base) throw badRequest(`Version ${body.baseVersion} of this form does not exist.`, [{ path: '/baseVersion', message: 'No such version' }]);
  const values = {
    base_version: body.baseVersion,
    schema: JSON.stringify(body.schema),
    ui_schema: JSON.stringify(body.uiSchema),
    cases: JSON.stringify(body.cases ?? []),
    translations: JSON.stringify(body.translations ?? {}),
    updated_at: new Date(),
  };
  const row = await upsertFormDraft(app.db, formId, me, values);
  return { baseVersion: values.base_version, schema: body.schema, uiSchema: body.uiSchema, cases: body.cases ?? [], translations: body.translations ?? {}, updatedAt: row.updated_at.toISOString() };
}

/** Discards the caller's draft of a form (404 when they have none). */
export async function discardFormDraft(app: FastifyInstance, formId: string, me: string): Promise<void> {
  knownForm(app.forms, formId);
  if ((await deleteFormDraft(app.db, formId, me)) === 0) throw notFound('Your draft of this form');
}

/** Checks a draft: the schema lint, the fields the code reads, and the server's answer for each sample. */
export async function checkFormDraft(app: FastifyInstance, formId: string, body: { schema: JsonSchema; uiSchema: JsonSchema; cases?: Case[] }) {
  knownForm(app.forms, formId);
  const current = await app.forms.current(formId);
  const names = current ? await app.forms.fieldNames(current) : null;
  const published = new Set([...(names?.declared ?? []), ...(names?.retired ?? [])]);
  return await checkDraft(formId, body.schema, body.uiSchema, app.forms.fileSchema(formId), body.cases, published);
}

/** Publishes the caller's draft of a form as its next version (publish.ts). */
export async function publishForm(app: FastifyInstance, formId: string, me: string, body: PublishBody) {
  knownForm(app.forms, formId);
  return publishDraft(app, formId, me, body);
}

/** A form a person keeps a draft of (404 for an unknown one); its schema. */
function draftableForm(app: FastifyInstance, formId: string): JsonSchema {
  const schema = app.formSchemas[formId];
  if (!schema) throw notFound('This form');
  return schema;
}

/** A person's draft of a long form (null when none). */
export async function personDraft(app: FastifyInstance, userId: string, formId: string) {
  draftableForm(app, formId);
  const row = await personDraftRow(app.db, userId, formId);
  return { data: row?.data ?? null, updatedAt: row?.updated_at.toISOString() ?? null };
}

/**
 * Saves a person's draft as they type. A draft is partial, so it is not validated; its new images are stored as
 * files (and answered as `file:<id>` references) so later saves send only references. An image that is not a PNG or
 * JPEG is left out of the draft (the form shows why).
 */
export async function savePersonDraft(app: FastifyInstance, userId: string, formId: string, data: Record<string, unknown>) {
  const schema = draftableForm(app, formId);
  const decoded = decodeUploads(schema, data, { lenient: true });
  const stored = await app.db.transaction().execute(async (trx) => {
    const doc = await storeUploads(trx, userId, decoded, { type: 'draft', id: userId });
    await upsertPersonDraft(trx, userId, formId, JSON.stringify(doc));
    return doc;
  });
  return { data: stored, updatedAt: new Date().toISOString() };
}

export async function discardPersonDraft(app: FastifyInstance, userId: string, formId: string) {
  draftableForm(app, formId);
  await deletePersonDraft(app.db, userId, formId);
  return { message: 'Draft discarded.' };
}
