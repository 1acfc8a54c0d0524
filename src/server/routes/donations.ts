/**
 * Donations from the donate form: anyone (signed in or not) pledges to an open project with a payment method of the
 * amount's tier (the schema decides); staff confirm when the money arrives. Pledged money counts in "Pledged";
 * confirmed money in "Raised" and "Backers".
 */
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import type { DonationsTable } from '../db/schema';
import type { DonateForm } from '../../shared/generated/form-types';
import { currentUser } from '../plugins/auth';
import { conflict } from '../errors';
import { closeEndedCampaigns, visibleProject } from '../market/projects';
import { fromPaisa, toPaisa } from '../../shared/domain/money';

const idParams = { type: 'object', properties: { id: { type: 'string', format: 'uuid' } }, required: ['id'] } as const;

/** A donation as shown to its donor (and, with contact details, to staff). */
export function donationView(row: Selectable<DonationsTable>, forStaff = false) {
  const data = row.data as Partial<DonateForm>;
  return {
    id: row.id,
    receipt: `DN-${row.id.slice(0, 8).toUpperCase()}`,
    projectId: row.project_id,
    status: row.status,
    amount: row.amount,
    currency: 'BDT',
    paymentMethod: row.payment_method,
    anonymous: row.anonymous,
    donorName: row.anonymous ? 'Anonymous' : (data.name ?? null),
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    note: row.staff_note,
    ...(forStaff ? { email: data.email ?? null, name: data.name ?? null } : {}),
  };
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
      const row = await app.db
        .insertInto('donations')
        .values({
          project_id: project.id,
          donor_id: viewer?.id ?? null,
          status: 'pledged',
          data: JSON.stringify(request.body),
          amount: fromPaisa(toPaisa(request.body.amount)),
          payment_method: request.body.paymentMethod,
          anonymous: request.body.anonymous ?? false,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return reply.status(201).send({
        ...donationView(row),
        projectTitle: project.title,
        message: `Thank you! Your pledge of ৳${Number(row.amount).toLocaleString('en-US')} by ${row.payment_method} is recorded. Staff confirm it when the money arrives.`,
      });
    },
  );

  app.get(
    '/me/donations',
    { schema: { tags: ['donations'], security: [{ bearer: [] }] }, onRequest: app.requireUser },
    async (request) => {
      const me = currentUser(request);
      const rows = await app.db
        .selectFrom('donations as d')
        .innerJoin('projects as p', 'p.id', 'd.project_id')
        .selectAll('d')
        .select('p.title as project_title')
        .where('d.donor_id', '=', me.id)
        .orderBy('d.created_at', 'desc')
        .execute();
      return { items: rows.map((r) => ({ ...donationView(r), projectTitle: r.project_title })) };
    },
  );
}
