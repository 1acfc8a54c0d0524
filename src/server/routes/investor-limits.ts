/**
 * Investor limits over HTTP (issue 31 §1): what a person may still request (`GET /me/limits`), and staff marking a
 * person qualified or retail again (`POST /staff/people/:id/qualified`). The rules are in investors/retail-limits.ts.
 */
import { decodeDataUrl, FileRejected, type DecodedFile } from '../files/data-url';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../plugins/auth';
import { badRequest, fieldErrors, notFound } from '../errors';
import { limitsView } from '../investors/retail-limits';
import { setQualified } from '../investors/qualification';
import { idParams } from './params';
import { visibleProject } from '../market/projects';

export default async function investorLimitRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { projectId: string } }>(
    '/me/limits',
    {
      schema: {
        tags: ['agreements'],
        security: [{ bearer: [] }],
        description: 'What I may still request in agreements: in this project, in 12 months, and the smaller (`left`); null where there is no limit (qualified, or a limit set to 0).',
        querystring: { type: 'object', properties: { projectId: { type: 'string', format: 'uuid' } }, required: ['projectId'], additionalProperties: false },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const me = currentUser(request);
      // A project this person cannot see (another's draft, one in review) is 404, as everywhere.
      const { row: project } = await visibleProject(app.db, request.query.projectId, me);
      return limitsView(app.db, app.config, me.id, project.id, app.now());
    },
  );

  app.post<{ Params: { id: string }; Body: { qualified: boolean; note: string; evidenceFileId?: string; evidence?: string } }>(
    '/staff/people/:id/qualified',
    {
      schema: {
        tags: ['staff'],
        security: [{ bearer: [] }],
        description:
          'Marks a person a qualified investor (no retail limits) or retail again, with a note (audited); `evidence`, a `data:` URL of a PDF, PNG or JPEG up to 5 MB, is stored with the mark (or `evidenceFileId`, a file already stored).',
        params: idParams,
        body: {
          type: 'object',
          properties: {
            qualified: { type: 'boolean' },
            note: { type: 'string', maxLength: 2000 },
            evidenceFileId: { type: 'string', format: 'uuid' },
            evidence: { type: 'string', maxLength: 8_000_000 },
          },
          required: ['qualified', 'note'],
          additionalProperties: false,
        },
      },
      onRequest: app.requireStaff,
    },
    async (request) => {
      const me = currentUser(request);
      const { qualified, note, evidenceFileId, evidence } = request.body;
      if (!note.trim()) throw fieldErrors([{ path: '/note', message: 'Say why (the evidence seen)' }]);
      const person = await app.db.selectFrom('users').select('id').where('id', '=', request.params.id).executeTakeFirst();
      if (!person) throw notFound('This person');
      if (evidenceFileId) {
        const file = await app.db.selectFrom('files').select('id').where('id', '=', evidenceFileId).executeTakeFirst();
        if (!file) throw fieldErrors([{ path: '/evidenceFileId', message: 'No such file' }]);
      }
      if (!qualified && (evidenceFileId || evidence)) throw badRequest('Evidence goes with marking a person qualified, not with taking it back.');
      if (evidence && evidenceFileId) throw badRequest('Send the evidence as a file or as a stored file id, not both.');
      let file: DecodedFile | null = null;
      if (evidence) {
        try {
          file = decodeDataUrl(evidence, 'document');
        } catch (err) {
          if (err instanceof FileRejected) throw fieldErrors([{ path: '/evidence', message: err.message }]);
          throw err;
        }
      }
      const changed = await setQualified(app.db, { userId: person.id, qualified, note, evidenceFileId: evidenceFileId ?? null, evidence: file, actorId: me.id });
      // After the commit the person is what was asked (changed now, or already so): answered without a read that
      // could fail after the change was made.
      return { id: person.id, qualified, changed };
    },
  );
}
