/** Agreement requests: sending one, the pages of them, and the owner's and the investor's decisions on them. */
import type { FastifyInstance } from 'fastify';
import type { AgreementStatus } from '../../../db/schema';
import type { AgreementAcceptForm, AgreementRequestForm, DeclineForm } from '../../../../shared/generated/form-types';
import { currentUser } from '../../../plugins/auth';
import { FORM_BODY_LIMIT } from '../../../limits';
import { OWN_PAGE_QUERY } from '../../../db/cursor';
import { idParams } from '../../../routes/schemas';
import { accept, cancel, decline, myRequests, projectRequests, sendRequest, withdraw } from '../service';
import { agreementSchema, myRequestsSchema, projectRequestsQuery, projectRequestsSchema } from '../schemas';

const tagged = { tags: ['agreements'], security: [{ bearer: [] }] };

export default async function requestRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Params: { id: string }; Body: AgreementRequestForm }>(
    '/projects/:id/agreement-requests',
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: { ...tagged, params: idParams, body: { $ref: 'agreement-request#' }, response: { 201: agreementSchema } },
      onRequest: app.requireUser,
      config: { idempotent: true },
    },
    async (request, reply) =>
      sendRequest(app, request.params.id, request.body, { schema: request.formSchema!, version: request.formVersion! }, currentUser(request), (work) => app.writeOnce(request, reply, 201, work)),
  );

  app.get<{ Params: { id: string }; Querystring: { cursor?: string; limit: number; status?: AgreementStatus } }>(
    '/projects/:id/agreement-requests',
    {
      schema: {
        ...tagged,
        description: "The project's proposal cards (owner and staff), newest first, a page at a time; `status` keeps one state. `waiting` counts all pending ones.",
        params: idParams,
        querystring: projectRequestsQuery,
        response: { 200: projectRequestsSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => projectRequests(app, request.params.id, currentUser(request), request.query),
  );

  app.get<{ Querystring: { cursor?: string; limit: number } }>(
    '/me/agreement-requests',
    {
      schema: {
        ...tagged,
        description: 'The agreement requests I sent, newest first, a page at a time (`nextCursor` asks for the next one).',
        querystring: OWN_PAGE_QUERY,
        response: { 200: myRequestsSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => myRequests(app, currentUser(request), request.query),
  );

  app.post<{ Params: { id: string }; Body: AgreementAcceptForm }>(
    '/agreement-requests/:id/accept',
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: { ...tagged, params: idParams, body: { $ref: 'agreement-accept#' }, response: { 200: agreementSchema } },
      onRequest: app.requireUser,
    },
    async (request) => accept(app, request.params.id, currentUser(request), request.body, { schema: request.formSchema!, version: request.formVersion! }),
  );

  app.post<{ Params: { id: string }; Body: DeclineForm }>(
    '/agreement-requests/:id/decline',
    { schema: { ...tagged, params: idParams, body: { $ref: 'decline#' }, response: { 200: agreementSchema } }, onRequest: app.requireUser },
    async (request) => decline(app, request.params.id, currentUser(request), request.body.reason),
  );

  app.post<{ Params: { id: string } }>(
    '/agreement-requests/:id/withdraw',
    { schema: { ...tagged, params: idParams, response: { 200: agreementSchema } }, onRequest: app.requireUser },
    async (request) => withdraw(app, request.params.id, currentUser(request)),
  );

  app.post<{ Params: { id: string } }>(
    '/agreement-requests/:id/cancel',
    {
      schema: { ...tagged, description: 'The investor cancels their accepted agreement within the cooling-off window (409 after it).', params: idParams, response: { 200: agreementSchema } },
      onRequest: app.requireUser,
    },
    async (request) => cancel(app, request.params.id, currentUser(request)),
  );
}
