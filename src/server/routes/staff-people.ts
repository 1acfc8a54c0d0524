/**
 * Staff find a person and read their investor status (issue 31 §1): `GET /staff/people?q=` (by e-mail, phone or
 * name), and `GET /staff/people/:id` (retail or qualified, the note and evidence of the mark, the limits and what
 * the person used of them, and the history of the status from the audit log). Marking a person qualified or retail
 * again is `POST /staff/people/:id/qualified` (investor-limits.ts). Staff only.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { notFound } from '../errors';
import { auditEntrySchema, auditTrail } from '../audit';
import { personLimitsSchema, personLimitsView } from '../investors/retail-limits';
import { arrayOf, boolean, dateTime, idParams, object, objectOrNull, string, stringOrNull, uuid, uuidOrNull } from './schemas';

const staffOnly = { tags: ['staff'], security: [{ bearer: [] }] };

/** `%` and `_` typed by staff are matched as themselves. */
const likeText = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export default async function staffPeopleRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { q: string } }>(
    '/staff/people',
    {
      schema: {
        ...staffOnly,
        description: 'Staff: people whose e-mail, phone or name contains `q` (at least 2 characters), up to 20, each with whether they are a qualified investor.',
        querystring: { type: 'object', properties: { q: { type: 'string', minLength: 2, maxLength: 200 } }, required: ['q'], additionalProperties: false },
        response: { 200: object({ items: arrayOf(object({ id: uuid, email: string, phone: string, name: stringOrNull, qualified: boolean })) }) },
      },
      onRequest: app.requireStaff,
    },
    async (request) => {
      const like = likeText(request.query.q.trim());
      const rows = await app.db
        .selectFrom('users as u')
        .leftJoin('profiles as p', 'p.user_id', 'u.id')
        .leftJoin('investor_qualifications as q', 'q.user_id', 'u.id')
        .select(['u.id', 'u.email', 'u.phone', 'p.name', 'q.user_id as qualified'])
        .where((eb) => eb.or([eb(sql`lower(u.email)`, 'like', like.toLowerCase()), eb('u.phone', 'like', like), eb(sql`lower(p.name)`, 'like', like.toLowerCase())]))
        .orderBy('u.email')
        .limit(20)
        .execute();
      return { items: rows.map((r) => ({ id: r.id, email: r.email, phone: r.phone, name: r.name ?? null, qualified: r.qualified !== null })) };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/staff/people/:id',
    {
      schema: {
        ...staffOnly,
        description: "Staff: one person's investor status (the mark's note, evidence file, who and when), limits and what they used, and the status history.",
        params: idParams,
        response: {
          200: object({
            id: uuid,
            email: string,
            phone: string,
            name: stringOrNull,
            qualification: objectOrNull({ note: string, evidenceFileId: uuidOrNull, at: dateTime, by: stringOrNull }),
            limits: personLimitsSchema,
            history: arrayOf(auditEntrySchema),
          }),
        },
      },
      onRequest: app.requireStaff,
    },
    async (request) => {
      const person = await app.db
        .selectFrom('users as u')
        .leftJoin('profiles as p', 'p.user_id', 'u.id')
        .select(['u.id', 'u.email', 'u.phone', 'p.name'])
        .where('u.id', '=', request.params.id)
        .executeTakeFirst();
      if (!person) throw notFound('This person');
      const mark = await app.db
        .selectFrom('investor_qualifications as q')
        .leftJoin('users as s', 's.id', 'q.qualified_by')
        .select(['q.note', 'q.evidence_file_id', 'q.qualified_at', 's.email as by'])
        .where('q.user_id', '=', person.id)
        .executeTakeFirst();
      const history = (await auditTrail(app.db, 'user', person.id)).filter((e) => e.action === 'investor.qualify' || e.action === 'investor.unqualify');
      return {
        id: person.id,
        email: person.email,
        phone: person.phone,
        name: person.name ?? null,
        qualification: mark ? { note: mark.note, evidenceFileId: mark.evidence_file_id, at: mark.qualified_at.toISOString(), by: mark.by ?? null } : null,
        limits: await personLimitsView(app.db, app.config, person.id, app.now()),
        history: history.reverse(),
      };
    },
  );
}
