/**
 * Investment offers from the invest form (the investor cards of the Invest tab), relevant investors for a project,
 * and Request For Invest: an owner's invitation to an offer's investor, naming a project.
 */
import type { FastifyInstance } from 'fastify';
import type { InvestForm } from '../../../shared/generated/form-types';
import { currentUser } from '../../plugins/auth';
import { FORM_BODY_LIMIT } from '../../limits';
import { OWN_PAGE_QUERY } from '../../db/cursor';
import { arrayOf, idParams, object, pageOf } from '../../routes/schemas';
import { invite, makeOffer, myInvitations, offerPage, oneOffer, relevantInvestors, shareContact, withdraw } from './service';
import { contactSharedSchema, invitationSchema, invitationSentSchema, offerSchema, relevantInvestorSchema } from './schemas';

const tagged = { tags: ['offers'], security: [{ bearer: [] }] };

export default async function offerRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: InvestForm; Querystring: { projectId?: string } }>(
    '/offers',
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        ...tagged,
        description: 'Made from a project page, pass ?projectId= to link the offer to that project.',
        querystring: { type: 'object', properties: { projectId: { type: 'string', format: 'uuid' } }, additionalProperties: false },
        response: { 201: offerSchema },
        body: { $ref: 'invest#' },
      },
      onRequest: app.requireUser,
      config: { idempotent: true },
    },
    async (request, reply) =>
      makeOffer(app, request.body, request.query.projectId, { schema: request.formSchema!, version: request.formVersion! }, currentUser(request), (work) => app.writeOnce(request, reply, 201, work)),
  );

  app.get<{ Querystring: { cursor?: string; limit: number } }>(
    '/offers',
    {
      schema: {
        ...tagged,
        description:
          'Open offers, the investor cards: newest first, a page at a time (`nextCursor` asks for the next one). Contact details only to the investor, staff, and an owner the investor answered.',
        querystring: OWN_PAGE_QUERY,
        response: { 200: pageOf(offerSchema) },
      },
      onRequest: app.requireUser,
    },
    async (request) => offerPage(app, 'open', currentUser(request), request.query),
  );

  app.get<{ Params: { id: string } }>(
    '/offers/:id',
    {
      schema: { ...tagged, description: 'One investor card (a withdrawn offer only to its investor and staff).', params: idParams, response: { 200: offerSchema } },
      onRequest: app.requireUser,
    },
    async (request) => oneOffer(app, request.params.id, currentUser(request)),
  );

  app.get<{ Querystring: { cursor?: string; limit: number } }>(
    '/me/offers',
    {
      schema: { ...tagged, description: 'My offers, newest first, a page at a time (`nextCursor` asks for the next one).', querystring: OWN_PAGE_QUERY, response: { 200: pageOf(offerSchema) } },
      onRequest: app.requireUser,
    },
    async (request) => offerPage(app, 'mine', currentUser(request), request.query),
  );

  app.post<{ Params: { id: string } }>(
    '/offers/:id/withdraw',
    { schema: { ...tagged, params: idParams, response: { 200: offerSchema } }, onRequest: app.requireUser },
    async (request) => withdraw(app, request.params.id, currentUser(request)),
  );

  app.get<{ Params: { id: string } }>(
    '/projects/:id/relevant-investors',
    {
      schema: {
        ...tagged,
        description: "Owner only: offers linked to the project first, then open BDT offers of the project's category covering its minimum investment.",
        params: idParams,
        response: { 200: object({ items: arrayOf(relevantInvestorSchema) }) },
      },
      onRequest: app.requireUser,
    },
    async (request) => relevantInvestors(app, request.params.id, currentUser(request)),
  );

  app.post<{ Params: { id: string }; Body: { projectId: string } }>(
    '/offers/:id/requests',
    {
      schema: {
        ...tagged,
        description: "Request For Invest: the owner of an open project invites an offer's investor to it.",
        params: idParams,
        body: { $ref: 'invest-request#' },
        response: { 201: invitationSentSchema },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => reply.status(201).send(await invite(app, request.params.id, request.body.projectId, currentUser(request))),
  );

  app.get<{ Querystring: { cursor?: string; limit: number } }>(
    '/me/invitations',
    {
      schema: {
        ...tagged,
        description: 'Projects whose owners asked me to invest (Request For Invest), newest first, a page at a time.',
        querystring: OWN_PAGE_QUERY,
        response: { 200: pageOf(invitationSchema) },
      },
      onRequest: app.requireUser,
    },
    async (request) => myInvitations(app, currentUser(request), request.query),
  );

  app.post<{ Params: { id: string } }>(
    '/me/invitations/:id/share-contact',
    {
      schema: {
        ...tagged,
        description:
          "The investor shares the contact details of the invited offer (phone, e-mail) with the project owner who sent the Request For Invest. Sharing again changes nothing; others' invitations are 404.",
        params: idParams,
        response: { 200: contactSharedSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => shareContact(app, request.params.id, currentUser(request)),
  );
}
