/** Staff's drafts of the site content (table content_drafts): one per author. */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** Every draft, most recently saved first. */
export function allDrafts(db: Db) {
  return db.selectFrom('content_drafts').selectAll().orderBy('updated_at', 'desc').execute();
}

/** Saves an author's draft (their one draft, replaced); returns when it was saved. */
export async function saveDraft(db: Db, authorId: string, values: { base_version: number; content: string; translations: string; updated_at: Date }): Promise<Date> {
  const row = await db
    .insertInto('content_drafts')
    .values({ author_id: authorId, ...values })
    .onConflict((oc) => oc.column('author_id').doUpdateSet(values))
    .returning(['updated_at'])
    .executeTakeFirstOrThrow();
  return row.updated_at;
}

/** Deletes an author's draft; the number of drafts deleted (0 or 1). */
export async function deleteDraft(db: Db, authorId: string): Promise<number> {
  const gone = await db.deleteFrom('content_drafts').where('author_id', '=', authorId).executeTakeFirst();
  return Number(gone.numDeletedRows);
}
