/**
 * An agreement's own page and its Murabaha document: the JSON view with the terms the document was made from, the
 * PDF itself (the stored bytes, so every download is identical and matches the SHA-256 in the view), and each
 * party's consent to exactly that document.
 */
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../../plugins/auth';
import { bytes, idParams } from '../../../routes/schemas';
import { agreementPage, agreementPdf, consent } from '../service';
import { agreementPageSchema, consentSchema } from '../schemas';

const tagged = { tags: ['agreements'], security: [{ bearer: [] }] };

export default async function documentRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string } }>(
    '/agreement-requests/:id',
    {
      schema: {
        ...tagged,
        description:
          "One agreement request as its investor, its project's owner or staff see it: the proposal card, and once accepted its `document` (number, SHA-256 of the PDF's bytes, each party's consent) and the `terms` the document was made from.",
        params: idParams,
        response: { 200: agreementPageSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => agreementPage(app.db, request.params.id, currentUser(request)),
  );

  app.get<{ Params: { id: string } }>(
    '/agreement-requests/:id/document.pdf',
    {
      schema: {
        ...tagged,
        description: "The agreement's Murabaha document (PDF): the same bytes on every download; their SHA-256 is `document.sha256` of the agreement's view.",
        params: idParams,
        response: { 200: bytes('application/pdf', 'The Murabaha agreement document.') },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const pdf = await agreementPdf(app.db, request.params.id, currentUser(request));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${pdf.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('etag', `"${pdf.sha256}"`)
        .header('cache-control', 'private, max-age=3600')
        .send(pdf.bytes);
    },
  );

  app.post<{ Params: { id: string }; Body: { sha256: string } }>(
    '/agreement-requests/:id/consent',
    {
      schema: {
        ...tagged,
        description:
          "Records the signed-in party's consent to the agreement document whose SHA-256 the body names (409 when it is not this agreement's). Once per party: a second call answers 200 with the first consent.",
        params: idParams,
        body: { $ref: 'agreement-consent#' },
        response: { 200: consentSchema, 201: consentSchema },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const result = await consent(app.db, request.params.id, currentUser(request), request.body.sha256);
      return reply.status(result.created ? 201 : 200).send(result.consent);
    },
  );
}
