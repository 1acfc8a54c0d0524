/** The agreement documents' queries: the records a document's terms are made from, the stored PDF and the consents. */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../../db/schema';
import type { AgreementTerms } from '../../../../shared/agreement/terms';
import type { ConsentParty } from '../../../../shared/api/views';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * An agreement's document with its consents as one JSON value (null before there is one), for a query of
 * `agreement_requests as a`: a page of agreements carries its documents in its own round trip (primary-key lookups).
 */
export const documentJson = sql<DocumentRow | null>`(
  SELECT json_build_object(
    'number', d.number, 'sha256', d.sha256, 'terms', d.terms,
    'consents', coalesce((SELECT json_agg(json_build_object('party', c.party, 'sha256', c.sha256, 'statement', c.statement, 'at', c.consented_at))
                            FROM agreement_consents c WHERE c.agreement_id = d.agreement_id), '[]'::json))
  FROM agreement_documents d WHERE d.agreement_id = a.id)`;

/** What `documentJson` gives for one agreement. */
export interface DocumentRow {
  number: string;
  sha256: string;
  terms: AgreementTerms;
  consents: { party: ConsentParty; sha256: string; statement: string; at: string }[];
}

/** The documents of agreements by id, in one query. */
export function documentRows(db: Kysely<DB>, agreementIds: readonly string[]) {
  return db.selectFrom('agreement_requests as a').select(['a.id', documentJson.as('document')]).where('a.id', 'in', agreementIds).execute();
}

/** A user's profile name and current verification, as a document names its parties. */
export function partyRecords(db: Db, userId: string) {
  return Promise.all([
    db.selectFrom('profiles').select('name').where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('verifications').select(['status', 'data', 'reviewed_at']).where('user_id', '=', userId).where('superseded_at', 'is', null).executeTakeFirst(),
  ]);
}

/** An agreement, its stored schedule and its project (null when it has no schedule). */
export async function agreementRecords(db: Db, agreementId: string) {
  const agreement = await db.selectFrom('agreement_requests').selectAll().where('id', '=', agreementId).executeTakeFirstOrThrow();
  const instalments = await db.selectFrom('instalments').select(['seq', 'due_on', 'amount']).where('agreement_id', '=', agreementId).orderBy('seq').execute();
  if (instalments.length === 0) return null;
  const project = await db.selectFrom('projects').selectAll().where('id', '=', agreement.project_id).executeTakeFirstOrThrow();
  return { agreement, instalments, project };
}

/** Stores a document, once (a second one for the same agreement changes nothing). */
export async function insertDocument(trx: Transaction<DB>, values: { agreement_id: string; number: string; terms: string; pdf: Buffer; sha256: string }): Promise<void> {
  await trx.insertInto('agreement_documents').values(values).onConflict((oc) => oc.column('agreement_id').doNothing()).execute();
}

/** The terms a stored document was made from. */
export async function storedTerms(db: Kysely<DB>, agreementId: string) {
  return (await db.selectFrom('agreement_documents').select('terms').where('agreement_id', '=', agreementId).executeTakeFirst())?.terms ?? null;
}

/** The stored PDF of an agreement. */
export function documentFile(db: Kysely<DB>, agreementId: string) {
  return db.selectFrom('agreement_documents').select(['number', 'pdf', 'sha256']).where('agreement_id', '=', agreementId).executeTakeFirst();
}

/** What a consent names: the document's fingerprint and terms. */
export function documentToConsent(trx: Transaction<DB>, agreementId: string) {
  return trx.selectFrom('agreement_documents').select(['sha256', 'terms']).where('agreement_id', '=', agreementId).executeTakeFirst();
}

/** Records a party's consent once; undefined when that party had already consented. */
export function insertConsent(trx: Transaction<DB>, values: { agreement_id: string; party: ConsentParty; user_id: string; sha256: string; statement: string }) {
  return trx
    .insertInto('agreement_consents')
    .values(values)
    .onConflict((oc) => oc.columns(['agreement_id', 'party']).doNothing())
    .returning('party')
    .executeTakeFirst();
}

/** Agreements accepted before documents existed that still wait for theirs (listed by migration 020). */
export function waitingForDocuments(trx: Transaction<DB>, limit: number) {
  return trx
    .selectFrom('agreement_documents_pending as w')
    .innerJoin('agreement_requests as a', 'a.id', 'w.agreement_id')
    .select(['a.id', 'a.decided_at', 'a.created_at'])
    .orderBy('w.agreement_id')
    .limit(limit)
    .execute();
}

export async function doneWaiting(trx: Transaction<DB>, agreementId: string): Promise<void> {
  await trx.deleteFrom('agreement_documents_pending').where('agreement_id', '=', agreementId).execute();
}
