/**
 * The studio's versioned documents (forms and site content, migration 029): the queries the four-eyes step and the
 * version numbering make on either document's table, and the authors' e-mails.
 */
import { sql, type Kysely } from 'kysely';
import type { DB, VersionStatus } from '../../../db/schema';

/** One studio document: a form's versions or the site content's. */
export interface StudioDocument {
  table: 'form_versions' | 'content_versions';
  /** The form; null for the site content. */
  formId: string | null;
  subjectType: 'form' | 'content';
  subjectId: string;
  /** How a message names it: "this form", "the site content". */
  name: string;
}

/** A version as the four-eyes step reads it. */
export interface DecisionRow {
  version: number;
  status: VersionStatus;
  author_id: string | null;
  base_version: number | null;
  decided_at: Date | null;
}

/** The decision columns of a version, as the studio's version lists show them (views.ts `decisionView`). */
export const DECISION_COLUMNS = ['status', 'base_version', 'decided_by', 'decided_at', 'decision_note'] as const;

/** The SQL that keeps a query to one document's versions (a form's; the site content has one document). */
const scope = (d: StudioDocument) => (d.formId === null ? sql`` : sql`AND form_id = ${d.formId}`);

/** How many staff members there are. */
export async function staffCount(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).where('is_staff', '=', true).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The number of the live version of a document (0 when none). */
export async function liveVersion(db: Kysely<DB>, d: StudioDocument): Promise<number> {
  const r = await sql<{ v: number | null }>`SELECT max(version) AS v FROM ${sql.table(d.table)} WHERE status = 'live' ${scope(d)}`.execute(db);
  return Number(r.rows[0]?.v ?? 0);
}

/** The newest version written (proposals included) and the live one, read by one statement (0 when none). */
export async function newestAndLive(trx: Kysely<DB>, d: StudioDocument): Promise<{ newest: number; live: number }> {
  const r = await sql<{ newest: number | null; live: number | null }>`
    SELECT max(version) AS newest, max(version) FILTER (WHERE status = 'live') AS live FROM ${sql.table(d.table)} WHERE true ${scope(d)}`.execute(trx);
  return { newest: Number(r.rows[0]?.newest ?? 0), live: Number(r.rows[0]?.live ?? 0) };
}

/** Marks every proposal still waiting superseded (decided by `actorId`); answers their numbers. */
export async function supersedeWaiting(trx: Kysely<DB>, d: StudioDocument, actorId: string): Promise<number[]> {
  const gone = await sql<{ version: number }>`
    UPDATE ${sql.table(d.table)} SET status = 'superseded', decided_by = ${actorId}, decided_at = now()
    WHERE status = 'pending_approval' ${scope(d)} RETURNING version`.execute(trx);
  return gone.rows.map((g) => g.version);
}

/** One version, locked (FOR UPDATE) so two decisions on it are taken in turn; undefined when there is none. */
export async function lockedVersion(trx: Kysely<DB>, d: StudioDocument, v: number): Promise<DecisionRow | undefined> {
  const r = await sql<DecisionRow>`SELECT version, status, author_id, base_version, decided_at FROM ${sql.table(d.table)} WHERE version = ${v} ${scope(d)} FOR UPDATE`.execute(trx);
  return r.rows[0];
}

/** Records a decision on a version: its new status, by whom, now, and the note. */
export async function recordDecision(trx: Kysely<DB>, d: StudioDocument, v: number, decision: { status: VersionStatus; by: string; note: string | null }): Promise<void> {
  await sql`UPDATE ${sql.table(d.table)} SET status = ${decision.status}, decided_by = ${decision.by}, decided_at = now(), decision_note = ${decision.note} WHERE version = ${v} ${scope(d)}`.execute(trx);
}

/** The e-mails of the users given (ids known to be present). */
export function userEmails(db: Kysely<DB>, ids: string[]) {
  return db.selectFrom('users').select(['id', 'email']).where('id', 'in', ids).execute();
}
