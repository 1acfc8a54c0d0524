/**
 * Four eyes on what staff publish (issue 31 §6, migration 029). When approval is required (STUDIO_REQUIRE_APPROVAL:
 * `on`, or `auto` with two or more staff), a version published in the studio, a restore included, is written as
 * `pending_approval` and the live version stays current until another staff member approves it; they may instead
 * return it with a note. The author can do neither. Approving a proposal made from a version that is no longer the
 * live one, or one a newer proposal superseded, is refused (409). Every step is audited. Shared by the forms'
 * (routes/forms.ts) and the site content's (modules/content/routes/site-content.ts) versions.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { VersionStatus } from '../db/schema';
import { currentUser } from '../plugins/auth';
import { audit } from '../audit';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { formatDateTime } from '../../shared/format/dates';
import { liveVersion, scope, type StudioDocument } from '../studio/versions';
import { boolean, dateTime, dateTimeOrNull, integer, integerOrNull, object, string, stringOrNull } from './schemas';

const NOTE_MAX = 500;

interface Row {
  version: number;
  status: VersionStatus;
  author_id: string | null;
  base_version: number | null;
  decided_at: Date | null;
}

/** Why a version that no longer waits cannot be decided. */
function notWaiting(d: StudioDocument, r: Row): string {
  const when = r.decided_at ? ` on ${formatDateTime(r.decided_at)}` : '';
  if (r.status === 'live') return `Version ${r.version} of ${d.name} is live already: there is nothing to decide.`;
  if (r.status === 'returned') return `Version ${r.version} of ${d.name} was returned to its author${when}; it can no longer be approved.`;
  return `Version ${r.version} of ${d.name} was superseded by a newer proposal${when}: look at the version waiting now instead.`;
}

/** Approves (goes live) or returns a waiting version; the caller must not be its author. */
async function decide(app: FastifyInstance, d: StudioDocument, v: number, actorId: string, approve: boolean, note: string): Promise<Row> {
  return app.db.transaction().execute(async (trx) => {
    const r = await sql<Row>`SELECT version, status, author_id, base_version, decided_at FROM ${sql.table(d.table)} WHERE version = ${v} ${scope(d)} FOR UPDATE`.execute(trx);
    const row = r.rows[0];
    if (!row) throw notFound(`Version ${v} of ${d.name}`);
    if (row.status !== 'pending_approval') throw conflict(notWaiting(d, row));
    if (row.author_id === actorId) {
      throw forbidden(`You published version ${v} yourself: another staff member must ${approve ? 'approve' : 'return'} it (four eyes). To change it, publish a new version.`);
    }
    const live = await liveVersion(trx, d);
    if (approve && row.base_version !== live) {
      throw conflict(`Version ${v} was made from version ${row.base_version ?? '?'}, but version ${live} has gone live since: approving it would undo that change. Return it so its author can redo it on version ${live}.`);
    }
    const status: VersionStatus = approve ? 'live' : 'returned';
    await sql`UPDATE ${sql.table(d.table)} SET status = ${status}, decided_by = ${actorId}, decided_at = now(), decision_note = ${note || null} WHERE version = ${v} ${scope(d)}`.execute(trx);
    await audit(trx, {
      actorId,
      action: `${d.subjectType}.${approve ? 'approve' : 'return'}`,
      subjectType: d.subjectType,
      subjectId: d.subjectId,
      before: approve ? `version ${live}` : `version ${v} waiting for approval`,
      after: approve ? `version ${v}` : `version ${v} returned`,
      note: note || null,
    });
    return { ...row, status };
  });
}

/**
 * POST `<path>/approve` (body: an optional note) and POST `<path>/return` (body: the note the author reads), for
 * staff; `path` names a version (`:v`). `documentOf` answers the document of the request's params (404 when none);
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
          body: { type: 'object', properties: { note: { type: 'string', maxLength: NOTE_MAX } }, ...(approve ? {} : { required: ['note'] }), additionalProperties: false },
          description: approve
            ? 'Approves a version waiting for approval: it goes live (staff other than its author; 403 for the author, 409 when it no longer waits or another version went live since it was made).'
            : 'Returns a version waiting for approval to its author with a note (staff other than its author; 403 for the author, 409 when it no longer waits).',
          response: { 200: object({ version: integer, status: { type: 'string', enum: ['live', 'returned'] } }) },
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
        const row = await decide(app, d, params.v, me.id, approve, note);
        if (approve) await opts.onLive(params);
        return { version: row.version, status: row.status };
      },
    );
  }
}

/**
 * The decision columns of a version as the studio's version lists show them (`names`: user id → e-mail; `me`: the
 * caller, who is told which versions are theirs).
 */
export function decisionView(
  r: { author_id: string | null; status: VersionStatus; base_version: number | null; decided_by: string | null; decided_at: Date | null; decision_note: string | null },
  names: Map<string, string>,
  me: string,
) {
  return {
    mine: r.author_id === me,
    status: r.status,
    baseVersion: r.base_version,
    decidedBy: r.decided_by ? (names.get(r.decided_by) ?? null) : null,
    decidedAt: r.decided_at ? r.decided_at.toISOString() : null,
    decisionNote: r.decision_note,
  };
}

/** The schema of decisionView's answer. */
export const decisionSchema = object({
  mine: boolean,
  status: { type: 'string', enum: ['pending_approval', 'live', 'returned', 'superseded'] },
  baseVersion: integerOrNull,
  decidedBy: stringOrNull,
  decidedAt: dateTimeOrNull,
  decisionNote: stringOrNull,
});

/** A version in a studio list: who published it when, with its decision. */
export const versionListItemSchema = object({ version: integer, note: string, publishedBy: stringOrNull, publishedAt: dateTime, ...decisionSchema.properties });

/** The columns `decisionView` reads. */
export const DECISION_COLUMNS = ['status', 'base_version', 'decided_by', 'decided_at', 'decision_note'] as const;
