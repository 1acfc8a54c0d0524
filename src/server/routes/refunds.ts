/**
 * Staff's refund queue (issue 31 §2): the confirmed donations of all-or-nothing campaigns that closed below their
 * goal (`refund_due`, oldest first), and the refunds recorded (`refunded`, newest first). Staff record a refund with
 * its reference once the money is on its way back: the donation becomes `refunded` (final), audited, and its donor
 * is told. Staff only (403 to anyone else); a donation that does not exist answers 404, one not due a refund 409.
 */
import type { FastifyInstance } from 'fastify';
import type { DonateForm, RefundForm } from '../../shared/generated/form-types';
import { currentUser } from '../plugins/auth';
import { conflict, notFound } from '../errors';
import { audit } from '../audit';
import { noticeSite } from '../notices/links';
import { GOAL_NOT_REACHED, tellDonor } from '../market/campaign-end';
import { formatMoney } from '../../shared/domain/money';
import { arrayOf, dateTimeOrNull, idParams, money, object, string, stringOrNull, uuid } from './schemas';

type RefundStatus = 'refund_due' | 'refunded';

/** One donation of the refund queue (the routes' `view`). */
const refundSchema = object({
  id: uuid,
  reference: string,
  status: { type: 'string', enum: ['refund_due', 'refunded'] },
  amount: money,
  currency: { type: 'string', enum: ['BDT'] },
  paymentMethod: string,
  donorName: stringOrNull,
  email: stringOrNull,
  phone: stringOrNull,
  projectId: uuid,
  projectTitle: string,
  confirmedAt: dateTimeOrNull,
  closedAt: dateTimeOrNull,
  refundReference: stringOrNull,
  refundedAt: dateTimeOrNull,
  refundedBy: { ...stringOrNull, description: 'The e-mail of the staff member who recorded it.' },
});

export default async function refundRoutes(app: FastifyInstance): Promise<void> {
  const staffOnly = { tags: ['staff'], security: [{ bearer: [] }] };

  /** One donation of the queue: what to send back, to whom, how they paid, and the refund once recorded. */
  const query = () =>
    app.db
      .selectFrom('donations as d')
      .innerJoin('projects as p', 'p.id', 'd.project_id')
      .leftJoin('users as u', 'u.id', 'd.donor_id')
      .leftJoin('users as r', 'r.id', 'd.refunded_by')
      .select([
        'd.id', 'd.reference', 'd.status', 'd.amount', 'd.payment_method', 'd.data', 'd.decided_at', 'd.refund_reference', 'd.refunded_at',
        'p.id as project_id', 'p.title as project_title', 'p.closed_at', 'u.email as donor_email', 'u.phone as donor_phone', 'r.email as refunded_by',
      ]);
  type Row = Awaited<ReturnType<ReturnType<typeof query>['execute']>>[number];
  const view = (r: Row) => {
    const data = r.data as Partial<DonateForm>;
    return {
      id: r.id,
      reference: r.reference,
      status: r.status as RefundStatus,
      amount: r.amount,
      currency: 'BDT',
      paymentMethod: r.payment_method,
      donorName: data.name ?? null,
      email: r.donor_email ?? data.email ?? null,
      phone: r.donor_phone ?? null,
      projectId: r.project_id,
      projectTitle: r.project_title,
      confirmedAt: r.decided_at?.toISOString() ?? null,
      closedAt: r.closed_at?.toISOString() ?? null,
      refundReference: r.refund_reference,
      refundedAt: r.refunded_at?.toISOString() ?? null,
      refundedBy: r.refunded_by,
    };
  };

  app.get<{ Querystring: { status: RefundStatus } }>(
    '/staff/refunds',
    {
      schema: {
        ...staffOnly,
        description: 'Donations to all-or-nothing campaigns that missed their goal: `refund_due` (the queue, oldest first) or `refunded` (newest first), up to 200.',
        querystring: { type: 'object', properties: { status: { type: 'string', enum: ['refund_due', 'refunded'], default: 'refund_due' } }, additionalProperties: false },
        response: { 200: object({ items: arrayOf(refundSchema) }) },
      },
      onRequest: app.requireStaff,
    },
    async (request) => {
      const due = request.query.status === 'refund_due';
      const rows = await query()
        .where('d.status', '=', request.query.status)
        .orderBy(due ? 'd.created_at' : 'd.refunded_at', due ? 'asc' : 'desc')
        .limit(200)
        .execute();
      return { items: rows.map(view) };
    },
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
    async (request) => {
      const me = currentUser(request);
      const reference = request.body.reference.trim();
      const note = request.body.note?.trim() || null;
      const id = await app.db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('donations')
          .set({ status: 'refunded', refund_reference: reference, refunded_at: app.now(), refunded_by: me.id })
          .where('id', '=', request.params.id)
          .where('status', '=', 'refund_due')
          .returning(['id', 'donor_id', 'amount', 'reference', 'receipt_key', 'data', 'language'])
          .executeTakeFirst();
        if (!row) {
          const existing = await trx.selectFrom('donations').select('status').where('id', '=', request.params.id).executeTakeFirst();
          if (!existing) throw notFound('This donation');
          throw conflict(existing.status === 'refunded' ? 'This donation was already refunded.' : `This donation is ${existing.status}: only a donation due a refund can be refunded.`);
        }
        await audit(trx, {
          actorId: me.id,
          action: 'donation.refund',
          subjectType: 'donation',
          subjectId: row.id,
          before: 'refund_due',
          after: 'refunded',
          note: [`${formatMoney(row.amount)} returned, reference ${reference}.`, note].filter(Boolean).join(' '),
        });
        await tellDonor(trx, row, GOAL_NOT_REACHED.refundedTitle(row.reference), GOAL_NOT_REACHED.refundedText(row.amount, reference), noticeSite(app.config));
        return row.id;
      });
      app.mail.kick();
      return view(await query().where('d.id', '=', id).executeTakeFirstOrThrow());
    },
  );
}
