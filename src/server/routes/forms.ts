/**
 * Forms and their published versions (the form studio's server side). Anyone reads a form's current version (with
 * a strong ETag), any published version and its browser validator (an immutable ES module compiled by the server);
 * staff list the forms, keep one draft per form, check a draft (the schema lint, the fields the code reads, the
 * server's answer for sample data) and publish it as the next version, refused when stale or when any check fails.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { currentUser } from '../plugins/auth';
import { badRequest, notFound, type AppError } from '../errors';
import { draftsOf, emailsOf, isUniqueViolation, noDraftSchema, notModified, otherDraftsSchema, publishedSchemas, staleDraft } from './versioned';
import { decisionRoutes, decisionView, DECISION_COLUMNS, versionListItemSchema } from './approvals';
import { arrayOf, boolean, bytes, dateTime, errorSchema, fieldErrorSchema, freeForm, integer, noContent, object, objectOrNull, string, stringOrNull } from './schemas';
import { approvalRequired, auditPublish, liveVersion, nextVersion, StaleBase, type StudioDocument } from '../studio/versions';
import { countOf } from '../../shared/format/count';
import { rowToVersion, sizesFirstCheck, type FormVersion } from '../forms/registry';
import { lintForm, type Problem } from '../../shared/forms/schema-lint';
import { protectedFieldProblems } from '../../shared/forms/code-fields';
import { piiProblems } from '../../shared/forms/pii';
import { declaredPropertyNames, normalizeErrors, type FieldError, type RawAjvError } from '../../shared/validation/errors';
import { formTexts, type FormTranslations } from '../../shared/i18n/form-words';
import { LANGUAGE_NAMES, untranslated } from '../../shared/i18n/translation-lint';
import { LANGUAGES, SOURCE_LANGUAGE } from '../../shared/i18n/language';
import { unsafeInputErrors } from '../../shared/validation/safe-input';
import type { JsonSchema } from '../../shared/forms/catalog';

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

const MAX_CASES = 20;
const NOTE_MAX = 500;

const formParams = {
  type: 'object',
  properties: { id: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,63}$' } },
  required: ['id'],
} as const;
const versionParams = {
  type: 'object',
  properties: { id: formParams.properties.id, v: { type: 'integer', minimum: 1, maximum: 1_000_000 } },
  required: ['id', 'v'],
} as const;
const anyObject = { type: 'object', maxProperties: 200 } as const;
const casesSchema = {
  type: 'array',
  maxItems: MAX_CASES,
  items: {
    type: 'object',
    properties: { name: { type: 'string', minLength: 1, maxLength: 120 }, data: {} },
    required: ['name', 'data'],
    additionalProperties: false,
  },
} as const;

interface Case {
  name: string;
  data: unknown;
}
interface DraftBody {
  baseVersion: number;
  schema: JsonSchema;
  uiSchema: JsonSchema;
  cases?: Case[];
  /** The draft's words in other languages, kept as typed (the check is at publish). */
  translations?: FormTranslations;
}
interface PublishBody {
  baseVersion: number;
  schema: JsonSchema;
  uiSchema: JsonSchema;
  /** The version's words in other languages; left out, the base version's travel on (issue 29 §2). */
  translations?: FormTranslations;
  note: string;
}

/** `{ bn: { English text: translation } }`: a language code, then texts (bounded like any staff input). */
const translationsSchema = {
  type: 'object',
  propertyNames: { enum: LANGUAGES.filter((l) => l !== SOURCE_LANGUAGE) },
  additionalProperties: { type: 'object', maxProperties: 5000, additionalProperties: { type: 'string', maxLength: 5000 } },
} as const;

/**
 * A version's words checked against its texts (the check of `npm run schemas:check`): the words of the texts it has
 * (a word for a text the draft changed or removed is dropped), or what is still missing in each language.
 */
function versionWords(schema: JsonSchema, uiSchema: JsonSchema, given: FormTranslations): { words: FormTranslations; missing: FieldError[] } {
  const texts = formTexts(schema, uiSchema);
  const current = new Set(texts.map((t) => t.text));
  const words: FormTranslations = {};
  const missing: FieldError[] = [];
  for (const language of LANGUAGES) {
    if (language === SOURCE_LANGUAGE) continue;
    const own = given[language] ?? {};
    const name = LANGUAGE_NAMES[language] ?? language;
    words[language] = Object.fromEntries(Object.entries(own).filter(([text]) => current.has(text)));
    for (const u of untranslated(texts, own)) {
      missing.push({ path: `translations/${language}`, message: u.repeats ? `The ${name} message only repeats the English “${u.at.text}”: translate it.` : `No ${name} for “${u.at.text}”.` });
    }
  }
  return { words, missing };
}

// Free-form: a form's JSON Schema and ui-schema are documents staff write in the studio (any keywords JSON Schema
// and RJSF take); the API passes them on as stored.
const schemaDocument = freeForm("A form's JSON Schema (draft 2020-12), as published.");
const uiSchemaDocument = freeForm("A form's ui-schema (RJSF), as published.");
/** `{ bn: { English text: translation } }`. */
const wordsSchema = { type: 'object', additionalProperties: { type: 'object', additionalProperties: string } } as const;

/** A version anyone may read (FormRegistry.publicView). */
const publicFormSchema = object({
  formId: string,
  version: integer,
  schema: schemaDocument,
  uiSchema: uiSchemaDocument,
  translations: wordsSchema,
  validatorUrl: string,
});

/** A form in the studio's list. */
const formListItemSchema = object({
  formId: string,
  title: string,
  version: integer,
  publishedAt: dateTime,
  publishedBy: stringOrNull,
  submissions: { type: 'object', additionalProperties: integer, description: 'Submissions per version: { "1": 12, "2": 3 }.' },
  pending: objectOrNull({ version: integer, by: stringOrNull, mine: boolean }),
  drafts: arrayOf(object({ author: string, updatedAt: dateTime, baseVersion: integer, mine: boolean })),
});

const caseAnswerSchema = object({ name: string, valid: boolean, errors: arrayOf(fieldErrorSchema) });
// Free-form: a sample's data is whatever the staff member typed to try the form with (any JSON value).
const casesAnswer = arrayOf(object({ name: string, data: { description: 'The sample data, as sent.' } }));
const lintEntrySchema = object({ in: { type: 'string', enum: ['schema', 'uiSchema'] }, path: string, message: string });
const protectedSchema = object({ field: string, problem: string });

/** A draft as saved (and read back, with who else has one). */
const draftSchema = object(
  { baseVersion: integer, schema: schemaDocument, uiSchema: uiSchemaDocument, cases: casesAnswer, translations: wordsSchema, updatedAt: dateTime, others: otherDraftsSchema },
  ['others'],
);

/** A check's answer: the lint, the code-read and personal fields, and each sample's answer. */
const checkSchema = object({ lint: arrayOf(lintEntrySchema), protected: arrayOf(protectedSchema), cases: arrayOf(caseAnswerSchema) });

/** The 422 of a publish the checks refuse: the error with its field list, and the lint and field problems. */
const refusedSchema = object({ ...errorSchema.properties, lint: arrayOf(lintEntrySchema), protected: arrayOf(protectedSchema) }, ['errorsNotShown', 'requestId']);

/** A draft or a version with its words: one key per text of the form (the largest has a few hundred). */
const WITH_WORDS = { inputLimits: { maxKeys: 5000, maxValues: 20_000 } };

/** A lint problem as the studio shows it: in which document, where, what. */
function lintEntry(p: Problem) {
  return { in: p.file.startsWith('ui-schemas/') ? ('uiSchema' as const) : ('schema' as const), path: p.pointer, message: p.message };
}

/**
 * The server's answer for each sample: what a request with that data would be told (sizes first, then the schema),
 * once the draft is published (`published`: the names the published versions declare, for a field the draft removes).
 */
function answersFor(schema: JsonSchema, cases: Case[], published: ReadonlySet<string>): { name: string; valid: boolean; errors: FieldError[] }[] {
  let compiled: { check: ReturnType<typeof sizesFirstCheck>; declared: Set<string> } | { failure: FieldError[] } | undefined;
  const compile = () => {
    try {
      compiled ??= { check: sizesFirstCheck(schema), declared: declaredPropertyNames(schema) };
    } catch (err) {
      compiled = { failure: [{ path: '', message: `The schema does not compile: ${(err as Error).message}` }] };
    }
    return compiled;
  };
  return cases.map((c) => {
    const unsafe = unsafeInputErrors(c.data);
    if (unsafe.length > 0) return { name: c.name, valid: false, errors: unsafe };
    const v = compile();
    if ('failure' in v) return { name: c.name, valid: false, errors: v.failure };
    if (v.check(c.data)) return { name: c.name, valid: true, errors: [] };
    const retired = new Set([...published].filter((n) => !v.declared.has(n)));
    return { name: c.name, valid: false, errors: normalizeErrors((v.check.errors ?? []) as RawAjvError[], v.declared, retired) };
  });
}

/**
 * Runs every check of a draft. The lint's pattern checker runs off the event loop (src/shared/forms/pattern-safety.ts),
 * so a draft's patterns never hold up other requests; `answersFor` runs them on RE2, in linear time.
 */
async function checkDraft(formId: string, schema: JsonSchema, uiSchema: JsonSchema, shipped: JsonSchema | undefined, cases: Case[] = [], published: ReadonlySet<string> = new Set()) {
  return {
    lint: (await lintForm(formId, schema, uiSchema, { codeFields: false })).map(lintEntry),
    // The fields the code reads, and the personal fields' marks (the shipped list and the schema file's marks).
    protected: [...protectedFieldProblems(formId, schema), ...piiProblems(formId, schema, shipped)],
    cases: answersFor(schema, cases, published),
  };
}

export default async function formRoutes(app: FastifyInstance): Promise<void> {
  const forms = app.forms;

  function knownForm(id: string): void {
    if (!forms.has(id)) throw notFound('This form');
  }

  const emails = (ids: (string | null)[]) => emailsOf(app.db, ids);

  /** Submissions per version of a form ({ "1": 12, "2": 3 }); forms that store nothing have none. */
  async function submissionCounts(formId: string): Promise<Record<string, number>> {
    const where = SUBMISSIONS[formId];
    if (!where) return {};
    const version = sql.ref(where.column);
    const rows = await sql<{ v: number; n: string }>`SELECT ${version} AS v, count(*) AS n FROM ${sql.table(where.table)} WHERE ${version} IS NOT NULL GROUP BY ${version}`.execute(app.db);
    return Object.fromEntries(rows.rows.map((r) => [String(r.v), Number(r.n)]));
  }

  /**
   * A version anyone may read: one that went live. One that never did (waiting for approval, returned, superseded)
   * only staff read, uncached; to others it does not exist.
   */
  async function readableVersion(request: FastifyRequest, formId: string, version: number): Promise<{ v: FormVersion; cache: string }> {
    const v = await forms.version(formId, version);
    if (!v) throw notFound('This version of the form');
    if (await forms.wentLive(formId, version)) return { v, cache: 'public, max-age=31536000, immutable' };
    if (!(await app.readSession(request))?.isStaff) throw notFound('This version of the form');
    return { v, cache: 'private, no-store' };
  }

  /** Sends a version's public view, or 304 when the client holds it already. */
  function sendVersion(request: FastifyRequest, reply: FastifyReply, v: FormVersion, cacheControl: string) {
    const { body, etag } = forms.publicView(v);
    reply.header('ETag', etag).header('Cache-Control', cacheControl).header('Vary', 'Accept-Encoding');
    if (notModified(request, etag)) return reply.status(304).send();
    return reply.send(body);
  }

  app.get(
    '/forms',
    { schema: { tags: ['forms'], security: [{ bearer: [] }], description: 'Every form with its current version, submissions per version and open drafts (staff).', response: { 200: arrayOf(formListItemSchema) } }, onRequest: app.requireStaff },
    async (request) => {
      const me = currentUser(request);
      const current = await app.db
        .selectFrom('form_versions as f')
        .select(['f.form_id', 'f.version', 'f.schema', 'f.published_at', 'f.author_id'])
        .where(({ eb, selectFrom }) =>
          eb('f.version', '=', selectFrom('form_versions as g').select((g) => g.fn.max('g.version').as('m')).whereRef('g.form_id', '=', 'f.form_id').where('g.status', '=', 'live')),
        )
        .execute();
      const pending = await app.db.selectFrom('form_versions').select(['form_id', 'version', 'author_id']).where('status', '=', 'pending_approval').execute();
      const drafts = await app.db.selectFrom('form_drafts').select(['form_id', 'author_id', 'base_version', 'updated_at']).orderBy('updated_at', 'desc').execute();
      const names = await emails([...current.map((c) => c.author_id), ...drafts.map((d) => d.author_id), ...pending.map((p) => p.author_id)]);
      const byId = new Map(current.map((c) => [c.form_id, c]));
      const counts = new Map(await Promise.all(forms.ids.map(async (id) => [id, await submissionCounts(id)] as const)));
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
          pending: pending.filter((p) => p.form_id === formId).map((p) => ({ version: p.version, by: p.author_id ? (names.get(p.author_id) ?? null) : null, mine: p.author_id === me.id }))[0] ?? null,
          drafts: drafts
            .filter((d) => d.form_id === formId)
            .map((d) => ({ author: names.get(d.author_id) ?? '', updatedAt: d.updated_at.toISOString(), baseVersion: d.base_version, mine: d.author_id === me.id })),
        });
      }
      return out;
    },
  );

  app.get<{ Params: { id: string } }>(
    '/forms/:id',
    { schema: { tags: ['forms'], params: formParams, description: "A form's current version: schema, ui-schema and its validator's URL. Strong ETag; 304 on If-None-Match.", response: { 200: publicFormSchema, 304: noContent } } },
    async (request, reply) => {
      knownForm(request.params.id);
      const v = await forms.current(request.params.id);
      if (!v) throw notFound('This form');
      // Revalidated on every use: a new version may be published at any time.
      return sendVersion(request, reply, v, 'no-cache');
    },
  );

  app.get<{ Params: { id: string } }>(
    '/forms/:id/versions',
    { schema: { tags: ['forms'], security: [{ bearer: [] }], params: formParams, description: 'Every version of a form, newest first, with where each stands (live, waiting for approval, returned, superseded) (staff).', response: { 200: arrayOf(object({ ...versionListItemSchema.properties, submissions: integer })) } }, onRequest: app.requireStaff },
    async (request) => {
      knownForm(request.params.id);
      const rows = await app.db
        .selectFrom('form_versions')
        .select(['version', 'note', 'author_id', 'published_at', ...DECISION_COLUMNS])
        .where('form_id', '=', request.params.id)
        .orderBy('version', 'desc')
        .execute();
      const names = await emails(rows.flatMap((r) => [r.author_id, r.decided_by]));
      const counts = await submissionCounts(request.params.id);
      return rows.map((r) => ({
        version: r.version,
        note: r.note,
        publishedBy: r.author_id ? (names.get(r.author_id) ?? null) : null,
        publishedAt: r.published_at.toISOString(),
        submissions: counts[String(r.version)] ?? 0,
        ...decisionView(r, names, currentUser(request).id),
      }));
    },
  );

  app.get<{ Params: { id: string; v: number } }>(
    '/forms/:id/versions/:v',
    { schema: { tags: ['forms'], security: [{}, { bearer: [] }], params: versionParams, description: 'One published version (immutable); one that never went live (waiting for approval, returned) is for staff only.', response: { 200: publicFormSchema, 304: noContent } } },
    async (request, reply) => {
      knownForm(request.params.id);
      const { v, cache } = await readableVersion(request, request.params.id, request.params.v);
      return sendVersion(request, reply, v, cache);
    },
  );

  app.get<{ Params: { id: string; v: number } }>(
    '/forms/:id/versions/:v/validator.js',
    {
      schema: {
        tags: ['forms'],
        security: [{}, { bearer: [] }],
        params: versionParams,
        description: "A version's browser validator: an ES module (Ajv standalone code, no imports) whose default export RJSF's createPrecompiledValidator takes (staff only for a version that never went live).",
        response: { 200: bytes('text/javascript', 'An ES module (Ajv standalone code).') },
      },
    },
    async (request, reply) => {
      knownForm(request.params.id);
      const { v, cache } = await readableVersion(request, request.params.id, request.params.v);
      const code = await forms.standaloneModule(v);
      return reply.header('Content-Type', 'text/javascript; charset=utf-8').header('Cache-Control', cache).send(code);
    },
  );

  // Drafts: one per form and staff member.
  const draftBody = {
    type: 'object',
    properties: { baseVersion: { type: 'integer', minimum: 1 }, schema: anyObject, uiSchema: anyObject, cases: casesSchema, translations: translationsSchema },
    required: ['baseVersion', 'schema', 'uiSchema'],
    additionalProperties: false,
  } as const;

  app.get<{ Params: { id: string } }>(
    '/forms/:id/draft',
    { schema: { tags: ['forms'], security: [{ bearer: [] }], params: formParams, description: "The caller's draft of a form and who else has one (staff). 404 when the caller has none; the others are in the 404's `others` too.", response: { 200: draftSchema, 404: noDraftSchema } }, onRequest: app.requireStaff },
    async (request, reply) => {
      const me = currentUser(request);
      knownForm(request.params.id);
      const rows = await app.db.selectFrom('form_drafts').selectAll().where('form_id', '=', request.params.id).orderBy('updated_at', 'desc').execute();
      const { mine, others } = await draftsOf(app.db, rows, me.id);
      if (!mine) return reply.status(404).send({ message: 'You have no draft of this form.', others });
      return {
        baseVersion: mine.base_version,
        schema: mine.schema,
        uiSchema: mine.ui_schema,
        cases: mine.cases,
        translations: mine.translations ?? {},
        updatedAt: mine.updated_at.toISOString(),
        others,
      };
    },
  );

  app.put<{ Params: { id: string }; Body: DraftBody }>(
    '/forms/:id/draft',
    { schema: { tags: ['forms'], security: [{ bearer: [] }], params: formParams, body: draftBody, description: "Saves the caller's draft (autosave; staff).", response: { 200: draftSchema } }, config: WITH_WORDS, onRequest: app.requireStaff },
    async (request) => {
      const me = currentUser(request);
      knownForm(request.params.id);
      const base = await forms.version(request.params.id, request.body.baseVersion);
      if (!base) throw badRequest(`Version ${request.body.baseVersion} of this form does not exist.`, [{ path: '/baseVersion', message: 'No such version' }]);
      const values = {
        base_version: request.body.baseVersion,
        schema: JSON.stringify(request.body.schema),
        ui_schema: JSON.stringify(request.body.uiSchema),
        cases: JSON.stringify(request.body.cases ?? []),
        translations: JSON.stringify(request.body.translations ?? {}),
        updated_at: new Date(),
      };
      const row = await app.db
        .insertInto('form_drafts')
        .values({ form_id: request.params.id, author_id: me.id, ...values })
        .onConflict((oc) => oc.columns(['form_id', 'author_id']).doUpdateSet(values))
        .returning(['updated_at'])
        .executeTakeFirstOrThrow();
      return { baseVersion: values.base_version, schema: request.body.schema, uiSchema: request.body.uiSchema, cases: request.body.cases ?? [], translations: request.body.translations ?? {}, updatedAt: row.updated_at.toISOString() };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/forms/:id/draft',
    { schema: { tags: ['forms'], security: [{ bearer: [] }], params: formParams, description: "Discards the caller's draft (staff).", response: { 204: noContent } }, onRequest: app.requireStaff },
    async (request, reply) => {
      const me = currentUser(request);
      knownForm(request.params.id);
      const gone = await app.db.deleteFrom('form_drafts').where('form_id', '=', request.params.id).where('author_id', '=', me.id).executeTakeFirst();
      if (Number(gone.numDeletedRows) === 0) throw notFound('Your draft of this form');
      return reply.status(204).send();
    },
  );

  app.post<{ Params: { id: string }; Body: { schema: JsonSchema; uiSchema: JsonSchema; cases?: Case[] } }>(
    '/forms/:id/check',
    {
      schema: {
        tags: ['forms'],
        security: [{ bearer: [] }],
        params: formParams,
        body: { type: 'object', properties: { schema: anyObject, uiSchema: anyObject, cases: casesSchema }, required: ['schema', 'uiSchema'], additionalProperties: false },
        description: 'Checks a draft: the schema lint, the fields the code reads, and the answer the server would give for each sample (staff).',
        response: { 200: checkSchema },
      },
      onRequest: app.requireStaff,
    },
    async (request) => {
      knownForm(request.params.id);
      const current = await forms.current(request.params.id);
      const names = current ? await forms.fieldNames(current) : null;
      const published = new Set([...(names?.declared ?? []), ...(names?.retired ?? [])]);
      return await checkDraft(request.params.id, request.body.schema, request.body.uiSchema, forms.fileSchema(request.params.id), request.body.cases, published);
    },
  );

  app.post<{ Params: { id: string }; Body: PublishBody }>(
    '/forms/:id/publish',
    {
      schema: {
        tags: ['forms'],
        security: [{ bearer: [] }],
        params: formParams,
        body: {
          type: 'object',
          properties: { baseVersion: { type: 'integer', minimum: 1 }, schema: anyObject, uiSchema: anyObject, translations: translationsSchema, note: { type: 'string', maxLength: NOTE_MAX } },
          required: ['baseVersion', 'schema', 'uiSchema', 'note'],
          additionalProperties: false,
        },
        description:
          'Publishes a draft as the next version (staff): 201 when it is live at once, 202 when it waits for another staff member\'s approval (STUDIO_REQUIRE_APPROVAL); 409 when another version was published after the draft was started, 422 when the lint or the code-read fields refuse it.',
        response: { ...publishedSchemas, 422: refusedSchema },
      },
      config: WITH_WORDS,
      onRequest: app.requireStaff,
    },
    async (request, reply) => {
      const me = currentUser(request);
      const formId = request.params.id;
      knownForm(formId);
      const { baseVersion, schema, uiSchema } = request.body;
      const note = request.body.note.trim();
      // Named from the database (what this process last read may be a second old).
      const stale = async (): Promise<AppError> => staleDraft(app.db, (await forms.version(formId, await liveVersion(app.db, formDocument(formId))))!, baseVersion, 'the files');
      const current = await forms.currentVersion(formId);
      if (current !== baseVersion) throw await stale();
      const checks = await checkDraft(formId, schema, uiSchema, forms.fileSchema(formId));
      if (checks.lint.length > 0 || checks.protected.length > 0) {
        const count = checks.lint.length + checks.protected.length;
        return reply.status(422).send({
          message: `This draft cannot be published: ${countOf(count, 'problem')} to fix first.`,
          // The API's usual field list too, so any client shows what to fix, not only how many.
          errors: [
            ...checks.lint.map((l) => ({ path: `${l.in === 'uiSchema' ? 'ui-schema' : 'schema'}${l.path}`, message: l.message })),
            ...checks.protected.map((p) => ({ path: `schema/properties/${p.field}`, message: p.problem })),
          ],
          lint: checks.lint,
          protected: checks.protected,
        });
      }
      // Every text in every language: the words sent, else the base version's (refused while any is missing).
      const { words: translations, missing } = versionWords(schema, uiSchema, request.body.translations ?? (await forms.version(formId, baseVersion))?.translations ?? {});
      if (missing.length > 0) {
        throw badRequest(`This draft cannot be published: ${countOf(missing.length, 'text')} ${missing.length === 1 ? 'has' : 'have'} no translation yet (${missing.map((m) => m.message).slice(0, 3).join(' ')}${missing.length > 3 ? ' …' : ''}).`, missing);
      }
      const status = (await approvalRequired(app)) ? 'pending_approval' : 'live';
      let published;
      try {
        published = await app.db.transaction().execute(async (trx) => {
          const version = await nextVersion(trx, formDocument(formId), me.id, baseVersion);
          const row = await trx
            .insertInto('form_versions')
            .values({ form_id: formId, version, schema: JSON.stringify(schema), ui_schema: JSON.stringify(uiSchema), translations: JSON.stringify(translations), note, author_id: me.id, status, base_version: baseVersion })
            .returningAll()
            .executeTakeFirstOrThrow();
          await trx.deleteFrom('form_drafts').where('form_id', '=', formId).where('author_id', '=', me.id).execute();
          await auditPublish(trx, formDocument(formId), me.id, baseVersion, version, status, note);
          return row;
        });
      } catch (err) {
        // Another publish won the race: the primary key refused this one, or it saw the other live.
        if (isUniqueViolation(err) || err instanceof StaleBase) throw await stale();
        throw err;
      }
      if (status === 'live') forms.published(rowToVersion(published));
      // 201 { version } as before approvals existed; 202 says it waits.
      return status === 'live' ? reply.status(201).send({ version: published.version }) : reply.status(202).send({ version: published.version, status });
    },
  );

  decisionRoutes<{ id: string; v: number }>(app, {
    path: '/forms/:id/versions/:v',
    params: versionParams,
    tags: ['forms'],
    documentOf: ({ id }) => {
      knownForm(id);
      return formDocument(id);
    },
    onLive: async ({ id, v }) => {
      const approved = await forms.version(id, v);
      if (approved) forms.published(approved);
    },
  });
}

/** A form's versions as the four-eyes step sees them. */
const formDocument = (formId: string): StudioDocument => ({ table: 'form_versions', formId, subjectType: 'form', subjectId: formId, name: 'this form' });
