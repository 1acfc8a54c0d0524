/**
 * The studio's versions (forms and site content, issue 31 §6, migration 029): whether a publish waits for another
 * staff member's approval, the live version, the number a new version takes (superseding a proposal still waiting)
 * and the audit entry of a publish. Used by the form and content services and by the approval routes
 * (routes/approvals.ts).
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DB, VersionStatus } from '../db/schema';
import { audit } from '../audit';

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

/** The SQL that keeps a query to one document's versions (a form's; the site content has one document). */
export const scope = (d: StudioDocument) => (d.formId === null ? sql`` : sql`AND form_id = ${d.formId}`);

/** Whether a publish now waits for another staff member's approval (`auto`: while there are two or more staff). */
export async function approvalRequired(app: FastifyInstance): Promise<boolean> {
  const mode = app.config.studioRequireApproval;
  if (mode !== 'auto') return mode === 'on';
  const row = await app.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).where('is_staff', '=', true).executeTakeFirstOrThrow();
  return Number(row.n) >= 2;
}

/** The number of the live version of a document (0 when none). */
export async function liveVersion(db: Kysely<DB>, d: StudioDocument): Promise<number> {
  const r = await sql<{ v: number | null }>`SELECT max(version) AS v FROM ${sql.table(d.table)} WHERE status = 'live' ${scope(d)}`.execute(db);
  return Number(r.rows[0]?.v ?? 0);
}

/** Thrown inside a publish's transaction when another version went live after its draft was started. */
export class StaleBase extends Error {}

/**
 * Inside a publish's transaction: the number the new version takes (after every version written, proposals
 * included), with any proposal still waiting marked superseded by it (audited). Throws StaleBase when the live
 * version is no longer `base`: both are read by one statement, so a publish that commits meanwhile either is seen
 * or takes the same number (the primary key then refuses one of them).
 */
export async function nextVersion(trx: Kysely<DB>, d: StudioDocument, actorId: string, base: number): Promise<number> {
  const r = await sql<{ newest: number | null; live: number | null }>`
    SELECT max(version) AS newest, max(version) FILTER (WHERE status = 'live') AS live FROM ${sql.table(d.table)} WHERE true ${scope(d)}`.execute(trx);
  if (Number(r.rows[0]?.live ?? 0) !== base) throw new StaleBase();
  const version = Number(r.rows[0]?.newest ?? 0) + 1;
  const gone = await sql<{ version: number }>`
    UPDATE ${sql.table(d.table)} SET status = 'superseded', decided_by = ${actorId}, decided_at = now()
    WHERE status = 'pending_approval' ${scope(d)} RETURNING version`.execute(trx);
  for (const g of gone.rows) {
    await audit(trx, { actorId, action: `${d.subjectType}.supersede`, subjectType: d.subjectType, subjectId: d.subjectId, before: `version ${g.version} waiting for approval`, after: `superseded by version ${version}` });
  }
  return version;
}

/** The audit entry of a publish: one that goes live at once, or one that waits for approval. */
export async function auditPublish(trx: Kysely<DB>, d: StudioDocument, actorId: string, base: number, version: number, status: VersionStatus, note: string): Promise<void> {
  const waiting = status === 'pending_approval';
  await audit(trx, {
    actorId,
    action: `${d.subjectType}.${waiting ? 'propose' : 'publish'}`,
    subjectType: d.subjectType,
    subjectId: d.subjectId,
    before: `version ${base}`,
    after: waiting ? `version ${version} waiting for approval` : `version ${version}`,
    note: note || null,
  });
}
