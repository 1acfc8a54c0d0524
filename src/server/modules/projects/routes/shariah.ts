/**
 * Shariah reviews over HTTP (issue 31 §5): staff, or a person with the `shariah` role (npm run staff -- shariah),
 * read the queue of projects waiting to open and record a project's review with the `shariah-review` form, and read
 * its history. The work is in shariah-reviewer.ts, the rules in shariah.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ShariahReviewForm } from '../../../../shared/generated/form-types';
import { currentUser } from '../../../plugins/auth';
import { forbidden } from '../../../errors';
import { FORM_BODY_LIMIT } from '../../../limits';
import { arrayOf, idParams, object } from '../../../routes/schemas';
import { projectReviews, recordShariahReview, REVIEWABLE, reviewableProject, shariahQueue } from '../shariah-reviewer';
import { projectSchema, recordedReviewSchema, shariahHistorySchema } from '../schemas';

/** Staff, or a person with the `shariah` role; anyone else is refused. */
function reviewer(request: FastifyRequest) {
  const me = currentUser(request);
  if (!me.isStaff && !me.isShariah) throw forbidden('Only staff or a Shariah reviewer can do this.');
  return me;
}

export default async function shariahReviewRoutes(app: FastifyInstance): Promise<void> {
  // The Shariah reviewer's own queue (the `shariah` role sees no other staff page): the project as investors will see
  // it, without the owner's contact details.
  app.get<{ Querystring: { status: (typeof REVIEWABLE)[number] } }>(
    '/shariah/projects',
    {
      schema: {
        tags: ['staff'],
        security: [{ bearer: [] }],
        description: 'Staff or a Shariah reviewer: investment projects waiting to open (or sent back), oldest first, each with its Shariah review.',
        querystring: { type: 'object', properties: { status: { type: 'string', enum: [...REVIEWABLE], default: 'pending_review' } }, additionalProperties: false },
        response: { 200: object({ items: arrayOf(projectSchema) }) },
      },
      onRequest: app.requireUser,
    },
    (request) => shariahQueue(app, reviewer(request), request.query.status),
  );

  app.get<{ Params: { id: string } }>(
    '/shariah/projects/:id',
    {
      schema: { tags: ['staff'], security: [{ bearer: [] }], description: 'Staff or a Shariah reviewer: one project of the queue above.', params: idParams, response: { 200: projectSchema } },
      onRequest: app.requireUser,
    },
    (request) => reviewableProject(app, reviewer(request), request.params.id),
  );

  app.get<{ Params: { id: string } }>(
    '/staff/projects/:id/shariah-review',
    {
      schema: { tags: ['staff'], security: [{ bearer: [] }], description: 'The Shariah reviews recorded for a project, newest first (the first is in force unless sent back).', params: idParams, response: { 200: shariahHistorySchema } },
      onRequest: app.requireUser,
    },
    async (request) => {
      reviewer(request);
      return projectReviews(app, request.params.id);
    },
  );

  app.post<{ Params: { id: string }; Body: ShariahReviewForm }>(
    '/staff/projects/:id/shariah-review',
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        tags: ['staff'],
        security: [{ bearer: [] }],
        description:
          'Records the Shariah review of a project waiting to open: approved (adviser, note, and `opinion`, the signed opinion as a `data:` URL of a PDF, PNG or JPEG up to 5 MB) or changes_requested (a note the owner sees). The latest review is in force. Audited.',
        params: idParams,
        response: { 201: recordedReviewSchema },
        body: { $ref: 'shariah-review#' },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => reply.code(201).send(await recordShariahReview(app, reviewer(request), request.params.id, request.body, request.formSchema!)),
  );
}
