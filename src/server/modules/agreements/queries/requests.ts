/** The agreement requests' queries: the proposal rows, their pages, their locks and their final moves. */
import { sql, type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { AgreementRequestsTable, AgreementStatus, DB, InstalmentsTable } from '../../../db/schema';
import { newestPage } from '../../../db/cursor';
import { documentJson, type DocumentRow } from './documents';

export type AgreementRow = Selectable<AgreementRequestsTable>;
export type AgreementPageRow = AgreementRow & { document_json: DocumentRow | null };

/** The owner of the project a request was sent to (who may read the investor's documents). */
export async function projectOwnerOf(db: Kysely<DB>, requestId: string): Promise<string | undefined> {
  const r = await db
    .selectFrom('agreement_requests as a')
    .innerJoin('projects as p', 'p.id', 'a.project_id')
    .select('p.owner_id')
    .where('a.id', '=', requestId)
    .executeTakeFirst();
  return r?.owner_id;
}

/** The investor of a request (who may read the owner's acceptance documents). */
export async function investorOf(db: Kysely<DB>, requestId: string): Promise<string | undefined> {
  return (await db.selectFrom('agreement_requests').select('investor_id').where('id', '=', requestId).executeTakeFirst())?.investor_id;
}

/** The stored names of files by id. */
export async function fileNames(db: Kysely<DB>, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const files = await db.selectFrom('files').select(['id', 'file_name']).where('id', 'in', ids).execute();
  return new Map(files.map((f) => [f.id, f.file_name]));
}

export function insertRequest(trx: Transaction<DB>, values: Insertable<AgreementRequestsTable>) {
  return trx.insertInto('agreement_requests').values(values).returning('id').executeTakeFirstOrThrow();
}

/** Stores the request's form (its files replaced by references) once its uploads are stored. */
export function setRequestData(trx: Transaction<DB>, id: string, doc: unknown) {
  return trx.updateTable('agreement_requests').set({ data: JSON.stringify(doc) }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/**
 * A project's requests, newest first, a page at a time, on its index (project_id, created_at, id), with their
 * documents in the same round trip; and how many of all its requests are pending, on (project_id, status).
 */
export async function projectRequestsPage(db: Kysely<DB>, projectId: string, status: AgreementStatus | undefined, cursor: string | undefined, limit: number) {
  let query = db
    .selectFrom('agreement_requests as a')
    .selectAll('a')
    .select([sql<string>`a.created_at::text`.as('created_key'), documentJson.as('document_json')])
    .where('a.project_id', '=', projectId);
  if (status) query = query.where('a.status', '=', status);
  const [{ shown, nextCursor }, pending] = await Promise.all([
    newestPage(query, 'a', cursor, limit),
    db.selectFrom('agreement_requests').select(sql<number>`count(*)::int`.as('n')).where('project_id', '=', projectId).where('status', '=', 'pending').executeTakeFirstOrThrow(),
  ]);
  return { rows: shown.map(({ created_key: _k, ...r }) => r), nextCursor, pending: Number(pending.n) };
}

/** An investor's requests, newest first, on the investor's index (investor_id, created_at, id), with the project's title. */
export async function investorRequestsPage(db: Kysely<DB>, investorId: string, cursor: string | undefined, limit: number) {
  const query = db
    .selectFrom('agreement_requests as a')
    .innerJoin('projects as p', 'p.id', 'a.project_id')
    .selectAll('a')
    .select(['p.title as project_title', sql<string>`a.created_at::text`.as('created_key'), documentJson.as('document_json')])
    .where('a.investor_id', '=', investorId);
  const { shown, nextCursor } = await newestPage(query, 'a', cursor, limit);
  return { rows: shown.map(({ created_key: _k, ...r }) => r), nextCursor };
}

/** The project a request was sent to, if the request exists. */
export async function projectIdOf(db: Kysely<DB>, requestId: string): Promise<string | undefined> {
  return (await db.selectFrom('agreement_requests').select('project_id').where('id', '=', requestId).executeTakeFirst())?.project_id;
}

/**
 * A request and its project, locked in that order (as every decision locks them), FOR NO KEY UPDATE: inserts that
 * only point at these rows (their foreign key checks) are not held up by it.
 */
export async function lockRequestAndProject(trx: Transaction<DB>, requestId: string) {
  const row = await trx.selectFrom('agreement_requests').selectAll().where('id', '=', requestId).forNoKeyUpdate().executeTakeFirst();
  if (!row) return undefined;
  const project = await trx.selectFrom('projects').select(['owner_id', 'status', 'title']).where('id', '=', row.project_id).forNoKeyUpdate().executeTakeFirstOrThrow();
  return { row, project };
}

/** Moves a request from `from` to its next state; undefined when it was not in `from`. */
export function moveRequest(trx: Transaction<DB>, id: string, from: AgreementStatus, set: Updateable<AgreementRequestsTable>) {
  return trx.updateTable('agreement_requests').set(set).where('id', '=', id).where('status', '=', from).returningAll().executeTakeFirstOrThrow();
}

/** A project's whole row (the terms an accepted schedule is made from). */
export function projectRow(db: Kysely<DB>, projectId: string) {
  return db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirstOrThrow();
}

export async function insertInstalments(trx: Transaction<DB>, rows: Insertable<InstalmentsTable>[]): Promise<void> {
  await trx.insertInto('instalments').values(rows).execute();
}

/** Whether any instalment of the agreement has moved past due (paid or confirmed). */
export async function hasPaidInstalment(trx: Transaction<DB>, agreementId: string): Promise<boolean> {
  return Boolean(await trx.selectFrom('instalments').select('id').where('agreement_id', '=', agreementId).where('status', '<>', 'due').executeTakeFirst());
}

export async function deleteInstalments(trx: Transaction<DB>, agreementId: string): Promise<void> {
  await trx.deleteFrom('instalments').where('agreement_id', '=', agreementId).execute();
}

/** A request with its project's owner and title, for the agreement's own page. */
export function requestWithProject(db: Kysely<DB>, id: string) {
  return db
    .selectFrom('agreement_requests as a')
    .innerJoin('projects as p', 'p.id', 'a.project_id')
    .selectAll('a')
    .select(['p.owner_id', 'p.title as project_title'])
    .where('a.id', '=', id)
    .executeTakeFirst();
}
