/**
 * Drafts of long forms, saved as the user types so nothing is lost: one per user and form. A draft is partial, so
 * it is not validated; its new images are stored as files (and answered as `file:<id>` references) so later saves
 * send only references. An image that is not a PNG or JPEG is left out of the draft (the form shows why).
 */
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../plugins/auth';
import { notFound } from '../errors';
import { FORM_BODY_LIMIT } from '../limits';
import { decodeUploads, storeUploads } from '../files/store';
import { dateTime, dateTimeOrNull, freeForm, messageSchema, object } from './schemas';

const params = {
  type: 'object',
  properties: { formId: { type: 'string', pattern: '^[a-z][a-z0-9-]{1,60}$' } },
  required: ['formId'],
} as const;

// Free-form: a draft is a partial form as the person typed it (not validated), in the fields of the form it is for.
const draftSchema = object({
  data: { ...freeForm('The saved draft (file:<id> references for its images); null when there is none.'), type: ['object', 'null'] },
  updatedAt: dateTimeOrNull,
});

export default async function draftRoutes(app: FastifyInstance): Promise<void> {
  const formOf = (formId: string) => {
    const schema = app.formSchemas[formId];
    if (!schema) throw notFound('This form');
    return schema;
  };

  app.get<{ Params: { formId: string } }>(
    '/me/drafts/:formId',
    { schema: { tags: ['drafts'], security: [{ bearer: [] }], params, response: { 200: draftSchema } }, onRequest: app.requireUser },
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
        response: { 200: object({ data: draftSchema.properties.data, updatedAt: dateTime }) },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const me = currentUser(request);
      const schema = formOf(request.params.formId);
      const decoded = decodeUploads(schema, request.body.data, { lenient: true });
      const stored = await app.db.transaction().execute(async (trx) => {
        const data = await storeUploads(trx, me.id, decoded, { type: 'draft', id: me.id });
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
    { schema: { tags: ['drafts'], security: [{ bearer: [] }], params, response: { 200: messageSchema } }, onRequest: app.requireUser },
    async (request) => {
      formOf(request.params.formId);
      await app.db.deleteFrom('drafts').where('user_id', '=', currentUser(request).id).where('form_id', '=', request.params.formId).execute();
      return { message: 'Draft discarded.' };
    },
  );
}
