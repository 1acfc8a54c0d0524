/**
 * Investor limits over HTTP (issue 31 §1): what a person may still request (`GET /me/limits`), and staff marking a
 * person qualified or retail again (`POST /staff/people/:id/qualified`). The rules are in investors/retail-limits.ts.
 */
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../plugins/auth';
import { fieldErrors, notFound } from '../errors';
import { decodeUploads } from '../files/store';
import { FORM_BODY_LIMIT } from '../limits';
import type { QualificationForm } from '../../shared/generated/form-types';
import { limitsSchema, limitsView } from '../investors/retail-limits';
import { setQualified } from '../modules/identity/service';
import { boolean, idParams, object, uuid } from './schemas';
import { visibleProject } from '../modules/projects/service';

export default async function investorLimitRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { projectId: string } }>(
    '/me/limits',
    {
      schema: {
        tags: ['agreements'],
        security: [{ bearer: [] }],
        description: 'What I may still request in agreements: in this project, in 12 months, and the smaller (`left`); null where there is no limit (qualified, or a limit set to 0).',
        querystring: { type: 'object', properties: { projectId: { type: 'string', format: 'uuid' } }, required: ['projectId'], additionalProperties: false },
        response: { 200: limitsSchema },
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

  app.post<{ Params: { id: string }; Body: QualificationForm }>(
    '/staff/people/:id/qualified',
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        tags: ['staff'],
        security: [{ bearer: [] }],
        description:
          'Marks a person a qualified investor (no retail limits) or retail again, with a note (audited): the `qualification` form. Its `evidence`, a `data:` URL of a PDF, PNG or JPEG up to 5 MB (or `file:<id>`, a file the person already holds), is stored with the mark.',
        params: idParams,
        body: { $ref: 'qualification#' },
        response: { 200: object({ id: uuid, qualified: boolean, changed: boolean }) },
      },
      onRequest: app.requireStaff,
    },
    async (request) => {
      const me = currentUser(request);
      const { qualified, note } = request.body;
      const person = await app.db.selectFrom('users').select('id').where('id', '=', request.params.id).executeTakeFirst();
      if (!person) throw notFound('This person');
      // The form's file field, decoded and checked by its content like every upload (a PDF or an image).
      const decoded = decodeUploads(request.formSchema!, request.body);
      const file = decoded.files.get('/evidence') ?? null;
      const stored = decoded.refs.get('/evidence') ?? null;
      if (stored) {
        const held = await app.db.selectFrom('files').select('id').where('id', '=', stored).where('owner_id', '=', person.id).executeTakeFirst();
        if (!held) throw fieldErrors([{ path: '/evidence', message: 'File not found: upload it again' }]);
      }
      const changed = await setQualified(app.db, { userId: person.id, qualified, note, evidenceFileId: stored, evidence: file, actorId: me.id });
      // After the commit the person is what was asked (changed now, or already so): answered without a read that
      // could fail after the change was made.
      return { id: person.id, qualified, changed };
    },
  );
}
