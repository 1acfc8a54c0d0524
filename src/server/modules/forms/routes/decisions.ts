/**
 * The four-eyes routes of a studio document's versions (approvals.ts): POST `<path>/approve` (body: an optional
 * note) and POST `<path>/return` (body: the note the author reads), for staff. Registered by the forms' routes
 * (routes/studio.ts) and, through service.ts, by the site content's (routes/content.ts); so this file calls
 * approvals.ts itself rather than service.ts, which exports it.
 */
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../../plugins/auth';
import { badRequest } from '../../../errors';
import { decideVersion } from '../approvals';
import type { StudioDocument } from '../queries/studio';
import { decidedSchema, decisionBody } from '../schemas';

/**
 * `path` names a version (`:v`). `documentOf` answers the document of the request's params (404 when none);
 * `onLive` runs after an approval commits (the version is current at once in this process).
 */
export function decisionRoutes<P extends { v: number }>(
  app: FastifyInstance,
  opts: { path: string; params: object; tags: string[]; documentOf: (params: P) => StudioDocument; onLive: (params: P) => Promise<void> | void },
): void {
  for (const approve of [true, false]) {
    app.post<{ Params: P; Body: { note?: string } }>(
      `${opts.path}/${approve ? 'approve' : 'return'}`,
      {
        schema: {
          tags: opts.tags,
          security: [{ bearer: [] }],
          params: opts.params,
          body: decisionBody(approve),
          description: approve
            ? 'Approves a version waiting for approval: it goes live (staff other than its author; 403 for the author, 409 when it no longer waits or another version went live since it was made).'
            : 'Returns a version waiting for approval to its author with a note (staff other than its author; 403 for the author, 409 when it no longer waits).',
          response: { 200: decidedSchema },
        },
        onRequest: app.requireStaff,
      },
      async (request) => {
        const me = currentUser(request);
        // Fastify's generic params type hides P; the params schema has checked it.
        const params = request.params as P;
        const d = opts.documentOf(params);
        const note = (request.body?.note ?? '').trim();
        if (!approve && !note) throw badRequest('Say what should change: the author reads this note.', [{ path: '/note', message: 'Write a note for the author' }]);
        const row = await decideVersion(app.db, d, params.v, me.id, approve, note);
        if (approve) await opts.onLive(params);
        return { version: row.version, status: row.status };
      },
    );
  }
}
