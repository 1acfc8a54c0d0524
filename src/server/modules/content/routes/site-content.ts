/**
 * The site content and its published versions (the studio's content page). Anyone reads the current version (strong
 * ETag); staff read the schema the content form is generated from, list and read versions, keep one draft each,
 * check a document and publish it as the next version, and approve or return a version waiting for approval.
 */
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../../plugins/auth';
import { noDraftSchema, notModified, otherDraftsSchema, publishedSchemas } from '../../forms/service';
import { decisionRoutes, versionListItemSchema } from '../../forms/service';
import { arrayOf, dateTime, freeForm, integer, noContent, object } from '../../../routes/schemas';
import {
  CONTENT_DOCUMENT, contentDraft, contentSchema, contentVersion, contentVersions, contentWentLive, currentContent, discardContentDraft, publishContent, saveContentDraft,
} from '../service';
import { contentDocument, contentVersionSchema, documentBody, NOTE_MAX, problemsSchema, versionParams, WITH_WORDS, wordsBody, wordsSchema } from '../schemas';

type Doc = Record<string, unknown>;
type Words = Record<string, string>;

export default async function siteContentRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['content'];
  const staffOnly = { security: [{ bearer: [] }] };

  app.get('/content', { schema: { tags, description: 'The current site content: { version, content, translations } (its Bengali: English text → Bengali). Strong ETag; 304 on If-None-Match.', response: { 200: contentVersionSchema, 304: noContent } } }, async (request, reply) => {
    const v = await currentContent(app);
    const etag = `"content-${v.version}"`;
    reply.header('ETag', etag).header('Cache-Control', 'no-cache');
    if (notModified(request, etag)) return reply.status(304).send();
    return v;
  });

  app.get('/content/schema', { schema: { tags, ...staffOnly, description: 'content.schema.json, which the content form is generated from (staff).', response: { 200: freeForm('A JSON Schema document (content.schema.json): free-form by nature.') } }, onRequest: app.requireStaff }, async () => contentSchema(app));

  app.get('/content/versions', { schema: { tags, ...staffOnly, description: 'Every version of the site content, newest first, with where each stands (live, waiting for approval, returned, superseded) (staff).', response: { 200: arrayOf(versionListItemSchema) } }, onRequest: app.requireStaff }, (request) => contentVersions(app, currentUser(request)));

  app.get<{ Params: { v: number } }>(
    '/content/versions/:v',
    { schema: { tags, ...staffOnly, params: versionParams, description: 'One published version of the site content (staff).', response: { 200: contentVersionSchema } }, onRequest: app.requireStaff },
    (request) => contentVersion(app, request.params.v),
  );

  app.get('/content/draft', { schema: { tags, ...staffOnly, description: "The caller's content draft and who else has one (staff); 404 (with `others`) when the caller has none.", response: { 200: object({ baseVersion: integer, content: contentDocument, translations: wordsSchema, updatedAt: dateTime, others: otherDraftsSchema }), 404: noDraftSchema } }, onRequest: app.requireStaff }, async (request, reply) => {
    const found = await contentDraft(app, currentUser(request));
    return 'missing' in found ? reply.status(404).send(found.missing) : found.draft;
  });

  app.put<{ Body: { baseVersion: number; content: Doc; translations?: Words } }>(
    '/content/draft',
    {
      schema: {
        tags,
        ...staffOnly,
        body: { type: 'object', properties: { baseVersion: { type: 'integer', minimum: 1 }, content: documentBody, translations: wordsBody }, required: ['baseVersion', 'content'], additionalProperties: false },
        description: "Saves the caller's content draft and its Bengali (autosave; staff). The answer lists its problems, which do not stop a draft.",
        response: { 200: object({ baseVersion: integer, updatedAt: dateTime, problems: problemsSchema }) },
      },
      config: WITH_WORDS,
      onRequest: app.requireStaff,
    },
    (request) => saveContentDraft(app, currentUser(request), request.body),
  );

  app.delete('/content/draft', { schema: { tags, ...staffOnly, description: "Discards the caller's content draft (staff).", response: { 204: noContent } }, onRequest: app.requireStaff }, async (request, reply) => {
    await discardContentDraft(app, currentUser(request));
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
          properties: { baseVersion: { type: 'integer', minimum: 1 }, content: documentBody, translations: wordsBody, note: { type: 'string', maxLength: NOTE_MAX } },
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
      const published = await publishContent(app, currentUser(request), request.body);
      return reply.status('status' in published ? 202 : 201).send(published);
    },
  );

  decisionRoutes<{ v: number }>(app, { path: '/content/versions/:v', params: versionParams, tags, documentOf: () => CONTENT_DOCUMENT, onLive: ({ v }) => contentWentLive(app, v) });
}
