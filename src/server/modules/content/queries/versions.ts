/**
 * The site content's versions (table content_versions) and the digest of the file version 1 and its successors were
 * read from (form_file_digests, under the site content's key).
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB, VersionStatus } from '../../../db/schema';
import { DECISION_COLUMNS } from '../../forms/service';

type Db = Kysely<DB> | Transaction<DB>;

/** The digest of the file last read into a version, its row held until the transaction ends (undefined: never read). */
export function fileDigestForUpdate(trx: Transaction<DB>, key: string) {
  return trx.selectFrom('form_file_digests').select('digest').where('form_id', '=', key).forUpdate().executeTakeFirst();
}

export async function saveFileDigest(trx: Transaction<DB>, key: string, digest: string): Promise<void> {
  await trx.insertInto('form_file_digests').values({ form_id: key, digest }).onConflict((oc) => oc.column('form_id').doUpdateSet({ digest })).execute();
}

/** The newest live version's row (undefined when none). */
export function newestLiveVersion(db: Db) {
  return db.selectFrom('content_versions').selectAll().where('status', '=', 'live').orderBy('version', 'desc').limit(1).executeTakeFirst();
}

/** The highest version number, whatever its status (0 when none). */
export async function lastVersionNumber(db: Db): Promise<number> {
  const last = await db.selectFrom('content_versions').select((eb) => eb.fn.max('version').as('v')).executeTakeFirst();
  return Number(last?.v ?? 0);
}

/** The newest live version's number (null when none). */
export async function liveVersionNumber(db: Db): Promise<number | null> {
  const row = await db.selectFrom('content_versions').select((eb) => eb.fn.max('version').as('v')).where('status', '=', 'live').executeTakeFirst();
  return row?.v == null ? null : Number(row.v);
}

/** Writes a version read from the file (live; nothing when another process wrote that number first). */
export async function insertFileVersion(trx: Transaction<DB>, v: { version: number; content: string; translations: string; note: string }): Promise<void> {
  await trx.insertInto('content_versions').values(v).onConflict((oc) => oc.column('version').doNothing()).execute();
}

/** Writes a version published in the studio. */
export async function insertVersion(
  db: Db,
  v: { version: number; content: string; translations: string; note: string; authorId: string; status: VersionStatus; baseVersion: number },
): Promise<void> {
  await db
    .insertInto('content_versions')
    .values({ version: v.version, content: v.content, translations: v.translations, note: v.note, author_id: v.authorId, status: v.status, base_version: v.baseVersion })
    .execute();
}

/** One version's row (undefined when none). */
export function versionRow(db: Db, version: number) {
  return db.selectFrom('content_versions').selectAll().where('version', '=', version).executeTakeFirst();
}

/** Every version, newest first, with what the version list shows of its decision. */
export function versionList(db: Db) {
  return db.selectFrom('content_versions').select(['version', 'note', 'author_id', 'published_at', ...DECISION_COLUMNS]).orderBy('version', 'desc').execute();
}
