/**
 * Drafts of long forms, saved as the user types so nothing is lost: one per user and form. A draft is partial, so
 * it is not validated; its new images are stored as files (and answered as `file:<id>` references) so later saves
 * send only references. An image that is not a PNG or JPEG is left out of the draft (the form shows why).
 */
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../plugins/auth';
import { notFound } from '../errors';
import { FORM_BODY_LIMIT } from '../limits';
import { FILE_REF, storeUploads } from '../files/store';
import { uploadPaths } from '../files/upload-paths';
import { decodeDataUrl, FileRejected, type DecodedFile } from '../files/data-url';
import { pointerSegments } from '../../shared/validation/errors';

const params = {
  type: 'object',
  properties: { formId: { type: 'string', pattern: '^[a-z][a-z0-9-]{1,60}$' } },
  required: ['formId'],
} as const;

export default async function draftRoutes(app: FastifyInstance): Promise<void> {
  const formOf = (formId: string) => {
    const schema = app.formSchemas[formId];
    if (!schema) throw notFound('This form');
    return schema;
  };

  app.get<{ Params: { formId: string } }>(
    '/me/drafts/:formId',
    { schema: { tags: ['drafts'], security: [{ bearer: [] }], params }, preHandler: app.requireUser },
    async (request) => {
      formOf(request.params.formId);
      const row = await app.db
        .selectFrom('drafts')
        .select(['data', 'updated_at'])
        .where('user_id', '=', currentUser(request).id)
        .where('form_id', '=', request.params.formId)
        .executeTakeFirst();
      return { data: row?.data ?? null, updatedAt: row?.updated_at.toISOString() ?? null };
    },
  );

  app.put<{ Params: { formId: string }; Body: { data: Record<string, unknown> } }>(
    '/me/drafts/:formId',
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        tags: ['drafts'],
        security: [{ bearer: [] }],
        params,
        body: { type: 'object', properties: { data: { type: 'object' } }, required: ['data'], additionalProperties: false },
      },
      preHandler: app.requireUser,
    },
    async (request) => {
      const me = currentUser(request);
      const schema = formOf(request.params.formId);
      const doc = structuredClone(request.body.data);
      const files = new Map<string, DecodedFile>();
      const refs = new Map<string, string>();
      for (const path of uploadPaths(schema, doc)) {
        const segments = pointerSegments(path);
        const key = segments.pop()!;
        const parent = segments.reduce<Record<string, unknown>>((node, s) => node[s] as Record<string, unknown>, doc);
        const value = String(parent[key]);
        const ref = FILE_REF.exec(value);
        if (ref) {
          refs.set(path, ref[1]!);
          continue;
        }
        try {
          files.set(path, decodeDataUrl(value));
        } catch (err) {
          if (!(err instanceof FileRejected)) throw err;
          delete parent[key];
        }
      }
      const owned = refs.size
        ? new Set((await app.db.selectFrom('files').select('id').where('owner_id', '=', me.id).where('id', 'in', [...refs.values()]).execute()).map((r) => r.id))
        : new Set<string>();
      for (const [path, id] of refs) if (!owned.has(id)) refs.delete(path);
      const stored = await app.db.transaction().execute(async (trx) => {
        const data = await storeUploads(trx, me.id, { doc, files, refs }, { type: 'draft', id: me.id });
        const json = JSON.stringify(data);
        await trx
          .insertInto('drafts')
          .values({ user_id: me.id, form_id: request.params.formId, data: json })
          .onConflict((oc) => oc.columns(['user_id', 'form_id']).doUpdateSet({ data: json, updated_at: new Date() }))
          .execute();
        return data;
      });
      return { data: stored, updatedAt: new Date().toISOString() };
    },
  );

  app.delete<{ Params: { formId: string } }>(
    '/me/drafts/:formId',
    { schema: { tags: ['drafts'], security: [{ bearer: [] }], params }, preHandler: app.requireUser },
    async (request) => {
      formOf(request.params.formId);
      await app.db.deleteFrom('drafts').where('user_id', '=', currentUser(request).id).where('form_id', '=', request.params.formId).execute();
      return { message: 'Draft discarded.' };
    },
  );
}
