/**
 * Staff review of identity verifications: a queue, one submission with its images, and a decision (verify, or
 * reject with a note). The rules are in the service.
 */
import type { FastifyInstance } from 'fastify';
import type { ReviewForm } from '../../../../shared/generated/form-types';
import { currentUser } from '../../../plugins/auth';
import { idParams } from '../../../routes/schemas';
import { decideVerification, submissionForStaff, verificationQueue } from '../service';
import { decisionSchema, queueQuery, queueSchema, submissionSchema, type VERIFICATION_STATUSES } from '../schemas';

export default async function staffVerificationRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { status: (typeof VERIFICATION_STATUSES)[number] } }>(
    '/staff/verifications',
    { schema: { tags: ['staff'], security: [{ bearer: [] }], querystring: queueQuery, response: { 200: queueSchema } }, onRequest: app.requireStaff },
    (request) => verificationQueue(app.db, request.query.status),
  );

  app.get<{ Params: { id: string } }>(
    '/staff/verifications/:id',
    { schema: { tags: ['staff'], security: [{ bearer: [] }], params: idParams, response: { 200: submissionSchema } }, onRequest: app.requireStaff },
    (request) => submissionForStaff(app.db, request.params.id, request.language),
  );

  app.post<{ Params: { id: string }; Body: ReviewForm }>(
    '/staff/verifications/:id/review',
    {
      schema: { tags: ['staff'], security: [{ bearer: [] }], params: idParams, body: { $ref: 'review#' }, response: { 200: decisionSchema } },
      onRequest: app.requireStaff,
    },
    (request) => decideVerification(app, currentUser(request), request.params.id, request.body),
  );
}
