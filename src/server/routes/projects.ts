/**
 * Projects from the project owner form: submit (verified identity required), edit and resubmit while not approved,
 * the public list (cursor-paginated), one project, my projects, and closing a campaign.
 */
import type { FastifyInstance } from 'fastify';
import type { ProjectOwnerForm } from '../../shared/generated/form-types';
import { currentUser, type SessionUser } from '../plugins/auth';
import { conflict, fieldErrors, forbidden, notFound } from '../errors';
import { FORM_BODY_LIMIT } from '../limits';
import { decodeUploads, storeUploads } from '../files/store';
import { currentVerification } from './profile';
import { audit } from '../audit';
import { endCampaign } from '../market/campaign-end';
import { noticeSite } from '../modules/notices/service';
import { PROJECT_STATUSES, projectPageSchema, projectSchema, PUBLIC_STATUSES, viewsOf, visibleProject } from '../market/projects';
import type { FundingModel, ProjectStatus } from '../db/schema';
import { fromPaisa, toPaisa } from '../../shared/domain/money';
import { decodeCursor, keysetPage, newestPage, OWN_PAGE_QUERY } from '../market/cursor';
import { sql } from 'kysely';
import { withE164Phones } from '../auth/stored-phones';
import { idParams } from './schemas';
import { sendBackOnMaterialEdit } from '../shariah/reviews';
import { materialFields } from '../../shared/forms/material';
import { formatMoney } from '../../shared/format/money';


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
export function fundingModelOf(form: Pick<ProjectOwnerForm, 'fundingModel' | 'investType'>): FundingModel {
  if (form.fundingModel === 'All or nothing') return 'all_or_nothing';
  if (form.fundingModel === 'Keep what you raise') return 'keep_what_you_raise';
  return form.investType === 'Donation' ? 'keep_what_you_raise' : 'all_or_nothing';
}

export default async function projectRoutes(app: FastifyInstance): Promise<void> {
  async function requireVerifiedIdentity(userId: string): Promise<void> {
    const v = await currentVerification(app.db, userId);
    if (v?.status === 'verified') return;
    if (!v) throw forbidden('Verify your identity before you submit a project: submit your documents under Profile → Verify Profile.');
    if (v.status === 'submitted') throw forbidden('Your identity verification is still under review. You can submit a project once staff have verified it.');
    throw forbidden(`Your identity verification was rejected${v.staff_note ? ` (${v.staff_note})` : ''}. Submit it again under Profile → Verify Profile.`);
  }

  app.post<{ Body: ProjectOwnerForm }>(
    '/projects',
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: { tags: ['projects'], security: [{ bearer: [] }], body: { $ref: 'project-owner#' }, response: { 201: projectSchema } },
      onRequest: app.requireUser,
      config: { idempotent: true },
    },
    async (request, reply) => {
      const me = currentUser(request);
      await requireVerifiedIdentity(me.id);
      const columns = columnsOf(request.body, app.config.minInvestment);
      const decoded = decodeUploads(request.formSchema!, withE164Phones(request.formSchema!, request.body));
      // The project and the answer in one transaction: once it commits, nothing can turn it into an error (with an
      // Idempotency-Key, a repeat gets this answer back instead of a second project).
      return app.writeOnce(request, reply, 201, async (trx) => {
        const created = await trx
          .insertInto('projects')
          .values({ owner_id: me.id, status: 'pending_review', data: JSON.stringify({}), form_version: request.formVersion!, ...columns })
          .returning('id')
          .executeTakeFirstOrThrow();
        const doc = await storeUploads(trx, me.id, decoded, { type: 'project', id: created.id });
        const row = await trx.updateTable('projects').set({ data: JSON.stringify(doc) }).where('id', '=', created.id).returningAll().executeTakeFirstOrThrow();
        await trx.deleteFrom('drafts').where('user_id', '=', me.id).where('form_id', '=', 'project-owner').execute();
        return (await viewsOf(trx, app.forms, [row], me))[0]!;
      });
    },
  );

  app.put<{ Params: { id: string }; Body: ProjectOwnerForm }>(
    '/projects/:id',
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        tags: ['projects'],
        security: [{ bearer: [] }],
        description: 'Edits a project that is pending review or was rejected; it goes (back) to review.',
        params: idParams,
        body: { $ref: 'project-owner#' },
        response: { 200: projectSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const me = currentUser(request);
      const { row } = await visibleProject(app.db, request.params.id, me);
      if (row.owner_id !== me.id) throw notFound('This project');
      if (row.status !== 'pending_review' && row.status !== 'rejected') {
        throw conflict('An approved project cannot be edited. Close it and submit a new one if its terms must change.');
      }
      await requireVerifiedIdentity(me.id);
      const columns = columnsOf(request.body, app.config.minInvestment);
      const decoded = decodeUploads(request.formSchema!, withE164Phones(request.formSchema!, request.body));
      // The answer is made in the transaction: an edit that committed is never answered with an error.
      return app.db.transaction().execute(async (trx) => {
        const doc = await storeUploads(trx, me.id, decoded, { type: 'project', id: row.id });
        const updated = await trx
          .updateTable('projects')
          .set({ ...columns, data: JSON.stringify(doc), form_version: request.formVersion!, status: 'pending_review', submitted_at: new Date() })
          .where('id', '=', row.id)
          .where('status', 'in', ['pending_review', 'rejected'])
          .returningAll()
          .executeTakeFirst();
        if (!updated) throw conflict('The project was approved meanwhile and can no longer be edited.');
        const sentBack = await sendBackOnMaterialEdit(trx, materialFields(request.formSchema, app.forms.fileSchema('project-owner')), { ...row, shariah_review_id: updated.shariah_review_id }, doc as Record<string, unknown>, me.id);
        if (row.status === 'rejected') {
          await audit(trx, { actorId: me.id, action: 'project.resubmit', subjectType: 'project', subjectId: row.id, before: 'rejected', after: 'pending_review' });
        }
        return (await viewsOf(trx, app.forms, [sentBack.length > 0 ? { ...updated, shariah_review_id: null } : updated], me))[0];
      });
    },
  );

  app.get<{
    Querystring: { category?: string; status?: 'open' | 'funded' | 'closed'; sort: 'newest' | 'most_funded'; cursor?: string; limit: number };
  }>(
    '/projects',
    {
      schema: {
        tags: ['projects'],
        description: 'Approved projects (open, funded, closed), newest or most funded first, a page at a time.',
        querystring: {
          type: 'object',
          properties: {
            category: { type: 'string', maxLength: 80 },
            status: { type: 'string', enum: ['open', 'funded', 'closed'] },
            sort: { type: 'string', enum: ['newest', 'most_funded'], default: 'newest' },
            cursor: { type: 'string', maxLength: 300 },
            limit: { type: 'integer', minimum: 1, maximum: 50, default: 12 },
          },
          additionalProperties: false,
        },
        response: { 200: projectPageSchema },
      },
    },
    async (request, reply) => {
      const { category, status, sort, limit, cursor } = request.query;
      // Checked before any query or cache look-up: a bad link is a 400 whoever asks.
      const after = cursor ? decodeCursor(cursor, sort) : null;
      /** One query: the page's rows carry their figures (market/figures.ts), so nothing else is read. */
      const page = async (viewer: SessionUser | null) => {
        let query = app.db
          .selectFrom('projects')
          .selectAll()
          .select(sql<string>`created_at::text`.as('created_key'))
          // A literal list (not parameters), so the planner matches the partial indexes of public projects.
          .where(status ? sql<boolean>`status = ${status}` : sql<boolean>`status IN (${sql.raw(PUBLIC_STATUSES.map((s) => `'${s}'`).join(', '))})`);
        if (category) query = query.where('category', '=', category);
        if (after) {
          const [key, id] = after;
          query =
            sort === 'newest'
              ? query.where(sql<boolean>`(created_at, id) < (${key}::timestamptz, ${id}::uuid)`)
              : query.where(sql<boolean>`(raised, id) < (${key}::numeric, ${id}::uuid)`);
        }
        query = sort === 'newest' ? query.orderBy('created_at', 'desc').orderBy('id', 'desc') : query.orderBy('raised', 'desc').orderBy('id', 'desc');
        const rows = await query.limit(limit + 1).execute();
        const { shown, nextCursor } = keysetPage(rows, limit, sort, (row) => (sort === 'newest' ? row.created_key : row.raised));
        const items = await viewsOf(app.db, app.forms, shown.map(({ created_key: _k, ...row }) => row), viewer);
        return { answer: { items, nextCursor }, owners: shown.map((row) => row.owner_id) };
      };
      const viewer = await app.readSession(request);
      // Staff see more of every project: their page is their own.
      if (viewer?.isStaff) return (await page(viewer)).answer;
      const key = JSON.stringify([category ?? null, status ?? null, sort, cursor ?? null, limit]);
      // Kept as the text the schema serialises (nothing undeclared is cached and sent), with the owners of its
      // projects: a signed-in reader who owns none of them reads the page a visitor reads (market/projects.ts:
      // `audienceFor`, `mine`); an owner gets theirs, which says which are theirs.
      const shared = await app.listCache.get(key, async () => {
        const built = await page(null);
        return { text: reply.serialize(built.answer) as string, owners: new Set(built.owners) };
      });
      if (viewer && shared.owners.has(viewer.id)) return (await page(viewer)).answer;
      return reply.type('application/json; charset=utf-8').send(shared.text);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/projects/:id',
    { schema: { tags: ['projects'], params: idParams, response: { 200: projectSchema } } },
    async (request) => {
      const viewer = await app.readSession(request);
      const { row } = await visibleProject(app.db, request.params.id, viewer);
      return (await viewsOf(app.db, app.forms, [row], viewer))[0];
    },
  );

  app.get<{ Querystring: { status?: ProjectStatus; cursor?: string; limit: number } }>(
    '/me/projects',
    {
      schema: {
        tags: ['projects'],
        security: [{ bearer: [] }],
        description: 'My projects, newest first, a page at a time (`nextCursor` asks for the next one); `status` keeps one state.',
        querystring: { ...OWN_PAGE_QUERY, properties: { status: { type: 'string', enum: PROJECT_STATUSES }, ...OWN_PAGE_QUERY.properties } },
        response: { 200: projectPageSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const me = currentUser(request);
      const { status, cursor, limit } = request.query;
      // On the owner's index (owner_id, created_at, id): an owner with many projects gets them in pages, each one
      // indexed read, never the whole list at once.
      let query = app.db.selectFrom('projects').selectAll().select(sql<string>`created_at::text`.as('created_key')).where('owner_id', '=', me.id);
      if (status) query = query.where('status', '=', status);
      const { shown, nextCursor } = await newestPage(query, 'projects', cursor, limit);
      return { items: await viewsOf(app.db, app.forms, shown.map(({ created_key: _k, ...row }) => row), me), nextCursor };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/projects/:id/close',
    { schema: { tags: ['projects'], security: [{ bearer: [] }], params: idParams, response: { 200: projectSchema } }, onRequest: app.requireUser },
    async (request) => {
      const me = currentUser(request);
      const { row } = await visibleProject(app.db, request.params.id, me);
      if (row.owner_id !== me.id && !me.isStaff) throw notFound('This project');
      if (row.status !== 'open' && row.status !== 'funded') {
        throw conflict(`Only an open or funded campaign can be closed; this one is ${row.status.replace('_', ' ')}.`);
      }
      // Below its goal, an all-or-nothing campaign closed early returns the money as at its end date (campaign-end.ts).
      const view = await app.db.transaction().execute(async (trx) => {
        const done = await endCampaign(trx, row.id, {
          closedAt: new Date(),
          actorId: me.id,
          note: me.id === row.owner_id ? 'Closed by its owner.' : 'Closed by staff.',
          shouldClose: (p) => p.status === row.status,
          site: noticeSite(app.config),
        });
        if (!done) throw conflict('The project changed meanwhile: reload it.');
        const closed = await trx.selectFrom('projects').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
        return (await viewsOf(trx, app.forms, [closed], me))[0];
      });
      app.mail.kick();
      return view;
    },
  );
}
