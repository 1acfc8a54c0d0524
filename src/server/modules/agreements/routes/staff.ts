/** Staff's late payments: agreements in default, the charity account, a charge received, a payment out. */
import type { FastifyInstance } from 'fastify';
import type { CharityDisbursementForm, CharityReceiptForm } from '../../../../shared/generated/form-types';
import { currentUser } from '../../../plugins/auth';
import { arrayOf, idParams, object } from '../../../routes/schemas';
import { charityAccount, defaults, disburse, settle } from '../service';
import { charitySchema, defaultSchema, disbursementSchema, lateChargeSchema } from '../schemas';

const staffOnly = { tags: ['staff'], security: [{ bearer: [] }] };

export default async function staffLatePaymentRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/staff/defaults',
    {
      schema: { ...staffOnly, description: 'Agreements in default, longest first (up to 200), with what is overdue, outstanding and owed to charity on each.', response: { 200: object({ items: arrayOf(defaultSchema) }) } },
      onRequest: app.requireStaff,
    },
    async () => defaults(app),
  );

  app.get(
    '/staff/charity',
    {
      schema: {
        ...staffOnly,
        description:
          "The charity account: totals; late charges owing (accruing, or owed once the instalment was paid) to chase and confirm; charges received (newest first); and payments out of the account, where it went (newest first). Up to 200 of each list.",
        response: { 200: charitySchema },
      },
      onRequest: app.requireStaff,
    },
    async () => charityAccount(app),
  );

  app.post<{ Params: { id: string }; Body: CharityReceiptForm }>(
    '/staff/late-charges/:id/settle',
    {
      schema: {
        ...staffOnly,
        description: "Staff confirm the platform's charity account received a late charge that is owed (fixed once its instalment was marked paid), with the payment's reference. Final.",
        params: idParams,
        body: { $ref: 'charity-receipt#' },
        response: { 200: lateChargeSchema },
      },
      onRequest: app.requireStaff,
    },
    async (request) => settle(app, request.params.id, currentUser(request), request.body),
  );

  app.post<{ Body: CharityDisbursementForm }>(
    '/staff/charity/disbursements',
    {
      schema: {
        ...staffOnly,
        description: 'Records a payment out of the charity account (where the late charges received went); refused above what the account holds, or dated after today.',
        body: { $ref: 'charity-disbursement#' },
        response: { 201: disbursementSchema },
      },
      onRequest: app.requireStaff,
    },
    async (request, reply) => {
      const answer = await disburse(app, currentUser(request), request.body);
      reply.code(201);
      return answer;
    },
  );
}
