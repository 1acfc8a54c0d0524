/**
 * Drafts: staff's drafts of a form in the studio (form_drafts, one per form and staff member) and a person's draft
 * of a long form as they type it (drafts, one per person and form).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';

type Db = Kysely<DB>;

/** Every staff draft of every form, newest first (the studio's list). */
export function draftSummaries(db: Db) {
  return db.selectFrom('form_drafts').select(['form_id', 'author_id', 'base_version', 'updated_at']).orderBy('updated_at', 'desc').execute();
}

/** The staff drafts of one form, whole, newest first. */
export function formDraftRows(db: Db, formId: string) {
  return db.selectFrom('form_drafts').selectAll().where('form_id', '=', formId).orderBy('updated_at', 'desc').execute();
}

/** Saves a staff member's draft of a form (made or replaced); answers when it was saved. */
export function upsertFormDraft(
  db: Db,
  formId: string,
  authorId: string,
  values: { base_version: number; schema: string; ui_schema: string; cases: string; translations: string; updated_at: Date },
) {
  return db
    .insertInto('form_drafts')
    .values({ form_id: formId, author_id: authorId, ...values })
    .onConflict((oc) => oc.columns(['form_id', 'author_id']).doUpdateSet(values))
    .returning(['updated_at'])
    .executeTakeFirstOrThrow();
}

/** Removes a staff member's draft of a form; answers how many went (0 or 1). */
export async function deleteFormDraft(db: Db, formId: string, authorId: string): Promise<number> {
  const gone = await db.deleteFrom('form_drafts').where('form_id', '=', formId).where('author_id', '=', authorId).executeTakeFirst();
  return Number(gone.numDeletedRows);
}

/** A person's draft of a form (undefined when none). */
export function personDraftRow(db: Db, userId: string, formId: string) {
  return db.selectFrom('drafts').select(['data', 'updated_at']).where('user_id', '=', userId).where('form_id', '=', formId).executeTakeFirst();
}

/** Saves a person's draft of a form (made or replaced). */
export async function upsertPersonDraft(trx: Db, userId: string, formId: string, json: string): Promise<void> {
  await trx
    .insertInto('drafts')
    .values({ user_id: userId, form_id: formId, data: json })
    .onConflict((oc) => oc.columns(['user_id', 'form_id']).doUpdateSet({ data: json, updated_at: new Date() }))
    .execute();
}

export async function deletePersonDraft(db: Db, userId: string, formId: string): Promise<void> {
  await db.deleteFrom('drafts').where('user_id', '=', userId).where('form_id', '=', formId).execute();
}
