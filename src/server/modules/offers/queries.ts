/** The offers' queries: offers, their pages, the Requests For Invest (invitations) and what a card needs besides. */
import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, OffersTable } from '../../db/schema';
import { newestPage } from '../../db/cursor';
import { PUBLIC_STATUSES } from '../projects/service';

export type OfferRow = Selectable<OffersTable>;

/**
 * Whether an invitation (aliased `i`) was answered: its investor sent an agreement request to its project after it
 * arrived (on the index of a project's requests). The owner who sent it then sees the offer's contact details.
 */
const answeredInvitation = sql<boolean>`EXISTS (
  SELECT 1 FROM agreement_requests a WHERE a.project_id = i.project_id AND a.investor_id = i.investor_id AND a.created_at >= i.created_at)`;

/** A project owner's invitations on these offers: whether each was shared on, or answered. */
export function invitationsOn(db: Kysely<DB>, ownerId: string, offerIds: string[]) {
  return db
    .selectFrom('invitations as i')
    .select(['i.offer_id', 'i.contact_shared_at'])
    .select(answeredInvitation.as('answered'))
    .where('i.owner_id', '=', ownerId)
    .where('i.offer_id', 'in', offerIds)
    .execute();
}

/** The titles of the public projects among these. */
export async function publicProjectTitles(db: Kysely<DB>, projectIds: string[]): Promise<Map<string, string>> {
  if (projectIds.length === 0) return new Map();
  const rows = await db.selectFrom('projects').select(['id', 'title']).where('id', 'in', projectIds).where('status', 'in', PUBLIC_STATUSES).execute();
  return new Map(rows.map((p) => [p.id, p.title]));
}

/** Each investor's number of open offers. */
export async function openOfferCounts(db: Kysely<DB>, investorIds: string[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('offers')
    .select(['investor_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('investor_id', 'in', investorIds)
    .where('status', '=', 'open')
    .groupBy('investor_id')
    .execute();
  return new Map(rows.map((r) => [r.investor_id, Number(r.n)]));
}

export function insertOffer(trx: Transaction<DB>, values: Insertable<OffersTable>) {
  return trx.insertInto('offers').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Stores the offer's form (its files replaced by references) once its uploads are stored. */
export function setOfferData(trx: Transaction<DB>, id: string, doc: unknown) {
  return trx.updateTable('offers').set({ data: JSON.stringify(doc) }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/**
 * Offers newest first, a page at a time: the open ones on the index (status, created_at, id), or an investor's on
 * (investor_id, created_at, id).
 */
export async function offersPage(db: Kysely<DB>, which: { status: 'open' } | { investorId: string }, cursor: string | undefined, limit: number) {
  const base = db.selectFrom('offers').selectAll().select(sql<string>`created_at::text`.as('created_key'));
  const query = 'status' in which ? base.where('status', '=', which.status) : base.where('investor_id', '=', which.investorId);
  const { shown, nextCursor } = await newestPage(query, 'offers', cursor, limit);
  return { rows: shown.map(({ created_key: _k, ...r }) => r), nextCursor };
}

export function offerById(db: Kysely<DB>, id: string) {
  return db.selectFrom('offers').selectAll().where('id', '=', id).executeTakeFirst();
}

export function openOfferById(db: Kysely<DB>, id: string) {
  return db.selectFrom('offers').selectAll().where('id', '=', id).where('status', '=', 'open').executeTakeFirst();
}

/** Withdraws an open offer of its investor's; undefined when it is not theirs or not open. */
export function withdrawOffer(trx: Transaction<DB>, id: string, investorId: string, at: Date) {
  return trx.updateTable('offers').set({ status: 'withdrawn', withdrawn_at: at }).where('id', '=', id).where('investor_id', '=', investorId).where('status', '=', 'open').returningAll().executeTakeFirst();
}

/**
 * A project's relevant offers (not its owner's): those linked to it, newest first; then open BDT Investment offers of
 * its category covering its minimum, largest first; and which offers' investors were already invited to it.
 */
export async function relevantOffers(db: Kysely<DB>, project: { id: string; owner_id: string; category: string; min_investment: string }) {
  const linked = await db
    .selectFrom('offers')
    .selectAll()
    .where('project_id', '=', project.id)
    .where('status', '=', 'open')
    .where('investor_id', '!=', project.owner_id)
    .orderBy('created_at', 'desc')
    .execute();
  const matching = await db
    .selectFrom('offers')
    .selectAll()
    .where('status', '=', 'open')
    .where('investor_id', '!=', project.owner_id)
    .where('kind', '=', 'Investment')
    .where('business_category', '=', project.category)
    .where('currency', '=', 'BDT')
    .where('amount', '>=', project.min_investment)
    .where((eb) => eb.or([eb('project_id', 'is', null), eb('project_id', '!=', project.id)]))
    .orderBy('amount', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
  const invited = new Set((await db.selectFrom('invitations').select('offer_id').where('project_id', '=', project.id).execute()).map((r) => r.offer_id));
  return { linked, matching, invited };
}

/** A Request For Invest, once per offer and project; undefined when it was already sent. */
export function insertInvitation(trx: Transaction<DB>, values: { offer_id: string; project_id: string; owner_id: string; investor_id: string }) {
  return trx.insertInto('invitations').values(values).onConflict((oc) => oc.columns(['offer_id', 'project_id']).doNothing()).returning(['id', 'created_at']).executeTakeFirst();
}

/** An investor's invitations, newest first, on the investor's index (investor_id, created_at, id). */
export async function invitationsPage(db: Kysely<DB>, investorId: string, cursor: string | undefined, limit: number) {
  const query = db
    .selectFrom('invitations as i')
    .innerJoin('offers as o', 'o.id', 'i.offer_id')
    .select(['i.id', 'i.offer_id', 'i.created_at', 'i.project_id', 'i.contact_shared_at', 'o.status as offer_status', sql<string>`i.created_at::text`.as('created_key')])
    .select(answeredInvitation.as('answered'))
    .where('i.investor_id', '=', investorId);
  return newestPage(query, 'i', cursor, limit);
}

/** Projects by id (the page's projects, in one read). */
export function projectsByIds(db: Kysely<DB>, ids: string[]) {
  return ids.length ? db.selectFrom('projects').selectAll().where('id', 'in', ids).execute() : Promise.resolve([]);
}

/** An investor's invitation with its offer's status and its project's title, locked. */
export function lockInvitation(trx: Transaction<DB>, id: string, investorId: string) {
  return trx
    .selectFrom('invitations as i')
    .innerJoin('offers as o', 'o.id', 'i.offer_id')
    .innerJoin('projects as p', 'p.id', 'i.project_id')
    .select(['i.id', 'i.owner_id', 'i.project_id', 'i.contact_shared_at', 'o.status as offer_status', 'p.title'])
    .where('i.id', '=', id)
    .where('i.investor_id', '=', investorId)
    .forUpdate('i')
    .executeTakeFirst();
}

export async function setContactShared(trx: Transaction<DB>, id: string, at: Date): Promise<Date> {
  const row = await trx.updateTable('invitations').set({ contact_shared_at: at }).where('id', '=', id).returning('contact_shared_at').executeTakeFirstOrThrow();
  return row.contact_shared_at!;
}
