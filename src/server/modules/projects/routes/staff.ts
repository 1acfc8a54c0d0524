/**
 * Staff review of projects (approve → open with a campaign end date, or reject with a note; staff's donation
 * queues are in modules/donations). The rules are in review.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ProjectReviewForm } from '../../../../shared/generated/form-types';
import type { ProjectStatus } from '../../../db/schema';
import { currentUser } from '../../../plugins/auth';
import { arrayOf, idParams, object } from '../../../routes/schemas';
import { decideProject, reviewedProject, staffProjects } from '../review';
import { projectSchema, reviewedProjectSchema, reviewQuery, staffListQuery } from '../schemas';

export default async function staffProjectRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { status: ProjectStatus } }>(
    '/staff/projects',
    {
      schema: { tags: ['staff'], security: [{ bearer: [] }], querystring: staffListQuery, response: { 200: object({ items: arrayOf(projectSchema) }) } },
      onRequest: app.requireStaff,
    },
    (request) => staffProjects(app, currentUser(request), request.query.status),
  );

  app.get<{ Params: { id: string } }>(
    '/staff/projects/:id',
    { schema: { tags: ['staff'], security: [{ bearer: [] }], params: idParams, response: { 200: reviewedProjectSchema } }, onRequest: app.requireStaff },
    (request) => reviewedProject(app, currentUser(request), request.params.id, request.language),
  );

  app.post<{ Params: { id: string }; Body: ProjectReviewForm; Querystring: { seen?: string } }>(
    '/staff/projects/:id/review',
    {
      schema: {
        tags: ['staff'],
        security: [{ bearer: [] }],
        description: '`seen`: the submittedAt the reviewer read; if the owner resubmitted since, the decision is refused (409).',
        params: idParams,
        querystring: reviewQuery,
        body: { $ref: 'project-review#' },
        response: { 200: projectSchema },
      },
      onRequest: app.requireStaff,
    },
    (request) => decideProject(app, currentUser(request), request.params.id, request.body, request.query.seen),
  );
}
