/** The studio's drafts (staff): one per form and staff member, saved as they type, read back with who else has one. */
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../../plugins/auth';
import { noContent } from '../../../routes/schemas';
import { discardFormDraft, formDraft, saveFormDraft, type DraftBody } from '../service';
import { draftBody, draftSchema, formParams, noDraftSchema, WITH_WORDS } from '../schemas';

const staff = { tags: ['forms'], security: [{ bearer: [] }] };

export default async function formDraftRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string } }>(
    '/forms/:id/draft',
    { schema: { ...staff, params: formParams, description: "The caller's draft of a form and who else has one (staff). 404 when the caller has none; the others are in the 404's `others` too.", response: { 200: draftSchema, 404: noDraftSchema } }, onRequest: app.requireStaff },
    async (request, reply) => {
      const { draft, others } = await formDraft(app, request.params.id, currentUser(request).id);
      if (!draft) return reply.status(404).send({ message: 'You have no draft of this form.', others });
      return draft;
    },
  );

  app.put<{ Params: { id: string }; Body: DraftBody }>(
    '/forms/:id/draft',
    { schema: { ...staff, params: formParams, body: draftBody, description: "Saves the caller's draft (autosave; staff).", response: { 200: draftSchema } }, config: WITH_WORDS, onRequest: app.requireStaff },
    (request) => saveFormDraft(app, request.params.id, currentUser(request).id, request.body),
  );

  app.delete<{ Params: { id: string } }>(
    '/forms/:id/draft',
    { schema: { ...staff, params: formParams, description: "Discards the caller's draft (staff).", response: { 204: noContent } }, onRequest: app.requireStaff },
    async (request, reply) => {
      await discardFormDraft(app, request.params.id, currentUser(request).id);
      return reply.status(204).send();
    },
  );
}
