/**
 * The offers module's service: investment offers from the invest form (the investor cards of the Invest tab), a
 * project's relevant investors, and Request For Invest (an owner's invitation to an offer's investor, naming a
 * project), with the investor's choice to share their contact details on it. Another module uses offers only here.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { InvestForm } from '../../../shared/generated/form-types';
import type { JsonSchema } from '../../../shared/forms/catalog';
import type { SessionUser } from '../../plugins/auth';
import type { WriteOnce } from '../../plugins/idempotency';
import type { FormRegistry } from '../forms/service';
import { hasVisibilityMarks } from '../../../shared/forms/visibility';
import { conflict, forbidden, notFound } from '../../errors';
import { decodeUploads, storeUploads } from '../../files/store';
import { closeIfEnded, viewsOf, visibleProject } from '../projects/service';
import { fromPaisa, toPaisa } from '../../../shared/domain/money';
import { withE164Phones } from '../accounts/service';
import { noticeLinks, noticeSite, notify } from '../notices/service';
import { audit } from '../../audit';
import {
  insertInvitation, insertOffer, invitationsOn, invitationsPage, lockInvitation, offerById, offersPage, openOfferById, openOfferCounts, projectsByIds, publicProjectTitles, relevantOffers, setContactShared, setOfferData, withdrawOffer, type OfferRow,
} from './queries';
import { offerView, type ContactSource } from './views';
import type { OfferView } from '../../../shared/api/views';

/**
 * The schema whose marks apply to an offer: its version's, or, for a version published before the invest form
 * carried marks, the form's file (so an old offer's phone is not shown because its version never said otherwise).
 */
async function marksSchema(forms: FormRegistry, version: number): Promise<JsonSchema> {
  const schema = await forms.schemaOf('invest', version);
  return hasVisibilityMarks(schema) ? schema : (forms.fileSchema('invest') ?? schema);
}

/**
 * The offers a project owner may see the contact details of, among `offerIds`: those whose investor answered a
 * Request For Invest of theirs or shared them on it.
 */
async function answeredFor(db: Kysely<DB>, ownerId: string, offerIds: string[]): Promise<Map<string, ContactSource>> {
  if (offerIds.length === 0) return new Map();
  const out = new Map<string, ContactSource>();
  for (const r of await invitationsOn(db, ownerId, offerIds)) {
    if (r.contact_shared_at) out.set(r.offer_id, 'shared');
    else if (r.answered && !out.has(r.offer_id)) out.set(r.offer_id, 'answered');
  }
  return out;
}

/**
 * The cards of several offers for one viewer (read in `db`: a transaction's own, for the answer of a write that
 * must not fail after it). Besides the rows: the schemas of their versions (from the registry's memory once warm),
 * and one read each for whose contact details the viewer may see, the linked projects' titles and each investor's
 * number of open offers (all on indexes, for the page's rows only).
 */
async function cards(db: Kysely<DB>, forms: FormRegistry, rows: OfferRow[], viewer: SessionUser): Promise<OfferView[]> {
  if (rows.length === 0) return [];
  const schemas = new Map<number, JsonSchema>();
  for (const v of new Set(rows.map((r) => r.form_version))) schemas.set(v, await marksSchema(forms, v));
  const others = rows.filter((r) => r.investor_id !== viewer.id).map((r) => r.id);
  const answered = viewer.isStaff ? new Map<string, ContactSource>() : await answeredFor(db, viewer.id, others);
  const titles = await publicProjectTitles(db, [...new Set(rows.map((r) => r.project_id).filter((id): id is string => id !== null))]);
  const openCounts = await openOfferCounts(db, [...new Set(rows.map((r) => r.investor_id))]);
  return rows.map((row) => {
    const contactSource: ContactSource | null = row.investor_id === viewer.id ? 'mine' : viewer.isStaff ? 'staff' : (answered.get(row.id) ?? null);
    return offerView(row, {
      schema: schemas.get(row.form_version)!,
      viewerId: viewer.id,
      contactSource,
      projectTitle: row.project_id ? (titles.get(row.project_id) ?? null) : null,
      investorOpenOffers: openCounts.get(row.investor_id) ?? 0,
    });
  });
}

/**
 * An offer from the invest form (validated with `form`); made from a project page (`linkTo`), linked to that open
 * project. The offer and the answer in one transaction (`writeOnce`, the route's: with an Idempotency-Key, a repeat
 * gets this answer back).
 */
export async function makeOffer(app: FastifyInstance, body: InvestForm, linkTo: string | undefined, form: { schema: JsonSchema; version: number }, me: SessionUser, writeOnce: WriteOnce) {
  let projectId: string | null = null;
  if (linkTo) {
    const { row } = await visibleProject(app.db, linkTo, me);
    if (row.owner_id === me.id) throw forbidden('You cannot make an offer to your own project.');
    if (row.status !== 'open') throw conflict(`This project is not taking investments: it is ${row.status.replace('_', ' ')}.`);
    projectId = row.id;
  }
  const decoded = decodeUploads(form.schema, withE164Phones(form.schema, body));
  return writeOnce(async (trx) => {
    const created = await insertOffer(trx, {
      investor_id: me.id,
      project_id: projectId,
      status: 'open',
      kind: body.investmentType,
      data: JSON.stringify({}),
      form_version: form.version,
      business_category: body.businessCategory ?? null,
      amount: body.totalAmount !== undefined ? fromPaisa(toPaisa(body.totalAmount)) : null,
      currency: body.currency ?? null,
    });
    const doc = await storeUploads(trx, me.id, decoded, { type: 'offer', id: created.id });
    const row = await setOfferData(trx, created.id, doc);
    return (await cards(trx, app.forms, [row], me))[0]!;
  });
}

/** Open offers (`open`) or the viewer's own (`mine`), newest first, a page at a time. */
export async function offerPage(app: FastifyInstance, which: 'open' | 'mine', me: SessionUser, query: { cursor?: string; limit: number }) {
  const { rows, nextCursor } = await offersPage(app.db, which === 'open' ? { status: 'open' } : { investorId: me.id }, query.cursor, query.limit);
  return { items: await cards(app.db, app.forms, rows, me), nextCursor };
}

/** One card (a withdrawn offer only to its investor and staff). */
export async function oneOffer(app: FastifyInstance, id: string, me: SessionUser) {
  const row = await offerById(app.db, id);
  if (!row || (row.status !== 'open' && row.investor_id !== me.id && !me.isStaff)) throw notFound('This offer');
  return (await cards(app.db, app.forms, [row], me))[0];
}

/** The investor withdraws their open offer; the card is made in the withdrawal's transaction. */
export async function withdraw(app: FastifyInstance, id: string, me: SessionUser) {
  const card = await app.db.transaction().execute(async (trx) => {
    const row = await withdrawOffer(trx, id, me.id, new Date());
    return row && (await cards(trx, app.forms, [row], me))[0];
  });
  if (card) return card;
  const existing = await offerById(app.db, id);
  if (!existing || existing.investor_id !== me.id) throw notFound('This offer');
  throw conflict('This offer was already withdrawn.');
}

/** Owner only: offers linked to the project first, then matching ones, each saying whether its investor was invited. */
export async function relevantInvestors(app: FastifyInstance, projectId: string, me: SessionUser) {
  const { row: project } = await visibleProject(app.db, projectId, me);
  if (project.owner_id !== me.id) throw notFound('This project');
  const { linked, matching, invited } = await relevantOffers(app.db, project);
  const shown = await cards(app.db, app.forms, [...linked, ...matching], me);
  return { items: shown.map((c, i) => ({ ...c, reason: i < linked.length ? 'linked' : 'matching', invited: invited.has(c.id) })) };
}

/** Request For Invest: the owner of an open project invites an offer's investor to it. */
export async function invite(app: FastifyInstance, offerId: string, projectId: string, me: SessionUser) {
  await closeIfEnded(app.db, projectId, noticeSite(app.config));
  const { row: project } = await visibleProject(app.db, projectId, me);
  if (project.owner_id !== me.id) throw notFound('This project');
  if (project.status !== 'open') throw conflict(`Only an open project can invite investors; this one is ${project.status.replace('_', ' ')}.`);
  const offer = await openOfferById(app.db, offerId);
  if (!offer) throw notFound('This offer');
  if (offer.investor_id === me.id) throw forbidden('You cannot invite yourself.');
  const created = await app.db.transaction().execute(async (trx) => {
    const row = await insertInvitation(trx, { offer_id: offer.id, project_id: project.id, owner_id: me.id, investor_id: offer.investor_id });
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
  return {
    id: created.id,
    offerId: offer.id,
    projectId: project.id,
    createdAt: created.created_at.toISOString(),
    message: `Request sent. The investor sees it under Investment History → Invitations.`,
  };
}

/** The Requests For Invest an investor received, newest first, a page at a time, with each project's card. */
export async function myInvitations(app: FastifyInstance, me: SessionUser, query: { cursor?: string; limit: number }) {
  const { shown, nextCursor } = await invitationsPage(app.db, me.id, query.cursor, query.limit);
  const projects = await projectsByIds(app.db, shown.map((r) => r.project_id));
  const views = new Map((await viewsOf(app.db, app.forms, projects, me)).map((v) => [v.id, v]));
  return {
    items: shown.map((r) => ({
      id: r.id,
      offerId: r.offer_id,
      offerOpen: r.offer_status === 'open',
      createdAt: r.created_at.toISOString(),
      // Whether the owner sees the offer's contact details, and why (the same rule as the cards).
      contactShared: r.contact_shared_at ? ('shared' as const) : r.answered ? ('answered' as const) : null,
      project: views.get(r.project_id),
    })),
    nextCursor,
  };
}

/**
 * The investor shares the contact details of the invited offer with the project owner who sent the Request For
 * Invest. Sharing again changes nothing; others' invitations are 404.
 */
export async function shareContact(app: FastifyInstance, invitationId: string, me: SessionUser) {
  const shared = await app.db.transaction().execute(async (trx) => {
    const inv = await lockInvitation(trx, invitationId, me.id);
    if (!inv) throw notFound('This invitation');
    if (inv.contact_shared_at) return { ...inv, at: inv.contact_shared_at };
    if (inv.offer_status !== 'open') throw conflict('This offer was withdrawn: there is no card to share contact details on.');
    const at = await setContactShared(trx, inv.id, new Date());
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
    return { ...inv, at };
  });
  app.mail.kick();
  return { id: shared.id, contactShared: 'shared' as const, contactSharedAt: shared.at.toISOString(), message: `The owner of "${shared.title}" can now see the phone and e-mail of your offer.` };
}
