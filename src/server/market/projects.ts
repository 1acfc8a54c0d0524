/**
 * Projects: who may see which, what each audience is shown, campaign endings, and the raised/funded bookkeeping
 * done inside the transactions that move money.
 */
import { PROJECT_IMAGE_FIELDS } from '../../shared/forms/code-fields';
import type { Kysely, Transaction } from 'kysely';
import type { DB, ProjectStatus } from '../db/schema';
import type { SessionUser } from '../plugins/auth';
import { audit } from '../audit';
import { notFound } from '../errors';
import { toPaisa } from '../../shared/domain/money';
import { figuresOf, type Figures, type ProjectRow } from './figures';
import type { ProjectView } from '../../shared/api/views';

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
export function projectView(row: ProjectRow, figures: Figures, audience: Audience, viewerId: string | undefined, schema: JsonSchema): ProjectView {
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
    mine: viewerId === row.owner_id,
    formVersion: row.form_version,
    ...(audience === 'public' ? {} : { staffNote: row.staff_note }),
    details,
  };
}

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

/**
 * Views of several rows. The figures are kept on the rows; the schemas of the versions the rows were submitted with
 * come from the form registry's memory (a published version never changes), so this sends no query once warm.
 */
export async function viewsOf(forms: FormRegistry, rows: ProjectRow[], viewer: SessionUser | null): Promise<ProjectView[]> {
  const now = new Date();
  const schemas = new Map<number, JsonSchema>();
  for (const v of new Set(rows.map((r) => r.form_version))) schemas.set(v, await forms.schemaOf('project-owner', v));
  return rows.map((r) => projectView(r, figuresOf(r, now), audienceFor(r, viewer) ?? 'public', viewer?.id, schemas.get(r.form_version)!));
}

/**
 * Closes campaigns whose end date has passed (open or funded → closed), with an audit row each, inside the caller's
 * transaction (the rows are locked, so a decision racing the end date sees the closing). Cheap (an indexed look-up);
 * returns how many closed. The scheduled job runs it every 15 seconds.
 */
export async function closeEnded(trx: Transaction<DB>, now = new Date()): Promise<number> {
  const ended = await trx
    .selectFrom('projects')
    .select(['id', 'status', 'ends_at'])
    .where('status', 'in', ['open', 'funded'])
    .where('ends_at', '<=', now)
    .forUpdate()
    .execute();
  for (const p of ended) {
    await trx.updateTable('projects').set({ status: 'closed', closed_at: p.ends_at }).where('id', '=', p.id).execute();
    await audit(trx, { actorId: null, action: 'project.close', subjectType: 'project', subjectId: p.id, before: p.status, after: 'closed', note: 'The campaign end date passed.' });
  }
  return ended.length;
}

/** `closeEnded` in a transaction of its own: writes that depend on a project being open call it first. */
export function closeEndedCampaigns(db: Kysely<DB>, now = new Date()): Promise<number> {
  return db.transaction().execute((trx) => closeEnded(trx, now));
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
