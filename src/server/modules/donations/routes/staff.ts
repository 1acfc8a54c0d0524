/**
 * Staff's donation queues: pledges to confirm (the money arrived) or cancel, found by status or payment reference; and
 * the refund queue (issue 31 §2): the confirmed donations of all-or-nothing campaigns that closed below their goal,
 * refunded with the reference of the money sent back. Staff only (403 to anyone else).
 */
import type { FastifyInstance } from 'fastify';
import type { RefundForm, ReviewForm } from '../../../../shared/generated/form-types';
import { currentUser } from '../../../plugins/auth';
import { arrayOf, idParams, object } from '../../../routes/schemas';
import { donationSchema, refundSchema, refundsQuery, staffDonationsQuery, staffDonationsSchema } from '../schemas';
import { decideDonation, donationsForStaff, recordRefund, refunds } from '../service';
import type { RefundStatus } from '../queries/refunds';

export default async function staffDonationRoutes(app: FastifyInstance): Promise<void> {
  const staffOnly = { tags: ['staff'], security: [{ bearer: [] }] };

  app.get<{ Querystring: { status: 'pledged' | 'confirmed' | 'cancelled'; q?: string } }>(
    '/staff/donations',
    {
      schema: {
        ...staffOnly,
        description: '`q`: a payment reference (HF-7K3Q-92; case, spaces and dashes do not matter); it searches every status.',
        querystring: staffDonationsQuery,
        response: { 200: staffDonationsSchema },
      },
      onRequest: app.requireStaff,
    },
    async (request) => donationsForStaff(app.db, request.query.status, request.query.q, request.language),
  );

  app.post<{ Params: { id: string }; Body: ReviewForm }>(
    '/staff/donations/:id/review',
    {
      schema: {
        ...staffOnly,
        description: 'approve = the money arrived (confirmed); reject = cancelled (a note is required).',
        params: idParams,
        body: { $ref: 'review#' },
        response: { 200: donationSchema },
      },
      onRequest: app.requireStaff,
    },
    async (request) => decideDonation(app, request.params.id, currentUser(request).id, request.body, request.language),
  );

  app.get<{ Querystring: { status: RefundStatus } }>(
    '/staff/refunds',
    {
      schema: {
        ...staffOnly,
        description: 'Donations to all-or-nothing campaigns that missed their goal: `refund_due` (the queue, oldest first) or `refunded` (newest first), up to 200.',
        querystring: refundsQuery,
        response: { 200: object({ items: arrayOf(refundSchema) }) },
      },
      onRequest: app.requireStaff,
    },
    async (request) => refunds(app.db, request.query.status),
  );

  app.post<{ Params: { id: string }; Body: RefundForm }>(
    '/staff/donations/:id/refund',
    {
      schema: {
        ...staffOnly,
        description: 'Staff record the refund of a donation due one, with the reference of the money sent back: it becomes `refunded` (final) and its donor is told.',
        params: idParams,
        body: { $ref: 'refund#' },
        response: { 200: refundSchema },
      },
      onRequest: app.requireStaff,
    },
    async (request) => recordRefund(app, request.params.id, currentUser(request).id, request.body),
  );
}
