/**
 * A form's versions (table form_versions), the digests of the files they were last seeded from (form_file_digests),
 * and how many stored submissions each version validated.
 */
import { sql, type Kysely } from 'kysely';
import type { DB, VersionStatus } from '../../../db/schema';
import { DECISION_COLUMNS } from './studio';

type Db = Kysely<DB>;

/** The newest live version of every form: its schema (for the title), when and by whom. */
export function currentVersionRows(db: Db) {
  return db
    .selectFrom('form_versions as f')
    .select(['f.form_id', 'f.version', 'f.schema', 'f.published_at', 'f.author_id'])
    .where(({ eb, selectFrom }) =>
      eb('f.version', '=', selectFrom('form_versions as g').select((g) => g.fn.max('g.version').as('m')).whereRef('g.form_id', '=', 'f.form_id').where('g.status', '=', 'live')),
    )
    .execute();
}

/** Every version waiting for approval, of every form. */
export function waitingVersionRows(db: Db) {
  return db.selectFrom('form_versions').select(['form_id', 'version', 'author_id']).where('status', '=', 'pending_approval').execute();
}

/** Every version of a form, newest first, with its decision columns. */
export function versionListRows(db: Db, formId: string) {
  return db
    .selectFrom('form_versions')
    .select(['version', 'note', 'author_id', 'published_at', ...DECISION_COLUMNS])
    .where('form_id', '=', formId)
    .orderBy('version', 'desc')
    .execute();
}

/** The number of a form's newest live version (undefined or null when none). */
export async function liveVersionNumber(db: Db, formId: string): Promise<number | null> {
  const row = await db
    .selectFrom('form_versions')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('form_id', '=', formId)
    .where('status', '=', 'live')
    .executeTakeFirst();
  return row?.v == null ? null : Number(row.v);
}

/** One version, whole. */
export function versionRow(db: Db, formId: string, version: number) {
  return db.selectFrom('form_versions').selectAll().where('form_id', '=', formId).where('version', '=', version).executeTakeFirst();
}

/** Where one version stands (undefined when there is none). */
export async function versionStatus(db: Db, formId: string, version: number): Promise<VersionStatus | undefined> {
  return (await db.selectFrom('form_versions').select('status').where('form_id', '=', formId).where('version', '=', version).executeTakeFirst())?.status;
}

/** The schemas of a form's live versions before `version`. */
export async function earlierLiveSchemas(db: Db, formId: string, version: number) {
  const rows = await db.selectFrom('form_versions').select('schema').where('form_id', '=', formId).where('version', '<', version).where('status', '=', 'live').execute();
  return rows.map((r) => r.schema);
}

/** A version published in the studio (live, or waiting for approval), whole as written. */
export function insertVersion(
  trx: Db,
  v: { formId: string; version: number; schema: string; uiSchema: string; translations: string; note: string; authorId: string; status: VersionStatus; baseVersion: number },
) {
  return trx
    .insertInto('form_versions')
    .values({ form_id: v.formId, version: v.version, schema: v.schema, ui_schema: v.uiSchema, translations: v.translations, note: v.note, author_id: v.authorId, status: v.status, base_version: v.baseVersion })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Submissions per version of a form, from the table (and its version column) its submissions are stored in. */
export async function submissionCounts(db: Db, where: { table: string; column: string }): Promise<Record<string, number>> {
  const version = sql.ref(where.column);
  const rows = await sql<{ v: number; n: string }>`SELECT ${version} AS v, count(*) AS n FROM ${sql.table(where.table)} WHERE ${version} IS NOT NULL GROUP BY ${version}`.execute(db);
  return Object.fromEntries(rows.rows.map((r) => [String(r.v), Number(r.n)]));
}

// Seeding from the files (registry.ts start()).

/** The digest of each form's files as the server last read them. */
export async function fileDigests(db: Db): Promise<Map<string, string>> {
  return new Map((await db.selectFrom('form_file_digests').select(['form_id', 'digest']).execute()).map((r) => [r.form_id, r.digest]));
}

/** A form's files' digest, its row locked so two processes seed a form in turn (undefined: never read). */
export async function lockedFileDigest(trx: Db, formId: string): Promise<string | undefined> {
  return (await trx.selectFrom('form_file_digests').select('digest').where('form_id', '=', formId).forUpdate().executeTakeFirst())?.digest;
}

export async function saveFileDigest(trx: Db, formId: string, digest: string): Promise<void> {
  await trx
    .insertInto('form_file_digests')
    .values({ form_id: formId, digest })
    .onConflict((oc) => oc.column('form_id').doUpdateSet({ digest }))
    .execute();
}

/** A form's newest live version, whole (undefined when none). */
export function liveVersionRow(trx: Db, formId: string) {
  return trx.selectFrom('form_versions').selectAll().where('form_id', '=', formId).where('status', '=', 'live').orderBy('version', 'desc').limit(1).executeTakeFirst();
}

/** The number of a form's newest version, proposals included (0 when none). */
export async function newestVersionNumber(trx: Db, formId: string): Promise<number> {
  const newest = await trx.selectFrom('form_versions').select((eb) => eb.fn.max('version').as('v')).where('form_id', '=', formId).executeTakeFirst();
  return Number(newest?.v ?? 0);
}

/** A version written from the files (no author), unless that number was taken meanwhile. */
export async function insertFileVersion(trx: Db, v: { formId: string; version: number; schema: string; uiSchema: string; translations: string; note: string }): Promise<void> {
  await trx
    .insertInto('form_versions')
    .values({ form_id: v.formId, version: v.version, schema: v.schema, ui_schema: v.uiSchema, translations: v.translations, note: v.note })
    .onConflict((oc) => oc.columns(['form_id', 'version']).doNothing())
    .execute();
}
