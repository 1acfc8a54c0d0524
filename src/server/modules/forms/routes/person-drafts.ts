/**
 * Drafts of long forms, saved as the user types so nothing is lost: one per user and form. A draft is partial, so
 * it is not validated; its new images are stored as files (and answered as `file:<id>` references) so later saves
 * send only references. An image that is not a PNG or JPEG is left out of the draft (the form shows why).
 */
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../../plugins/auth';
import { FORM_BODY_LIMIT } from '../../../limits';
import { messageSchema } from '../../../routes/schemas';
import { discardPersonDraft, personDraft, savePersonDraft } from '../service';
import { personDraftBody, personDraftParams as params, personDraftSchema, savedPersonDraftSchema } from '../schemas';

export default async function personDraftRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { formId: string } }>(
    '/me/drafts/:formId',
    { schema: { tags: ['drafts'], security: [{ bearer: [] }], params, response: { 200: personDraftSchema } }, onRequest: app.requireUser },
    (request) => personDraft(app, currentUser(request).id, request.params.formId),
  );

  app.put<{ Params: { formId: string }; Body: { data: Record<string, unknown> } }>(
    '/me/drafts/:formId',
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        tags: ['drafts'],
        security: [{ bearer: [] }],
        params,
        body: personDraftBody,
        response: { 200: savedPersonDraftSchema },
      },
      onRequest: app.requireUser,
    },
    (request) => savePersonDraft(app, currentUser(request).id, request.params.formId, request.body.data),
  );

  app.delete<{ Params: { formId: string } }>(
    '/me/drafts/:formId',
    { schema: { tags: ['drafts'], security: [{ bearer: [] }], params, response: { 200: messageSchema } }, onRequest: app.requireUser },
    (request) => discardPersonDraft(app, currentUser(request).id, request.params.formId),
  );
}
