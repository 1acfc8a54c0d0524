/** Instalments: each party's schedule, the owner's payment and the investor's confirmation, the public record. */
import type { FastifyInstance } from 'fastify';
import type { InstalmentPaidForm } from '../../../../shared/generated/form-types';
import { currentUser } from '../../../plugins/auth';
import { idParams } from '../../../routes/schemas';
import { confirmReceived, markPaid, repaymentRecord, scheduleOf } from '../service';
import { instalmentSchema, repaymentRecordSchema, scheduleQuery, schedulePageSchema, type ScheduleQuery } from '../schemas';

const tagged = { tags: ['returns'], security: [{ bearer: [] }] };

export default async function returnRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: ScheduleQuery }>(
    '/me/returns',
    {
      schema: { ...tagged, description: 'As investor: what is repaid to me, soonest due first, a page at a time.', querystring: scheduleQuery, response: { 200: schedulePageSchema } },
      onRequest: app.requireUser,
    },
    async (request) => scheduleOf(app, 'investor_id', currentUser(request).id, request.query),
  );
  app.get<{ Querystring: ScheduleQuery }>(
    '/me/repayments',
    {
      schema: { ...tagged, description: 'As project owner: what I repay, soonest due first, a page at a time.', querystring: scheduleQuery, response: { 200: schedulePageSchema } },
      onRequest: app.requireUser,
    },
    async (request) => scheduleOf(app, 'owner_id', currentUser(request).id, request.query),
  );

  app.post<{ Params: { id: string }; Body: InstalmentPaidForm }>(
    '/instalments/:id/paid',
    {
      schema: {
        ...tagged,
        description: 'The owner marks an instalment paid, saying how (the instalment-paid form: method and reference, required except for cash).',
        params: idParams,
        body: { $ref: 'instalment-paid#' },
        response: { 200: instalmentSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => markPaid(app, request.params.id, currentUser(request), request.body, { schema: request.formSchema, version: request.formVersion! }),
  );
  app.post<{ Params: { id: string } }>(
    '/instalments/:id/confirm',
    { schema: { ...tagged, description: 'The investor confirms receipt.', params: idParams, response: { 200: instalmentSchema } }, onRequest: app.requireUser },
    async (request) => confirmReceived(app, request.params.id, currentUser(request)),
  );

  app.get<{ Params: { id: string } }>(
    '/projects/:id/repayment-record',
    {
      schema: {
        tags: ['projects'],
        params: idParams,
        description:
          "The repayment record of the project's owner across all their projects: instalments paid on time (by the end of the due date, Dhaka time), paid late, overdue, and unpaid in agreements in default; counts only, no person named.",
        response: { 200: repaymentRecordSchema },
      },
    },
    async (request) => repaymentRecord(app, request.params.id, await app.readSession(request)),
  );
}
