/**
 * Staff find a person and read their investor status (issue 31 §1): `GET /staff/people?q=` (by e-mail, phone or
 * name), and `GET /staff/people/:id` (retail or qualified, the note and evidence of the mark, the limits and what
 * the person used of them, and the history of the status from the audit log), and mark a person qualified or retail
 * again (`POST /staff/people/:id/qualified`). Staff only.
 */
import type { FastifyInstance } from 'fastify';
import type { QualificationForm } from '../../../../shared/generated/form-types';
import { currentUser } from '../../../plugins/auth';
import { FORM_BODY_LIMIT } from '../../../limits';
import { idParams } from '../../../routes/schemas';
import { peopleMatching, personForStaff, qualify } from '../service';
import { peopleQuery, peopleSchema, personSchema, qualifiedSchema } from '../schemas';

const staffOnly = { tags: ['staff'], security: [{ bearer: [] }] };

export default async function staffPeopleRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { q: string } }>(
    '/staff/people',
    {
      schema: {
        ...staffOnly,
        description: 'Staff: people whose e-mail, phone or name contains `q` (at least 2 characters), up to 20, each with whether they are a qualified investor.',
        querystring: peopleQuery,
        response: { 200: peopleSchema },
      },
      onRequest: app.requireStaff,
    },
    (request) => peopleMatching(app.db, request.query.q),
  );

  app.get<{ Params: { id: string } }>(
    '/staff/people/:id',
    {
      schema: {
        ...staffOnly,
        description: "Staff: one person's investor status (the mark's note, evidence file, who and when), limits and what they used, and the status history.",
        params: idParams,
        response: { 200: personSchema },
      },
      onRequest: app.requireStaff,
    },
    (request) => personForStaff(app, request.params.id),
  );

  app.post<{ Params: { id: string }; Body: QualificationForm }>(
    '/staff/people/:id/qualified',
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        ...staffOnly,
        description:
          'Marks a person a qualified investor (no retail limits) or retail again, with a note (audited): the `qualification` form. Its `evidence`, a `data:` URL of a PDF, PNG or JPEG up to 5 MB (or `file:<id>`, a file the person already holds), is stored with the mark.',
        params: idParams,
        body: { $ref: 'qualification#' },
        response: { 200: qualifiedSchema },
      },
      onRequest: app.requireStaff,
    },
    (request) => qualify(app.db, currentUser(request), request.params.id, request.body, request.formSchema!),
  );
}
