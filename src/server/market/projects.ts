/**
 * Projects: who may see which, what each audience is shown, campaign endings, and the raised/funded bookkeeping
 * done inside the transactions that move money.
 */
import type { NoticeSite } from '../modules/notices/service';
import { PROJECT_IMAGE_FIELDS } from '../../shared/forms/code-fields';
import type { Kysely, Transaction } from 'kysely';
import type { DB, ProjectStatus } from '../db/schema';
import type { SessionUser } from '../plugins/auth';
import { audit } from '../audit';
import { endCampaign } from './campaign-end';
import { conflict, notFound, type AppError } from '../errors';
import { toPaisa } from '../../shared/domain/money';
import { figuresOf, type Figures, type ProjectRow } from './figures';
import type { ProjectView, ShariahReviewView } from '../../shared/api/views';
import { reviewsInForce, shariahReviewSchema } from '../shariah/reviews';
import { figuresSchema } from './figures';
import { boolean, dateTime, dateTimeOrNull, freeForm, integer, object, objectOrNull, pageOf, string, stringOrNull, uuid } from '../routes/schemas';

export type { ProjectView };
import { registerFileRule } from '../files/access';
import { visibleData } from '../../shared/forms/visibility';
import type { FormRegistry } from '../forms/registry';
import type { JsonSchema } from '../../shared/forms/catalog';

type Db = Kysely<DB> | Transaction<DB>;

/** Every state a project can be in (the table's CHECK, migration 003), for request schemas that filter by one. */
export const PROJECT_STATUSES: readonly ProjectStatus[] = ['pending_review', 'open', 'rejected', 'funded', 'closed'];

/** Statuses anyone may see. */
export const PUBLIC_STATUSES: ProjectStatus[] = ['open', 'funded', 'closed'];



// A public project's images (and only its images) are readable by anyone.
registerFileRule('project', async (db, _reader, subjectId) => {
  const p = await db.selectFrom('projects').select('status').where('id', '=', subjectId).executeTakeFirst();
  return Boolean(p && PUBLIC_STATUSES.includes(p.status));
});

export type Audience = 'public' | 'owner' | 'staff';


function fileIds(data: Record<string, unknown>): string[] {
  return PROJECT_IMAGE_FIELDS.map((f) => data[f]).filter((v): v is string => typeof v === 'string' && v.startsWith('file:')).map((v) => v.slice(5));
}

/**
 * The status to show: a campaign past its end date is closed even in the seconds before the scheduled job writes
 * it (reads never write).
 */
function shownStatus(row: ProjectRow, now = new Date()): ProjectStatus {
  return (row.status === 'open' || row.status === 'funded') && row.ends_at && row.ends_at <= now ? 'closed' : row.status;
}

/**
 * What an audience sees of a project. Which fields of its form each audience sees is the `x-visibility` of each field
 * in `schema`, the version of the project form the project was submitted with (src/shared/forms/visibility.ts).
 */
export function projectView(
  row: ProjectRow,
  figures: Figures,
  audience: Audience,
  viewerId: string | undefined,
  schema: JsonSchema,
  refunds: RefundCounts = { refundsDue: 0, refunded: 0 },
  shariahReview: ShariahReviewView | null = null,
): ProjectView {
  const data = row.data as Record<string, unknown>;
  const details = visibleData(data, schema, audience, 'project-owner');
  return {
    id: row.id,
    status: shownStatus(row),
    title: row.title,
    category: row.category,
    country: row.country,
    ownerName: String(data.name ?? ''),
    summary: String(data.briefDescrip ?? ''),
    images: fileIds(data),
    videoUrl: typeof data.busExViLink === 'string' ? data.busExViLink : null,
    createdAt: row.created_at.toISOString(),
    approvedAt: row.approved_at?.toISOString() ?? null,
    endsAt: row.ends_at?.toISOString() ?? null,
    fundedAt: row.funded_at?.toISOString() ?? null,
    closedAt: row.closed_at?.toISOString() ?? null,
    figures,
    fundingModel: row.funding_model,
    goalNotReached: row.outcome === 'goal_not_reached' ? refunds : null,
    mine: viewerId === row.owner_id,
    formVersion: row.form_version,
    ...(audience === 'public' ? {} : { staffNote: row.staff_note }),
    shariahReview,
    details,
  };
}

/** The schema of projectView's answer. */
export const projectSchema = object(
  {
    id: uuid,
    status: { type: 'string', enum: [...PROJECT_STATUSES] },
    title: string,
    category: string,
    country: string,
    ownerName: string,
    summary: string,
    images: { type: 'array', items: string, description: 'File ids of the project images (GET /files/{id}).' },
    videoUrl: stringOrNull,
    createdAt: dateTime,
    approvedAt: dateTimeOrNull,
    endsAt: dateTimeOrNull,
    fundedAt: dateTimeOrNull,
    closedAt: dateTimeOrNull,
    figures: figuresSchema,
    fundingModel: { type: 'string', enum: ['all_or_nothing', 'keep_what_you_raise'] },
    goalNotReached: objectOrNull({ refundsDue: integer, refunded: integer }),
    mine: boolean,
    formVersion: integer,
    staffNote: { ...stringOrNull, description: 'Owner and staff only.' },
    shariahReview: { ...shariahReviewSchema, type: ['object', 'null'] },
    // Free-form: the project form's own fields (each audience sees those its `x-visibility` allows), whose names and
    // types are the form's (schemas/project-owner.schema.json, any published version), not the API's.
    details: freeForm("The project form's fields this audience may see (the form's own names and types)."),
  },
  ['staffNote'],
);

/** A page of projects. */
export const projectPageSchema = pageOf(projectSchema);

/** The audience a viewer belongs to for a project, or null when they may not see it at all. */
export function audienceFor(row: ProjectRow, viewer: SessionUser | null): Audience | null {
  if (viewer?.isStaff) return 'staff';
  if (viewer && viewer.id === row.owner_id) return 'owner';
  return PUBLIC_STATUSES.includes(row.status) ? 'public' : null;
}

/** Loads a project the viewer may see, or throws 404 (others' unapproved projects do not exist for them). */
export async function visibleProject(db: Db, id: string, viewer: SessionUser | null): Promise<{ row: ProjectRow; audience: Audience }> {
  const row = await db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
  const audience = row ? audienceFor(row, viewer) : null;
  if (!row || !audience) throw notFound('This project');
  return { row, audience };
}

type RefundCounts = { refundsDue: number; refunded: number };

/**
 * The refunds of the rows that closed with their goal not reached (one indexed query on donations_project, asked
 * only when the page holds such a project): how many are due and how many recorded.
 */
async function refundCounts(db: Db, rows: ProjectRow[]): Promise<Map<string, RefundCounts>> {
  const failed = rows.filter((r) => r.outcome === 'goal_not_reached').map((r) => r.id);
  const out = new Map<string, RefundCounts>(failed.map((id) => [id, { refundsDue: 0, refunded: 0 }]));
  if (failed.length === 0) return out;
  const counts = await db
    .selectFrom('donations')
    .select(['project_id', 'status', (eb) => eb.fn.countAll<string>().as('n')])
    .where('project_id', 'in', failed)
    .where('status', 'in', ['refund_due', 'refunded'])
    .groupBy(['project_id', 'status'])
    .execute();
  for (const c of counts) {
    const entry = out.get(c.project_id)!;
    if (c.status === 'refund_due') entry.refundsDue = Number(c.n);
    else entry.refunded = Number(c.n);
  }
  return out;
}

/**
 * Views of several rows. The figures are kept on the rows; the schemas of the versions the rows were submitted with
 * come from the form registry's memory (a published version never changes), so this sends no query once warm.
 */
export async function viewsOf(db: Db, forms: FormRegistry, rows: ProjectRow[], viewer: SessionUser | null): Promise<ProjectView[]> {
  const now = new Date();
  const schemas = new Map<number, JsonSchema>();
  for (const v of new Set(rows.map((r) => r.form_version))) schemas.set(v, await forms.schemaOf('project-owner', v));
  const refunds = await refundCounts(db, rows);
  const reviews = await reviewsInForce(db, rows, (r) => audienceFor(r, viewer) !== 'public');
  return rows.map((r) =>
    projectView(r, figuresOf(r, now), audienceFor(r, viewer) ?? 'public', viewer?.id, schemas.get(r.form_version)!, refunds.get(r.id), reviews.get(r.id) ?? null),
  );
}

/**
 * Closes campaigns whose end date has passed (open or funded → closed), each with its audit row and, for an
 * all-or-nothing campaign below its goal, the return of the money (market/campaign-end.ts), inside the caller's
 * transaction. Cheap when nothing ended (an indexed look-up); returns how many closed. The scheduled job runs it every
 * 15 seconds over every project; a write that depends on one project being open closes that one first
 * (`closeIfEnded`), so a request never pays for another campaign's cascade. `site`: where notices' e-mail links start, and the default language of their readers.
 */
export async function closeEnded(trx: Transaction<DB>, now: Date, site: NoticeSite, projectId?: string): Promise<number> {
  const ended = await trx
    .selectFrom('projects')
    .select(['id', 'ends_at'])
    .where('status', 'in', ['open', 'funded'])
    .where('ends_at', '<=', now)
    .$if(projectId !== undefined, (q) => q.where('id', '=', projectId!))
    .orderBy('id')
    .execute();
  let closed = 0;
  for (const p of ended) {
    const done = await endCampaign(trx, p.id, {
      closedAt: p.ends_at ?? now,
      actorId: null,
      note: 'The campaign end date passed.',
      shouldClose: (row) => row.ends_at !== null && row.ends_at <= now,
      site,
    });
    if (done) closed++;
  }
  return closed;
}

/** `closeEnded` over every project, in a transaction of its own (the scheduled job). */
export function closeEndedCampaigns(db: Kysely<DB>, site: NoticeSite, now = new Date()): Promise<number> {
  return db.transaction().execute((trx) => closeEnded(trx, now, site));
}

/** Closes this one project if its end date has passed, in a transaction of its own: writes that need it open call it first. */
export async function closeIfEnded(db: Kysely<DB>, projectId: string, site: NoticeSite, now = new Date()): Promise<void> {
  await db.transaction().execute((trx) => closeEnded(trx, now, site, projectId));
}

/** The answer to money offered to a project that is not open. `what`: "agreement requests", "donations"… */
export function notTaking(what: string, status: ProjectStatus): AppError {
  return conflict(`This project is not taking ${what}: it is ${status.replace('_', ' ')}.`);
}

/**
 * Inside the transaction that adds money to a project: locks its row (the lock the figures' trigger takes at the insert
 * anyway, taken before it) and refuses when the project is no longer open. A campaign that closed while the request
 * was on its way (checked open before the transaction) is seen here, so nothing lands pending on a closed project.
 */
export async function lockOpenProject(trx: Transaction<DB>, projectId: string, what: string): Promise<void> {
  const p = await trx.selectFrom('projects').select('status').where('id', '=', projectId).forNoKeyUpdate().executeTakeFirstOrThrow();
  if (p.status !== 'open') throw notTaking(what, p.status);
}

/**
 * Marks an open project funded when its raised money reaches the goal, under its row lock. Call inside the
 * transaction that changed the money, after the change: the database has already moved `raised` (migration 009).
 */
export async function settleProject(trx: Transaction<DB>, projectId: string, actorId: string | null): Promise<ProjectStatus> {
  // The lock the figures' trigger holds already (migration 019): FOR UPDATE here would wait for every insert in flight
  // on this project (their foreign key checks hold FOR KEY SHARE) while they wait for this transaction: a deadlock.
  const project = await trx.selectFrom('projects').select(['status', 'goal', 'raised']).where('id', '=', projectId).forNoKeyUpdate().executeTakeFirstOrThrow();
  if (project.status === 'open' && toPaisa(project.raised) >= toPaisa(project.goal)) {
    await trx.updateTable('projects').set({ status: 'funded', funded_at: new Date() }).where('id', '=', projectId).execute();
    await audit(trx, { actorId, action: 'project.funded', subjectType: 'project', subjectId: projectId, before: 'open', after: 'funded', note: 'Raised money reached the goal.' });
    return 'funded';
  }
  return project.status;
}
