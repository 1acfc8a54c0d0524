/**
 * The site content and its published versions (the studio's content page). Anyone reads the current version (strong
 * ETag); staff read the schema the content form is generated from, list and read versions, keep one draft each,
 * check a document and publish it as the next version: refused with the problems when it breaks content.schema.json
 * or a link leads to no screen, and refused when another version was published after the draft was started.
 */
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../plugins/auth';
import { AppError, badRequest, notFound } from '../errors';
import { countOf } from '../../shared/format/count';
import {
  approvalRequired, decisionRoutes, decisionView, DECISION_COLUMNS, draftsOf, emailsOf, isUniqueViolation, liveVersion, noDraftSchema, notModified, otherDraftsSchema,
  publishedSchemas, StaleBase, staleDraft, versionListItemSchema,
} from '../modules/forms/service';
import { arrayOf, dateTime, fieldErrorSchema, freeForm, integer, noContent, object, string } from './schemas';
import { CONTENT_DOCUMENT } from '../content/site-content';

const NOTE_MAX = 500;
const document = { type: 'object', maxProperties: 50 } as const;
const versionParams = { type: 'object', properties: { v: { type: 'integer', minimum: 1, maximum: 1_000_000 } }, required: ['v'] } as const;

type Doc = Record<string, unknown>;
type Words = Record<string, string>;

/** The content's Bengali: English text → Bengali (bounded like any staff input). */
const words = { type: 'object', maxProperties: 5000, additionalProperties: { type: 'string', maxLength: 5000 } } as const;
/** A draft or a version with its words: one key per text of the content. */
const WITH_WORDS = { inputLimits: { maxKeys: 5000, maxValues: 20_000 } };

// Free-form: the site content is the document content.schema.json describes (its texts, links and pages), which staff
// change in the studio; the API passes it on as stored.
const contentDocument = freeForm('The site content, as content.schema.json describes it.');
/** The content's Bengali: English text → Bengali. */
const wordsSchema = { type: 'object', additionalProperties: string } as const;
const contentVersionSchema = object({ version: integer, content: contentDocument, translations: wordsSchema });
const problemsSchema = arrayOf(fieldErrorSchema);

export default async function contentRoutes(app: FastifyInstance): Promise<void> {
  const site = app.siteContent;
  const tags = ['content'];
  const staffOnly = { security: [{ bearer: [] }] };

  app.get('/content', { schema: { tags, description: 'The current site content: { version, content, translations } (its Bengali: English text → Bengali). Strong ETag; 304 on If-None-Match.', response: { 200: contentVersionSchema, 304: noContent } } }, async (request, reply) => {
    const v = await site.version(await site.currentVersion());
    if (!v) throw notFound('The site content');
    const etag = `"content-${v.version}"`;
    reply.header('ETag', etag).header('Cache-Control', 'no-cache');
    if (notModified(request, etag)) return reply.status(304).send();
    return { version: v.version, content: v.content, translations: v.translations };
  });

  app.get('/content/schema', { schema: { tags, ...staffOnly, description: 'content.schema.json, which the content form is generated from (staff).', response: { 200: freeForm('A JSON Schema document (content.schema.json): free-form by nature.') } }, onRequest: app.requireStaff }, async () => site.contentSchema);

  app.get('/content/versions', { schema: { tags, ...staffOnly, description: 'Every version of the site content, newest first, with where each stands (live, waiting for approval, returned, superseded) (staff).', response: { 200: arrayOf(versionListItemSchema) } }, onRequest: app.requireStaff }, async (request) => {
    const rows = await app.db.selectFrom('content_versions').select(['version', 'note', 'author_id', 'published_at', ...DECISION_COLUMNS]).orderBy('version', 'desc').execute();
    const names = await emailsOf(app.db, rows.flatMap((r) => [r.author_id, r.decided_by]));
    return rows.map((r) => ({ version: r.version, note: r.note, publishedBy: r.author_id ? (names.get(r.author_id) ?? null) : null, publishedAt: r.published_at.toISOString(), ...decisionView(r, names, currentUser(request).id) }));
  });

  app.get<{ Params: { v: number } }>(
    '/content/versions/:v',
    { schema: { tags, ...staffOnly, params: versionParams, description: 'One published version of the site content (staff).', response: { 200: contentVersionSchema } }, onRequest: app.requireStaff },
    async (request) => {
      const v = await site.version(request.params.v);
      if (!v) throw notFound('This version of the site content');
      return { version: v.version, content: v.content, translations: v.translations };
    },
  );

  app.get('/content/draft', { schema: { tags, ...staffOnly, description: "The caller's content draft and who else has one (staff); 404 (with `others`) when the caller has none.", response: { 200: object({ baseVersion: integer, content: contentDocument, translations: wordsSchema, updatedAt: dateTime, others: otherDraftsSchema }), 404: noDraftSchema } }, onRequest: app.requireStaff }, async (request, reply) => {
    const me = currentUser(request);
    const rows = await app.db.selectFrom('content_drafts').selectAll().orderBy('updated_at', 'desc').execute();
    const { mine, others } = await draftsOf(app.db, rows, me.id);
    if (!mine) return reply.status(404).send({ message: 'You have no draft of the site content.', others });
    // The draft's Bengali, else its base version's (a draft saved before drafts kept words).
    const translations = site.wordsFor(mine.content, { ...(await site.version(mine.base_version))?.translations, ...mine.translations });
    return { baseVersion: mine.base_version, content: mine.content, translations, updatedAt: mine.updated_at.toISOString(), others };
  });

  app.put<{ Body: { baseVersion: number; content: Doc; translations?: Words } }>(
    '/content/draft',
    {
      schema: {
        tags,
        ...staffOnly,
        body: { type: 'object', properties: { baseVersion: { type: 'integer', minimum: 1 }, content: document, translations: words }, required: ['baseVersion', 'content'], additionalProperties: false },
        description: "Saves the caller's content draft and its Bengali (autosave; staff). The answer lists its problems, which do not stop a draft.",
        response: { 200: object({ baseVersion: integer, updatedAt: dateTime, problems: problemsSchema }) },
      },
      config: WITH_WORDS,
      onRequest: app.requireStaff,
    },
    async (request) => {
      const me = currentUser(request);
      if (!(await site.version(request.body.baseVersion))) throw badRequest(`Version ${request.body.baseVersion} of the site content does not exist.`, [{ path: '/baseVersion', message: 'No such version' }]);
      const values = { base_version: request.body.baseVersion, content: JSON.stringify(request.body.content), translations: JSON.stringify(request.body.translations ?? {}), updated_at: new Date() };
      const row = await app.db
        .insertInto('content_drafts')
        .values({ author_id: me.id, ...values })
        .onConflict((oc) => oc.column('author_id').doUpdateSet(values))
        .returning(['updated_at'])
        .executeTakeFirstOrThrow();
      return { baseVersion: values.base_version, updatedAt: row.updated_at.toISOString(), problems: site.problems(request.body.content) };
    },
  );

  app.delete('/content/draft', { schema: { tags, ...staffOnly, description: "Discards the caller's content draft (staff).", response: { 204: noContent } }, onRequest: app.requireStaff }, async (request, reply) => {
    const me = currentUser(request);
    const gone = await app.db.deleteFrom('content_drafts').where('author_id', '=', me.id).executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) throw notFound('Your draft of the site content');
    return reply.status(204).send();
  });

  app.post<{ Body: { baseVersion: number; content: Doc; translations?: Words; note: string } }>(
    '/content/publish',
    {
      schema: {
        tags,
        ...staffOnly,
        body: {
          type: 'object',
          properties: { baseVersion: { type: 'integer', minimum: 1 }, content: document, translations: words, note: { type: 'string', maxLength: NOTE_MAX } },
          required: ['baseVersion', 'content', 'note'],
          additionalProperties: false,
        },
        description:
          "Publishes site content as the next version (staff): 201 when it is live at once, 202 when it waits for another staff member's approval (STUDIO_REQUIRE_APPROVAL); 409 when another version was published after the draft was started, 422 with the problems when it breaks its schema or a link leads nowhere. Its Bengali words are `translations` (else the base version's); a text without one shows in English to Bengali readers.",
        response: publishedSchemas,
      },
      config: WITH_WORDS,
      onRequest: app.requireStaff,
    },
    async (request, reply) => {
      const me = currentUser(request);
      const { baseVersion, content } = request.body;
      const note = request.body.note.trim();
      // Named from the database (what this process last read may be a second old).
      const stale = async (): Promise<AppError> => staleDraft(app.db, (await site.version(await liveVersion(app.db, CONTENT_DOCUMENT)))!, baseVersion, 'the file');
      if ((await site.currentVersion()) !== baseVersion) throw await stale();
      const problems = site.problems(content);
      if (problems.length > 0) throw new AppError(422, `This content cannot be published: ${countOf(problems.length, 'problem')} to fix first.`, problems);
      // Its Bengali: the words sent, else the base version's. A text without one is published all the same and shows in
      // English to a Bengali reader until its Bengali is written (the studio counts and marks them): the bundled
      // content's pages, blog and help have no Bengali yet, and a change of a menu label must not wait for them.
      const translations = request.body.translations ?? (await site.version(baseVersion))?.translations ?? {};
      const status = (await approvalRequired(app)) ? 'pending_approval' : 'live';
      let version: number;
      try {
        version = await app.db.transaction().execute(async (trx) => {
          const v = await site.publish(trx, content, translations, note, me.id, baseVersion, status);
          await trx.deleteFrom('content_drafts').where('author_id', '=', me.id).execute();
          return v;
        });
      } catch (err) {
        if (isUniqueViolation(err) || err instanceof StaleBase) throw await stale();
        throw err;
      }
      if (status === 'live') site.published(version);
      return status === 'live' ? reply.status(201).send({ version }) : reply.status(202).send({ version, status });
    },
  );

  decisionRoutes<{ v: number }>(app, { path: '/content/versions/:v', params: versionParams, tags, documentOf: () => CONTENT_DOCUMENT, onLive: ({ v }) => site.published(v) });
}
