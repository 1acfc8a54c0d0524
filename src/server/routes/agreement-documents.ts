/**
 * An agreement's own page and its Murabaha document: the JSON view with the terms the document was made from, the
 * PDF itself (the stored bytes, so every download is identical and matches the SHA-256 in the view), and each
 * party's consent to exactly that document. The investor, the project's owner and staff may read; only the two
 * parties consent; anyone else gets 404, as if it did not exist.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { currentUser, type SessionUser } from '../plugins/auth';
import { conflict, forbidden, notFound } from '../errors';
import { audit } from '../audit';
import { consentStatement } from '../../shared/agreement/content';
import type { ConsentParty } from '../../shared/api/views';
import type { AgreementTerms } from '../../shared/agreement/terms';
import { consentSchema, documentFileName, documentViews } from '../agreements/views';
import { agreementSchema, agreementView, viewsFor } from './agreements';
import { bytes, freeForm, idParams, object, string } from './schemas';


/** The agreement request and the reader's part in it; 404 for anyone who is neither party nor staff. */
async function readable(db: Kysely<DB>, id: string, me: SessionUser) {
  const row = await db
    .selectFrom('agreement_requests as a')
    .innerJoin('projects as p', 'p.id', 'a.project_id')
    .selectAll('a')
    .select(['p.owner_id', 'p.title as project_title'])
    .where('a.id', '=', id)
    .executeTakeFirst();
  const party: ConsentParty | null = row?.investor_id === me.id ? 'investor' : row?.owner_id === me.id ? 'owner' : null;
  if (!row || (!party && !me.isStaff)) throw notFound('This agreement');
  const { owner_id: _o, project_title: projectTitle, ...agreement } = row;
  return { agreement, projectTitle, party };
}

/** Why an agreement has no document to read or agree to. */
function noDocument(status: string, investmentType: string): Error {
  if (status !== 'accepted') return conflict(`This proposal is ${status}: its agreement is made only when the owner accepts it.`);
  if (investmentType === 'Donation') return conflict('This is a donation: there is no Murabaha agreement to download or agree to.');
  return conflict('The agreement document is still being prepared. Please try again in a minute.');
}

/** One agreement as its page shows it: the proposal card, the project's title, the reader's part and the terms. */
const agreementPageSchema = object({
  ...agreementSchema.properties,
  projectTitle: string,
  viewerParty: { type: ['string', 'null'], enum: ['investor', 'owner', null], description: 'Null for staff.' },
  // Free-form: the terms exactly as stored when the document was made (shared/agreement/terms.ts at that time): an
  // old document's terms keep the shape they were made with, and the page shows them as they are.
  terms: { ...freeForm('The terms the document was made from (null before there is a document).'), type: ['object', 'null'] },
});

export default async function agreementDocumentRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string } }>(
    '/agreement-requests/:id',
    {
      schema: {
        tags: ['agreements'],
        security: [{ bearer: [] }],
        description:
          "One agreement request as its investor, its project's owner or staff see it: the proposal card, and once accepted its `document` (number, SHA-256 of the PDF's bytes, each party's consent) and the `terms` the document was made from.",
        params: idParams,
        response: { 200: agreementPageSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const { agreement, projectTitle, party } = await readable(app.db, request.params.id, currentUser(request));
      const [names, documents] = await viewsFor(app.db, [agreement]);
      const stored = await app.db.selectFrom('agreement_documents').select('terms').where('agreement_id', '=', agreement.id).executeTakeFirst();
      return { ...agreementView(agreement, names, documents), projectTitle, viewerParty: party, terms: stored?.terms ?? null };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/agreement-requests/:id/document.pdf',
    {
      schema: {
        tags: ['agreements'],
        security: [{ bearer: [] }],
        description: "The agreement's Murabaha document (PDF): the same bytes on every download; their SHA-256 is `document.sha256` of the agreement's view.",
        params: idParams,
        response: { 200: bytes('application/pdf', 'The Murabaha agreement document.') },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const { agreement } = await readable(app.db, request.params.id, currentUser(request));
      const doc = await app.db.selectFrom('agreement_documents').select(['number', 'pdf', 'sha256']).where('agreement_id', '=', agreement.id).executeTakeFirst();
      if (!doc) throw noDocument(agreement.status, agreement.investment_type);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${documentFileName(doc.number)}"`)
        .header('x-content-type-options', 'nosniff')
        .header('etag', `"${doc.sha256}"`)
        .header('cache-control', 'private, max-age=3600')
        .send(Buffer.from(doc.pdf));
    },
  );

  app.post<{ Params: { id: string }; Body: { sha256: string } }>(
    '/agreement-requests/:id/consent',
    {
      schema: {
        tags: ['agreements'],
        security: [{ bearer: [] }],
        description:
          "Records the signed-in party's consent to the agreement document whose SHA-256 the body names (409 when it is not this agreement's). Once per party: a second call answers 200 with the first consent.",
        params: idParams,
        body: { $ref: 'agreement-consent#' },
        response: { 200: consentSchema, 201: consentSchema },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const me = currentUser(request);
      const { agreement, party } = await readable(app.db, request.params.id, me);
      if (!party) throw forbidden('Only the investor and the project owner consent to an agreement.');
      const result = await app.db.transaction().execute(async (trx) => {
        const doc = await trx.selectFrom('agreement_documents').select(['sha256', 'terms']).where('agreement_id', '=', agreement.id).executeTakeFirst();
        if (!doc) throw noDocument(agreement.status, agreement.investment_type);
        if (doc.sha256 !== request.body.sha256) {
          throw conflict(
            'That is not the fingerprint of this agreement’s document, so nothing was recorded. Reload the page, read the agreement shown there, and agree again.',
          );
        }
        const statement = consentStatement(party, doc.terms as unknown as AgreementTerms);
        const inserted = await trx
          .insertInto('agreement_consents')
          .values({ agreement_id: agreement.id, party, user_id: me.id, sha256: doc.sha256, statement })
          .onConflict((oc) => oc.columns(['agreement_id', 'party']).doNothing())
          .returning('party')
          .executeTakeFirst();
        if (inserted) {
          await audit(trx, { actorId: me.id, action: `agreement.consent.${party}`, subjectType: 'agreement_request', subjectId: agreement.id, before: null, after: 'consented', note: `SHA-256 ${doc.sha256}: ${statement}` });
        }
        // The answer is read in the transaction: a consent that committed is never answered with an error.
        const view = (await documentViews(trx, [agreement.id])).get(agreement.id)!;
        return { created: Boolean(inserted), consent: view.consents[party]! };
      });
      return reply.status(result.created ? 201 : 200).send(result.consent);
    },
  );
}
