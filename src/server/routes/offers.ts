/**
 * Investment offers from the invest form (the investor cards of the Invest tab), relevant investors for a project,
 * and Request For Invest: an owner's invitation to an offer's investor, naming a project.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Selectable } from 'kysely';
import type { OffersTable } from '../db/schema';
import type { InvestForm } from '../../shared/generated/form-types';
import { currentUser } from '../plugins/auth';
import { conflict, forbidden, notFound } from '../errors';
import { FORM_BODY_LIMIT } from '../limits';
import { decodeUploads, storeUploads } from '../files/store';
import { closeEndedCampaigns, viewsOf, visibleProject } from '../market/projects';
import { fromPaisa, toPaisa } from '../../shared/domain/money';
import { withE164Phones } from '../auth/stored-phones';
import { notify } from '../notices/notify';
import { noticeLinks, siteOrigin } from '../notices/links';
import { newestPage, OWN_PAGE_QUERY } from '../market/cursor';

const idParams = { type: 'object', properties: { id: { type: 'string', format: 'uuid' } }, required: ['id'] } as const;

/** An offer as an investor card. Contact details are shown to signed-in users, as the spec's cards do. */
export function offerView(row: Selectable<OffersTable>, viewerId: string) {
  const d = row.data as Partial<InvestForm>;
  return {
    id: row.id,
    status: row.status,
    kind: row.kind,
    name: d.name ?? '',
    phone: d.phone ?? '',
    email: d.email ?? '',
    city: d.location ?? '',
    businessCategory: row.business_category,
    amount: row.amount,
    currency: row.currency,
    durationMonths: d.duration ?? null,
    returnType: d.return ?? null,
    returningTime: d.returningTime ?? null,
    totalDuration: d.totalDuration ?? null,
    investmentMethod: d.investmentMethod ?? null,
    projectId: row.project_id,
    formVersion: row.form_version,
    createdAt: row.created_at.toISOString(),
    mine: row.investor_id === viewerId,
  };
}

export default async function offerRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: InvestForm; Querystring: { projectId?: string } }>(
    '/offers',
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        tags: ['offers'],
        security: [{ bearer: [] }],
        description: 'Made from a project page, pass ?projectId= to link the offer to that project.',
        querystring: { type: 'object', properties: { projectId: { type: 'string', format: 'uuid' } }, additionalProperties: false },
        body: { $ref: 'invest#' },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const me = currentUser(request);
      let projectId: string | null = null;
      if (request.query.projectId) {
        const { row } = await visibleProject(app.db, request.query.projectId, me);
        if (row.owner_id === me.id) throw forbidden('You cannot make an offer to your own project.');
        if (row.status !== 'open') throw conflict(`This project is not taking investments: it is ${row.status.replace('_', ' ')}.`);
        projectId = row.id;
      }
      const body = request.body;
      const decoded = decodeUploads(request.formSchema!, withE164Phones(request.formSchema!, body));
      const row = await app.db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto('offers')
          .values({
            investor_id: me.id,
            project_id: projectId,
            status: 'open',
            kind: body.investmentType,
            data: JSON.stringify({}),
            form_version: request.formVersion!,
            business_category: body.businessCategory ?? null,
            amount: body.totalAmount !== undefined ? fromPaisa(toPaisa(body.totalAmount)) : null,
            currency: body.currency ?? null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const doc = await storeUploads(trx, me.id, decoded, { type: 'offer', id: created.id });
        return trx.updateTable('offers').set({ data: JSON.stringify(doc) }).where('id', '=', created.id).returningAll().executeTakeFirstOrThrow();
      });
      return reply.status(201).send(offerView(row, me.id));
    },
  );

  app.get<{ Querystring: { cursor?: string; limit: number } }>(
    '/offers',
    {
      schema: { tags: ['offers'], security: [{ bearer: [] }], description: 'Open offers, the investor cards: newest first, a page at a time (`nextCursor` asks for the next one).', querystring: OWN_PAGE_QUERY },
      onRequest: app.requireUser,
    },
    async (request) => {
      const me = currentUser(request);
      // On the index (status, created_at, id): every open offer can be reached, a page at a time (it stopped at 200).
      const query = app.db.selectFrom('offers').selectAll().select(sql<string>`created_at::text`.as('created_key')).where('status', '=', 'open');
      const { shown, nextCursor } = await newestPage(query, 'offers', request.query.cursor, request.query.limit);
      return { items: shown.map(({ created_key: _k, ...r }) => offerView(r, me.id)), nextCursor };
    },
  );

  app.get<{ Querystring: { cursor?: string; limit: number } }>(
    '/me/offers',
    {
      schema: { tags: ['offers'], security: [{ bearer: [] }], description: 'My offers, newest first, a page at a time (`nextCursor` asks for the next one).', querystring: OWN_PAGE_QUERY },
      onRequest: app.requireUser,
    },
    async (request) => {
      const me = currentUser(request);
      // On the investor's index (investor_id, created_at, id).
      const query = app.db.selectFrom('offers').selectAll().select(sql<string>`created_at::text`.as('created_key')).where('investor_id', '=', me.id);
      const { shown, nextCursor } = await newestPage(query, 'offers', request.query.cursor, request.query.limit);
      return { items: shown.map(({ created_key: _k, ...r }) => offerView(r, me.id)), nextCursor };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/offers/:id/withdraw',
    { schema: { tags: ['offers'], security: [{ bearer: [] }], params: idParams }, onRequest: app.requireUser },
    async (request) => {
      const me = currentUser(request);
      const row = await app.db
        .updateTable('offers')
        .set({ status: 'withdrawn', withdrawn_at: new Date() })
        .where('id', '=', request.params.id)
        .where('investor_id', '=', me.id)
        .where('status', '=', 'open')
        .returningAll()
        .executeTakeFirst();
      if (row) return offerView(row, me.id);
      const existing = await app.db.selectFrom('offers').select(['investor_id', 'status']).where('id', '=', request.params.id).executeTakeFirst();
      if (!existing || existing.investor_id !== me.id) throw notFound('This offer');
      throw conflict('This offer was already withdrawn.');
    },
  );

  app.get<{ Params: { id: string } }>(
    '/projects/:id/relevant-investors',
    {
      schema: {
        tags: ['offers'],
        security: [{ bearer: [] }],
        description: "Owner only: offers linked to the project first, then open BDT offers of the project's category covering its minimum investment.",
        params: idParams,
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const me = currentUser(request);
      const { row: project } = await visibleProject(app.db, request.params.id, me);
      if (project.owner_id !== me.id) throw notFound('This project');
      const linked = await app.db
        .selectFrom('offers')
        .selectAll()
        .where('project_id', '=', project.id)
        .where('status', '=', 'open')
        .where('investor_id', '!=', me.id)
        .orderBy('created_at', 'desc')
        .execute();
      const matching = await app.db
        .selectFrom('offers')
        .selectAll()
        .where('status', '=', 'open')
        .where('investor_id', '!=', me.id)
        .where('kind', '=', 'Investment')
        .where('business_category', '=', project.category)
        .where('currency', '=', 'BDT')
        .where('amount', '>=', project.min_investment)
        .where((eb) => eb.or([eb('project_id', 'is', null), eb('project_id', '!=', project.id)]))
        .orderBy('amount', 'desc')
        .orderBy('created_at', 'desc')
        .execute();
      const invited = new Set(
        (await app.db.selectFrom('invitations').select('offer_id').where('project_id', '=', project.id).execute()).map((r) => r.offer_id),
      );
      const card = (r: Selectable<OffersTable>, reason: 'linked' | 'matching') => ({ ...offerView(r, me.id), reason, invited: invited.has(r.id) });
      return { items: [...linked.map((r) => card(r, 'linked')), ...matching.map((r) => card(r, 'matching'))] };
    },
  );

  app.post<{ Params: { id: string }; Body: { projectId: string } }>(
    '/offers/:id/requests',
    {
      schema: {
        tags: ['offers'],
        security: [{ bearer: [] }],
        description: "Request For Invest: the owner of an open project invites an offer's investor to it.",
        params: idParams,
        body: { $ref: 'invest-request#' },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const me = currentUser(request);
      await closeEndedCampaigns(app.db);
      const { row: project } = await visibleProject(app.db, request.body.projectId, me);
      if (project.owner_id !== me.id) throw notFound('This project');
      if (project.status !== 'open') throw conflict(`Only an open project can invite investors; this one is ${project.status.replace('_', ' ')}.`);
      const offer = await app.db.selectFrom('offers').selectAll().where('id', '=', request.params.id).where('status', '=', 'open').executeTakeFirst();
      if (!offer) throw notFound('This offer');
      if (offer.investor_id === me.id) throw forbidden('You cannot invite yourself.');
      const created = await app.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('invitations')
          .values({ offer_id: offer.id, project_id: project.id, owner_id: me.id, investor_id: offer.investor_id })
          .onConflict((oc) => oc.columns(['offer_id', 'project_id']).doNothing())
          .returning(['id', 'created_at'])
          .executeTakeFirst();
        if (!row) throw conflict('You already sent this investor a request for this project.');
        await notify(
          trx,
          {
            userId: offer.investor_id,
            kind: 'invest_request',
            title: `A Request For Invest from "${project.title}"`,
            text: `The owner of "${project.title}" read your offer and invites you to invest in their project.`,
            link: noticeLinks.history('invitations'),
          },
          siteOrigin(app.config),
        );
        return row;
      });
      app.mail.kick();
      return reply.status(201).send({
        id: created.id,
        offerId: offer.id,
        projectId: project.id,
        createdAt: created.created_at.toISOString(),
        message: `Request sent. The investor sees it under Investment History → Invitations.`,
      });
    },
  );

  app.get<{ Querystring: { cursor?: string; limit: number } }>(
    '/me/invitations',
    {
      schema: {
        tags: ['offers'],
        security: [{ bearer: [] }],
        description: 'Projects whose owners asked me to invest (Request For Invest), newest first, a page at a time.',
        querystring: OWN_PAGE_QUERY,
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const me = currentUser(request);
      // On the investor's index (investor_id, created_at, id); then the page's projects, in one read.
      const query = app.db
        .selectFrom('invitations as i')
        .select(['i.id', 'i.offer_id', 'i.created_at', 'i.project_id', sql<string>`i.created_at::text`.as('created_key')])
        .where('i.investor_id', '=', me.id);
      const { shown, nextCursor } = await newestPage(query, 'i', request.query.cursor, request.query.limit);
      const projects = shown.length ? await app.db.selectFrom('projects').selectAll().where('id', 'in', shown.map((r) => r.project_id)).execute() : [];
      const views = new Map((await viewsOf(app.forms, projects, me)).map((v) => [v.id, v]));
      return {
        items: shown.map((r) => ({ id: r.id, offerId: r.offer_id, createdAt: r.created_at.toISOString(), project: views.get(r.project_id) })),
        nextCursor,
      };
    },
  );

}
