/**
 * Projects from the project owner form: submit (verified identity required), edit and resubmit while not approved,
 * the public list (cursor-paginated, kept a moment for readers it is the same for), one project, my projects, and
 * closing a campaign.
 */
import type { FastifyInstance } from 'fastify';
import type { ProjectOwnerForm } from '../../../../shared/generated/form-types';
import type { ProjectStatus } from '../../../db/schema';
import { currentUser } from '../../../plugins/auth';
import { FORM_BODY_LIMIT } from '../../../limits';
import { decodeCursor } from '../../../db/cursor';
import { idParams } from '../../../routes/schemas';
import { closeProject, editProject, myProjects, publicPage, submitProject, viewsOf, visibleProject } from '../service';
import { myProjectsQuery, projectPageSchema, projectSchema, publicListQuery } from '../schemas';

export default async function projectRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: ProjectOwnerForm }>(
    '/projects',
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: { tags: ['projects'], security: [{ bearer: [] }], body: { $ref: 'project-owner#' }, response: { 201: projectSchema } },
      onRequest: app.requireUser,
      config: { idempotent: true },
    },
    (request, reply) =>
      submitProject(app, currentUser(request), { form: request.body, schema: request.formSchema!, version: request.formVersion! }, (work) =>
        app.writeOnce(request, reply, 201, work),
      ),
  );

  app.put<{ Params: { id: string }; Body: ProjectOwnerForm }>(
    '/projects/:id',
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        tags: ['projects'],
        security: [{ bearer: [] }],
        description: 'Edits a project that is pending review or was rejected; it goes (back) to review.',
        params: idParams,
        body: { $ref: 'project-owner#' },
        response: { 200: projectSchema },
      },
      onRequest: app.requireUser,
    },
    (request) => editProject(app, currentUser(request), request.params.id, { form: request.body, schema: request.formSchema!, version: request.formVersion! }),
  );

  app.get<{
    Querystring: { category?: string; status?: 'open' | 'funded' | 'closed'; sort: 'newest' | 'most_funded'; cursor?: string; limit: number };
  }>(
    '/projects',
    {
      schema: {
        tags: ['projects'],
        description: 'Approved projects (open, funded, closed), newest or most funded first, a page at a time.',
        querystring: publicListQuery,
        response: { 200: projectPageSchema },
      },
    },
    async (request, reply) => {
      const { category, status, sort, limit, cursor } = request.query;
      // Checked before any query or cache look-up: a bad link is a 400 whoever asks.
      const q = { category, status, sort, limit, after: cursor ? decodeCursor(cursor, sort) : null };
      const viewer = await app.readSession(request);
      // Staff see more of every project: their page is their own.
      if (viewer?.isStaff) return (await publicPage(app, q, viewer)).answer;
      const key = JSON.stringify([category ?? null, status ?? null, sort, cursor ?? null, limit]);
      // Kept as the text the schema serialises (nothing undeclared is cached and sent), with the owners of its
      // projects: a signed-in reader who owns none of them reads the page a visitor reads (views.ts: `audienceFor`,
      // `mine`); an owner gets theirs, which says which are theirs.
      const shared = await app.listCache.get(key, async () => {
        const built = await publicPage(app, q, null);
        return { text: reply.serialize(built.answer) as string, owners: new Set(built.owners) };
      });
      if (viewer && shared.owners.has(viewer.id)) return (await publicPage(app, q, viewer)).answer;
      return reply.type('application/json; charset=utf-8').send(shared.text);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/projects/:id',
    { schema: { tags: ['projects'], params: idParams, response: { 200: projectSchema } } },
    async (request) => {
      const viewer = await app.readSession(request);
      const { row } = await visibleProject(app.db, request.params.id, viewer);
      return (await viewsOf(app.db, app.forms, [row], viewer))[0];
    },
  );

  app.get<{ Querystring: { status?: ProjectStatus; cursor?: string; limit: number } }>(
    '/me/projects',
    {
      schema: {
        tags: ['projects'],
        security: [{ bearer: [] }],
        description: 'My projects, newest first, a page at a time (`nextCursor` asks for the next one); `status` keeps one state.',
        querystring: myProjectsQuery,
        response: { 200: projectPageSchema },
      },
      onRequest: app.requireUser,
    },
    (request) => myProjects(app, currentUser(request), request.query),
  );

  app.post<{ Params: { id: string } }>(
    '/projects/:id/close',
    { schema: { tags: ['projects'], security: [{ bearer: [] }], params: idParams, response: { 200: projectSchema } }, onRequest: app.requireUser },
    (request) => closeProject(app, currentUser(request), request.params.id),
  );
}
