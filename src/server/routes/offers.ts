/**
 * Investment offers from the invest form (the investor cards of the Invest tab), relevant investors for a project,
 * and Request For Invest: an owner's invitation to an offer's investor, naming a project.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { InvestForm } from '../../shared/generated/form-types';
import { currentUser } from '../plugins/auth';
import { conflict, forbidden, notFound } from '../errors';
import { FORM_BODY_LIMIT } from '../limits';
import { decodeUploads, storeUploads } from '../files/store';
import { closeIfEnded, projectSchema, viewsOf, visibleProject } from '../market/projects';
import { fromPaisa, toPaisa } from '../../shared/domain/money';
import { withE164Phones } from '../auth/stored-phones';
import { noticeLinks, noticeSite, notify } from '../modules/notices/service';
import { newestPage, OWN_PAGE_QUERY } from '../market/cursor';
import { answeredInvitation, offerSchema, offerViews, type OfferRow } from '../market/offers';
import { audit } from '../audit';
import { arrayOf, boolean, dateTime, idParams, object, pageOf, string, uuid } from './schemas';

/** A card among a project's relevant investors: why it is listed and whether its investor was invited. */
const relevantInvestorSchema = object({
  ...offerSchema.properties,
  reason: { type: 'string', enum: ['linked', 'matching'] },
  invited: boolean,
});

/** A Request For Invest as its owner's answer to sending it. */
const invitationSentSchema = object({ id: uuid, offerId: uuid, projectId: uuid, createdAt: dateTime, message: string });

/** A Request For Invest as the invited investor sees it. */
const invitationSchema = object(
  {
    id: uuid,
    offerId: uuid,
    offerOpen: boolean,
    createdAt: dateTime,
    contactShared: { type: ['string', 'null'], enum: ['shared', 'answered', null], description: 'Whether (and why) the owner sees the offer\'s contact details.' },
    project: projectSchema,
  },
  ['project'],
);

const contactSharedSchema = object({ id: uuid, contactShared: { type: 'string', enum: ['shared'] }, contactSharedAt: dateTime, message: string });


export default async function offerRoutes(app: FastifyInstance): Promise<void> {
  /** The cards of rows (read in `db`: a transaction's own, for the answer of a write that must not fail after it). */
  const views = (rows: OfferRow[], viewer: Parameters<typeof offerViews>[3], db: Kysely<DB> = app.db) => offerViews(db, app.forms, rows, viewer);

  app.post<{ Body: InvestForm; Querystring: { projectId?: string } }>(
    '/offers',
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        tags: ['offers'],
        security: [{ bearer: [] }],
        description: 'Made from a project page, pass ?projectId= to link the offer to that project.',
        querystring: { type: 'object', properties: { projectId: { type: 'string', format: 'uuid' } }, additionalProperties: false },
        response: { 201: offerSchema },
        body: { $ref: 'invest#' },
      },
      onRequest: app.requireUser,
      config: { idempotent: true },
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
      // The offer and the answer in one transaction (with an Idempotency-Key, a repeat gets this answer back).
      return app.writeOnce(request, reply, 201, async (trx) => {
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
        const row = await trx.updateTable('offers').set({ data: JSON.stringify(doc) }).where('id', '=', created.id).returningAll().executeTakeFirstOrThrow();
        return (await views([row], me, trx))[0]!;
      });
    },
  );

  app.get<{ Querystring: { cursor?: string; limit: number } }>(
    '/offers',
    {
      schema: {
        tags: ['offers'],
        security: [{ bearer: [] }],
        description:
          'Open offers, the investor cards: newest first, a page at a time (`nextCursor` asks for the next one). Contact details only to the investor, staff, and an owner the investor answered.',
        querystring: OWN_PAGE_QUERY,
        response: { 200: pageOf(offerSchema) },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const me = currentUser(request);
      // On the index (status, created_at, id): every open offer can be reached, a page at a time (it stopped at 200).
      const query = app.db.selectFrom('offers').selectAll().select(sql<string>`created_at::text`.as('created_key')).where('status', '=', 'open');
      const { shown, nextCursor } = await newestPage(query, 'offers', request.query.cursor, request.query.limit);
      return { items: await views(shown.map(({ created_key: _k, ...r }) => r), me), nextCursor };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/offers/:id',
    {
      schema: { tags: ['offers'], security: [{ bearer: [] }], description: 'One investor card (a withdrawn offer only to its investor and staff).', params: idParams, response: { 200: offerSchema } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const me = currentUser(request);
      const row = await app.db.selectFrom('offers').selectAll().where('id', '=', request.params.id).executeTakeFirst();
      if (!row || (row.status !== 'open' && row.investor_id !== me.id && !me.isStaff)) throw notFound('This offer');
      return (await views([row], me))[0];
    },
  );

  app.get<{ Querystring: { cursor?: string; limit: number } }>(
    '/me/offers',
    {
      schema: { tags: ['offers'], security: [{ bearer: [] }], description: 'My offers, newest first, a page at a time (`nextCursor` asks for the next one).', querystring: OWN_PAGE_QUERY, response: { 200: pageOf(offerSchema) } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const me = currentUser(request);
      // On the investor's index (investor_id, created_at, id).
      const query = app.db.selectFrom('offers').selectAll().select(sql<string>`created_at::text`.as('created_key')).where('investor_id', '=', me.id);
      const { shown, nextCursor } = await newestPage(query, 'offers', request.query.cursor, request.query.limit);
      return { items: await views(shown.map(({ created_key: _k, ...r }) => r), me), nextCursor };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/offers/:id/withdraw',
    { schema: { tags: ['offers'], security: [{ bearer: [] }], params: idParams, response: { 200: offerSchema } }, onRequest: app.requireUser },
    async (request) => {
      const me = currentUser(request);
      // The card is made in the withdrawal's transaction: a withdrawal that committed is never answered with an error.
      const card = await app.db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('offers')
          .set({ status: 'withdrawn', withdrawn_at: new Date() })
          .where('id', '=', request.params.id)
          .where('investor_id', '=', me.id)
          .where('status', '=', 'open')
          .returningAll()
          .executeTakeFirst();
        return row && (await views([row], me, trx))[0];
      });
      if (card) return card;
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
        response: { 200: object({ items: arrayOf(relevantInvestorSchema) }) },
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
      const cards = await views([...linked, ...matching], me);
      return { items: cards.map((c, i) => ({ ...c, reason: i < linked.length ? 'linked' : 'matching', invited: invited.has(c.id) })) };
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
        response: { 201: invitationSentSchema },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const me = currentUser(request);
      await closeIfEnded(app.db, request.body.projectId, noticeSite(app.config));
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
            title: { en: `A Request For Invest from "${project.title}"`, bn: `"${project.title}" থেকে বিনিয়োগের অনুরোধ` },
            text: {
              en: `The owner of "${project.title}" read your offer and invites you to invest in their project. Your phone and e-mail stay hidden from them until you answer with an agreement request or choose to share them.`,
              bn: `"${project.title}" প্রকল্পের মালিক আপনার অফারটি পড়েছেন এবং তাঁর প্রকল্পে বিনিয়োগের আমন্ত্রণ জানিয়েছেন। আপনি চুক্তির অনুরোধ পাঠিয়ে উত্তর না দেওয়া পর্যন্ত বা নিজে থেকে জানাতে না চাওয়া পর্যন্ত আপনার ফোন নম্বর ও ইমেইল তাঁর কাছে গোপন থাকবে।`,
            },
            link: noticeLinks.history('invitations'),
          },
          noticeSite(app.config),
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
        response: { 200: pageOf(invitationSchema) },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const me = currentUser(request);
      // On the investor's index (investor_id, created_at, id); then the page's projects, in one read.
      const query = app.db
        .selectFrom('invitations as i')
        .innerJoin('offers as o', 'o.id', 'i.offer_id')
        .select(['i.id', 'i.offer_id', 'i.created_at', 'i.project_id', 'i.contact_shared_at', 'o.status as offer_status', sql<string>`i.created_at::text`.as('created_key')])
        .select(answeredInvitation.as('answered'))
        .where('i.investor_id', '=', me.id);
      const { shown, nextCursor } = await newestPage(query, 'i', request.query.cursor, request.query.limit);
      const projects = shown.length ? await app.db.selectFrom('projects').selectAll().where('id', 'in', shown.map((r) => r.project_id)).execute() : [];
      const views = new Map((await viewsOf(app.db, app.forms, projects, me)).map((v) => [v.id, v]));
      return {
        items: shown.map((r) => ({
          id: r.id,
          offerId: r.offer_id,
          offerOpen: r.offer_status === 'open',
          createdAt: r.created_at.toISOString(),
          // Whether the owner sees the offer's contact details, and why (the same rule as the cards).
          contactShared: r.contact_shared_at ? 'shared' : r.answered ? 'answered' : null,
          project: views.get(r.project_id),
        })),
        nextCursor,
      };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/me/invitations/:id/share-contact',
    {
      schema: {
        tags: ['offers'],
        security: [{ bearer: [] }],
        description:
          "The investor shares the contact details of the invited offer (phone, e-mail) with the project owner who sent the Request For Invest. Sharing again changes nothing; others' invitations are 404.",
        params: idParams,
        response: { 200: contactSharedSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const me = currentUser(request);
      const shared = await app.db.transaction().execute(async (trx) => {
        const inv = await trx
          .selectFrom('invitations as i')
          .innerJoin('offers as o', 'o.id', 'i.offer_id')
          .innerJoin('projects as p', 'p.id', 'i.project_id')
          .select(['i.id', 'i.owner_id', 'i.project_id', 'i.contact_shared_at', 'o.status as offer_status', 'p.title'])
          .where('i.id', '=', request.params.id)
          .where('i.investor_id', '=', me.id)
          .forUpdate('i')
          .executeTakeFirst();
        if (!inv) throw notFound('This invitation');
        if (inv.contact_shared_at) return { ...inv, at: inv.contact_shared_at };
        if (inv.offer_status !== 'open') throw conflict('This offer was withdrawn: there is no card to share contact details on.');
        const { contact_shared_at: at } = await trx
          .updateTable('invitations')
          .set({ contact_shared_at: new Date() })
          .where('id', '=', inv.id)
          .returning('contact_shared_at')
          .executeTakeFirstOrThrow();
        await audit(trx, { actorId: me.id, action: 'invitation.share_contact', subjectType: 'invitation', subjectId: inv.id, before: null, after: 'shared', note: `Contact details shared with the owner of "${inv.title}".` });
        await notify(
          trx,
          {
            userId: inv.owner_id,
            kind: 'contact_shared',
            title: { en: `An investor shared their contact details for "${inv.title}"`, bn: `"${inv.title}" প্রকল্পের জন্য একজন বিনিয়োগকারী তাঁর যোগাযোগের তথ্য জানিয়েছেন` },
            text: {
              en: `The investor you sent a Request For Invest for "${inv.title}" shared the phone and e-mail of their offer with you. They are on the investor's card.`,
              bn: `"${inv.title}" প্রকল্পের জন্য যে বিনিয়োগকারীকে আপনি বিনিয়োগের অনুরোধ পাঠিয়েছিলেন, তিনি তাঁর অফারের ফোন নম্বর ও ইমেইল আপনাকে জানিয়েছেন। সেগুলো বিনিয়োগকারীর কার্ডে দেখা যাবে।`,
            },
            link: noticeLinks.relevantInvestors(inv.project_id),
          },
          noticeSite(app.config),
        );
        return { ...inv, at: at! };
      });
      app.mail.kick();
      return { id: shared.id, contactShared: 'shared', contactSharedAt: shared.at.toISOString(), message: `The owner of "${shared.title}" can now see the phone and e-mail of your offer.` };
    },
  );

}
