/**
 * A form's versions as anyone reads them: the current one (with a strong ETag), any version that went live and its
 * browser validator (an immutable ES module compiled by the server). One that never went live (waiting for
 * approval, returned, superseded) only staff read, uncached; to others it does not exist.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../../errors';
import { bytes, noContent } from '../../../routes/schemas';
import { knownForm, notModified, type FormVersion } from '../service';
import { formParams, publicFormSchema, versionParams } from '../schemas';

export default async function formVersionRoutes(app: FastifyInstance): Promise<void> {
  const forms = app.forms;

  /** A version the caller may read, and how long it may be kept. */
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

  app.get<{ Params: { id: string } }>(
    '/forms/:id',
    { schema: { tags: ['forms'], params: formParams, description: "A form's current version: schema, ui-schema and its validator's URL. Strong ETag; 304 on If-None-Match.", response: { 200: publicFormSchema, 304: noContent } } },
    async (request, reply) => {
      knownForm(forms, request.params.id);
      const v = await forms.current(request.params.id);
      if (!v) throw notFound('This form');
      // Revalidated on every use: a new version may be published at any time.
      return sendVersion(request, reply, v, 'no-cache');
    },
  );

  app.get<{ Params: { id: string; v: number } }>(
    '/forms/:id/versions/:v',
    { schema: { tags: ['forms'], security: [{}, { bearer: [] }], params: versionParams, description: 'One published version (immutable); one that never went live (waiting for approval, returned) is for staff only.', response: { 200: publicFormSchema, 304: noContent } } },
    async (request, reply) => {
      knownForm(forms, request.params.id);
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
      knownForm(forms, request.params.id);
      const { v, cache } = await readableVersion(request, request.params.id, request.params.v);
      const code = await forms.standaloneModule(v);
      return reply.header('Content-Type', 'text/javascript; charset=utf-8').header('Cache-Control', cache).send(code);
    },
  );
}
