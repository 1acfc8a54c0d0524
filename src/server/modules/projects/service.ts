/**
 * Projects: who may see which and what each audience is shown, an owner's submission and edits, the lists, campaign
 * endings, and the raised/funded bookkeeping done inside the transactions that move money. The one file other
 * modules import: what they use of projects (a project they may see, its figures and terms, its lock while money is
 * added, the settling that marks it funded) is exported here.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { DB, FundingModel, ProjectStatus } from '../../db/schema';
import type { SessionUser } from '../../plugins/auth';
import type { ProjectOwnerForm } from '../../../shared/generated/form-types';
import type { ProjectView } from '../../../shared/api/views';
import type { JsonSchema } from '../../../shared/forms/catalog';
import type { FormRegistry } from '../forms/service';
import { audit } from '../../audit';
import { conflict, fieldErrors, forbidden, notFound, type AppError } from '../../errors';
import { registerFileRule } from '../../files/access';
import { decodeUploads, storeUploads } from '../../files/store';
import { withE164Phones } from '../accounts/service';
import { currentVerification } from '../identity/service';
import { reviewsInForce, sendBackOnMaterialEdit } from './shariah';
import { materialFields } from '../../../shared/forms/material';
import { fromPaisa, toPaisa } from '../../../shared/domain/money';
import { formatMoney } from '../../../shared/format/money';
import { keysetPage } from '../../db/cursor';
import { noticeSite, type NoticeSite } from '../notices/service';
import { endCampaign } from './campaign-end';
import { figuresOf, type ProjectRow } from './figures';
import { audienceFor, projectView, type Audience, type RefundCounts } from './views';
import { endedProjects } from './queries/campaign-end';
import {
  deleteProjectDraft, insertProject, lockedMoney, markFunded, ownProjectsPage, projectById, projectStatus, publicPageRows, PUBLIC_STATUSES,
  refundCountRows, setProjectData, updateEditable, type PublicPageQuery,
} from './queries/projects';

// What other modules use of projects.
export { figuresOf, termsOf, daysLeft } from './figures';
export { projectSchema } from './schemas';
export { PUBLIC_STATUSES };
export { GOAL_NOT_REACHED, onGoalNotReached, type EndCampaign } from './campaign-end';

type Db = Kysely<DB> | Transaction<DB>;

// A public project's images (and only its images) are readable by anyone.
registerFileRule('project', async (db, _reader, subjectId) => {
  const p = await projectStatus(db, subjectId);
  return Boolean(p && PUBLIC_STATUSES.includes(p.status));
});

/** Loads a project the viewer may see, or throws 404 (others' unapproved projects do not exist for them). */
export async function visibleProject(db: Db, id: string, viewer: SessionUser | null): Promise<{ row: ProjectRow; audience: Audience }> {
  const row = await projectById(db, id);
  const audience = row ? audienceFor(row, viewer) : null;
  if (!row || !audience) throw notFound('This project');
  return { row, audience };
}

/**
 * The refunds of the rows that closed with their goal not reached (asked only when the page holds such a project):
 * how many are due and how many recorded.
 */
async function refundCounts(db: Db, rows: ProjectRow[]): Promise<Map<string, RefundCounts>> {
  const failed = rows.filter((r) => r.outcome === 'goal_not_reached').map((r) => r.id);
  const out = new Map<string, RefundCounts>(failed.map((id) => [id, { refundsDue: 0, refunded: 0 }]));
  if (failed.length === 0) return out;
  for (const c of await refundCountRows(db, failed)) {
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
 * all-or-nothing campaign below its goal, the return of the money (campaign-end.ts), inside the caller's
 * transaction. Cheap when nothing ended (an indexed look-up); returns how many closed. The scheduled job runs it every
 * 15 seconds over every project; a write that depends on one project being open closes that one first
 * (`closeIfEnded`), so a request never pays for another campaign's cascade. `site`: where notices' e-mail links start, and the default language of their readers.
 */
export async function closeEnded(trx: Transaction<DB>, now: Date, site: NoticeSite, projectId?: string): Promise<number> {
  let closed = 0;
  for (const p of await endedProjects(trx, now, projectId)) {
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
  const p = await lockedMoney(trx, projectId);
  if (p.status !== 'open') throw notTaking(what, p.status);
}

/**
 * Marks an open project funded when its raised money reaches the goal, under its row lock. Call inside the
 * transaction that changed the money, after the change: the database has already moved `raised` (migration 009).
 */
export async function settleProject(trx: Transaction<DB>, projectId: string, actorId: string | null): Promise<ProjectStatus> {
  // The lock the figures' trigger holds already (migration 019): FOR UPDATE here would wait for every insert in flight
  // on this project (their foreign key checks hold FOR KEY SHARE) while they wait for this transaction: a deadlock.
  const project = await lockedMoney(trx, projectId);
  if (project.status === 'open' && toPaisa(project.raised) >= toPaisa(project.goal)) {
    await markFunded(trx, projectId);
    await audit(trx, { actorId, action: 'project.funded', subjectType: 'project', subjectId: projectId, before: 'open', after: 'funded', note: 'Raised money reached the goal.' });
    return 'funded';
  }
  return project.status;
}

/** The typed columns the server needs from a project form (the form itself is kept whole as jsonb). */
function columnsOf(form: ProjectOwnerForm, platformMinimum: number) {
  const goal = toPaisa(form.askamu);
  const minimum = form.minInvestment !== undefined ? toPaisa(form.minInvestment) : toPaisa(platformMinimum);
  if (minimum > goal) {
    throw fieldErrors([
      { path: form.minInvestment !== undefined ? '/minInvestment' : '/askamu', message: form.minInvestment !== undefined
        ? 'Minimum investment cannot be more than the asking amount'
        : `The asking amount must be at least the platform's minimum investment of ${formatMoney(platformMinimum)}, or set a lower minimum investment` },
    ]);
  }
  return {
    title: form.bname,
    category: form.category,
    country: form.country,
    goal: fromPaisa(goal),
    min_investment: fromPaisa(minimum),
    markup_percent: fromPaisa(toPaisa(form.roi)),
    tenor_months: form.reduration,
    return_type: form.return,
    returning_time: form.return === 'Recurring' ? (form.returningTime ?? null) : null,
    total_duration: form.return === 'Recurring' ? (form.totalDuration ?? null) : null,
    funding_model: fundingModelOf(form),
  };
}

/**
 * The funding model the owner stated, or the default (issue 31 §2): keep what you raise for a donation campaign,
 * all-or-nothing for every investment campaign.
 */
function fundingModelOf(form: Pick<ProjectOwnerForm, 'fundingModel' | 'investType'>): FundingModel {
  if (form.fundingModel === 'All or nothing') return 'all_or_nothing';
  if (form.fundingModel === 'Keep what you raise') return 'keep_what_you_raise';
  return form.investType === 'Donation' ? 'keep_what_you_raise' : 'all_or_nothing';
}

async function requireVerifiedIdentity(db: Kysely<DB>, userId: string): Promise<void> {
  const v = await currentVerification(db, userId);
  if (v?.status === 'verified') return;
  if (!v) throw forbidden('Verify your identity before you submit a project: submit your documents under Profile → Verify Profile.');
  if (v.status === 'submitted') throw forbidden('Your identity verification is still under review. You can submit a project once staff have verified it.');
  throw forbidden(`Your identity verification was rejected${v.staff_note ? ` (${v.staff_note})` : ''}. Submit it again under Profile → Verify Profile.`);
}

/** A project form as sent, with the version of the form it was filled in. */
export interface Submission {
  form: ProjectOwnerForm;
  schema: JsonSchema;
  version: number;
}

/**
 * A new project from a verified owner, waiting for review. `write` runs the transaction (the idempotency plugin's:
 * once it commits, nothing can turn it into an error, and a repeat with an Idempotency-Key gets this answer back).
 */
export async function submitProject(app: FastifyInstance, me: SessionUser, s: Submission, write: <T>(work: (trx: Transaction<DB>) => Promise<T>) => Promise<T>) {
  await requireVerifiedIdentity(app.db, me.id);
  const columns = columnsOf(s.form, app.config.minInvestment);
  const decoded = decodeUploads(s.schema, withE164Phones(s.schema, s.form));
  return write(async (trx) => {
    const created = await insertProject(trx, { owner_id: me.id, status: 'pending_review', data: JSON.stringify({}), form_version: s.version, ...columns });
    const doc = await storeUploads(trx, me.id, decoded, { type: 'project', id: created.id });
    const row = await setProjectData(trx, created.id, doc);
    await deleteProjectDraft(trx, me.id);
    return (await viewsOf(trx, app.forms, [row], me))[0]!;
  });
}

/** An owner's edit of a project pending review or rejected: it goes (back) to review; a material edit sends its Shariah approval back. */
export async function editProject(app: FastifyInstance, me: SessionUser, id: string, s: Submission) {
  const { row } = await visibleProject(app.db, id, me);
  if (row.owner_id !== me.id) throw notFound('This project');
  if (row.status !== 'pending_review' && row.status !== 'rejected') {
    throw conflict('An approved project cannot be edited. Close it and submit a new one if its terms must change.');
  }
  await requireVerifiedIdentity(app.db, me.id);
  const columns = columnsOf(s.form, app.config.minInvestment);
  const decoded = decodeUploads(s.schema, withE164Phones(s.schema, s.form));
  // The answer is made in the transaction: an edit that committed is never answered with an error.
  return app.db.transaction().execute(async (trx) => {
    const doc = await storeUploads(trx, me.id, decoded, { type: 'project', id: row.id });
    const updated = await updateEditable(trx, row.id, { ...columns, data: JSON.stringify(doc), form_version: s.version, status: 'pending_review', submitted_at: new Date() });
    if (!updated) throw conflict('The project was approved meanwhile and can no longer be edited.');
    const sentBack = await sendBackOnMaterialEdit(trx, materialFields(s.schema, app.forms.fileSchema('project-owner')), { ...row, shariah_review_id: updated.shariah_review_id }, doc as Record<string, unknown>, me.id);
    if (row.status === 'rejected') {
      await audit(trx, { actorId: me.id, action: 'project.resubmit', subjectType: 'project', subjectId: row.id, before: 'rejected', after: 'pending_review' });
    }
    return (await viewsOf(trx, app.forms, [sentBack.length > 0 ? { ...updated, shariah_review_id: null } : updated], me))[0];
  });
}

/**
 * One page of the public list as `viewer` sees it, with the owners of its projects (who decide whether a signed-in
 * reader may be served a visitor's page). One query: the page's rows carry their figures (figures.ts).
 */
export async function publicPage(app: FastifyInstance, q: PublicPageQuery, viewer: SessionUser | null) {
  const rows = await publicPageRows(app.db, q);
  const { shown, nextCursor } = keysetPage(rows, q.limit, q.sort, (row) => (q.sort === 'newest' ? row.created_key : row.raised));
  const items = await viewsOf(app.db, app.forms, shown.map(({ created_key: _k, ...row }) => row), viewer);
  return { answer: { items, nextCursor }, owners: shown.map((row) => row.owner_id) };
}

/** My projects, newest first, a page at a time; `status` keeps one state. */
export async function myProjects(app: FastifyInstance, me: SessionUser, q: { status?: ProjectStatus; cursor?: string; limit: number }) {
  const { shown, nextCursor } = await ownProjectsPage(app.db, me.id, q.status, q.cursor, q.limit);
  return { items: await viewsOf(app.db, app.forms, shown.map(({ created_key: _k, ...row }) => row), me), nextCursor };
}

/** Its owner or staff close an open or funded campaign; below its goal, an all-or-nothing one returns the money as at its end date. */
export async function closeProject(app: FastifyInstance, me: SessionUser, id: string) {
  const { row } = await visibleProject(app.db, id, me);
  if (row.owner_id !== me.id && !me.isStaff) throw notFound('This project');
  if (row.status !== 'open' && row.status !== 'funded') {
    throw conflict(`Only an open or funded campaign can be closed; this one is ${row.status.replace('_', ' ')}.`);
  }
  const view = await app.db.transaction().execute(async (trx) => {
    const done = await endCampaign(trx, row.id, {
      closedAt: new Date(),
      actorId: me.id,
      note: me.id === row.owner_id ? 'Closed by its owner.' : 'Closed by staff.',
      shouldClose: (p) => p.status === row.status,
      site: noticeSite(app.config),
    });
    if (!done) throw conflict('The project changed meanwhile: reload it.');
    const closed = (await projectById(trx, row.id))!;
    return (await viewsOf(trx, app.forms, [closed], me))[0];
  });
  app.mail.kick();
  return view;
}
