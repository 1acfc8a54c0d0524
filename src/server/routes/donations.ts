/**
 * Donations from the donate form: anyone (signed in or not) pledges to an open project with a payment method of the
 * amount's tier (the schema decides) and gets a receipt: the payment reference, how to pay that method, and "Pay now"
 * when the gateway serves it. Staff (or the gateway's verified callback) confirm when the money arrives. Pledged money
 * counts in "Pledged"; confirmed money in "Raised" and "Backers".
 *
 * A receipt is reachable again at GET /donations/:id: by its donor only when the pledge was made signed in; by
 * whoever holds its id (a random UUID handed only to the pledger) when it was made signed out, and then without the
 * donor's name and email.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Selectable } from 'kysely';
import type { DonationsTable } from '../db/schema';
import type { DonateForm } from '../../shared/generated/form-types';
import { currentUser, type SessionUser } from '../plugins/auth';
import { conflict, notFound } from '../errors';
import { closeEndedCampaigns, visibleProject } from '../market/projects';
import { fromPaisa, toPaisa, formatMoney } from '../../shared/domain/money';
import { withFreshReference } from '../payments/reference';
import { newestPage, OWN_PAGE_QUERY } from '../market/cursor';

const idParams = { type: 'object', properties: { id: { type: 'string', format: 'uuid' } }, required: ['id'] } as const;

/** A donation as shown to its donor (and, with contact details, to staff). */
export function donationView(row: Selectable<DonationsTable>, forStaff = false) {
  const data = row.data as Partial<DonateForm>;
  return {
    id: row.id,
    reference: row.reference,
    projectId: row.project_id,
    status: row.status,
    amount: row.amount,
    currency: 'BDT',
    paymentMethod: row.payment_method,
    anonymous: row.anonymous,
    donorName: row.anonymous ? 'Anonymous' : (data.name ?? null),
    formVersion: row.form_version,
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    note: row.staff_note,
    ...(forStaff ? { email: data.email ?? null, name: data.name ?? null } : {}),
  };
}

function withoutContact(data: Partial<DonateForm>): Partial<DonateForm> {
  const { name: _name, email: _email, ...rest } = data;
  return rest;
}

/** The receipt: the donation, how to pay its method, and whether "Pay now" is offered. */
export function receiptView(app: FastifyInstance, row: Selectable<DonationsTable>, projectTitle: string, withContact: boolean) {
  const view = donationView(row);
  const data = row.data as Partial<DonateForm>;
  return {
    ...view,
    ...(withContact ? {} : { donorName: row.anonymous ? 'Anonymous' : null }),
    projectTitle,
    instructions: app.payments.instructionsFor(row.payment_method),
    payOnline: row.status === 'pledged' && app.payments.canPayOnline(row.payment_method, row.amount),
    ...(withContact ? { email: data.email ?? null } : {}),
    /** The stored donate form, shown from its schema; without the donor's contact when the viewer is not the donor. */
    data: withContact ? data : withoutContact(data),
  };
}

/** The donation a viewer may see: their own, or a signed-out pledge by its id; anything else is 404. */
export async function viewableDonation(app: FastifyInstance, id: string, viewer: SessionUser | null) {
  const row = await app.db
    .selectFrom('donations as d')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .selectAll('d')
    .select('p.title as project_title')
    .where('d.id', '=', id)
    .executeTakeFirst();
  if (!row || (row.donor_id !== null && row.donor_id !== viewer?.id)) throw notFound('This donation');
  return { row, withContact: row.donor_id !== null };
}

export default async function donationRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Params: { id: string }; Body: DonateForm }>(
    '/projects/:id/donations',
    {
      schema: {
        tags: ['donations'],
        description: 'Signed in or not. Recorded as pledged until staff confirm the money arrived.',
        params: idParams,
        body: { $ref: 'donate#' },
      },
      config: { rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      await closeEndedCampaigns(app.db);
      const viewer = await app.readSession(request);
      const { row: project } = await visibleProject(app.db, request.params.id, viewer);
      if (project.status !== 'open') {
        throw conflict(`This project is not taking donations: it is ${project.status.replace('_', ' ')}.`);
      }
      const row = await withFreshReference((reference) =>
        app.db
          .insertInto('donations')
          .values({
            project_id: project.id,
            donor_id: viewer?.id ?? null,
            status: 'pledged',
            data: JSON.stringify(request.body),
            form_version: request.formVersion!,
            amount: fromPaisa(toPaisa(request.body.amount)),
            payment_method: request.body.paymentMethod,
            reference,
            anonymous: request.body.anonymous ?? false,
          })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
      return reply.status(201).send({
        ...receiptView(app, row, project.title, row.donor_id !== null),
        message: `Thank you! Your pledge of ${formatMoney(row.amount)} by ${row.payment_method} is recorded with the payment reference ${row.reference}. Pay as shown below; staff confirm it when the money arrives.`,
      });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/donations/:id',
    { schema: { tags: ['donations'], description: 'The receipt of a pledge: its donor only, or anyone with the id of a signed-out pledge.', params: idParams } },
    async (request) => {
      const { row, withContact } = await viewableDonation(app, request.params.id, await app.readSession(request));
      return receiptView(app, row, row.project_title, withContact);
    },
  );

  app.get<{ Querystring: { cursor?: string; limit: number } }>(
    '/me/donations',
    {
      schema: { tags: ['donations'], security: [{ bearer: [] }], description: 'My donations, newest first, a page at a time (`nextCursor` asks for the next one).', querystring: OWN_PAGE_QUERY },
      onRequest: app.requireUser,
    },
    async (request) => {
      const me = currentUser(request);
      // On the donor's index (donor_id, created_at, id).
      const query = app.db
        .selectFrom('donations as d')
        .innerJoin('projects as p', 'p.id', 'd.project_id')
        .selectAll('d')
        .select(['p.title as project_title', sql<string>`d.created_at::text`.as('created_key')])
        .where('d.donor_id', '=', me.id);
      const { shown, nextCursor } = await newestPage(query, 'd', request.query.cursor, request.query.limit);
      return { items: shown.map(({ created_key: _k, ...r }) => ({ ...donationView(r), projectTitle: r.project_title })), nextCursor };
    },
  );

}
