/** A project's owner's repayment record (on time, late, overdue, in default), public on the project's page. */
import type { FastifyInstance } from 'fastify';
import { visibleProject } from '../modules/projects/service';
import { idParams } from './schemas';
import { repaymentRecord } from '../late-payments/record';
import { dhakaToday } from '../../shared/format/dhaka-calendar';
import type { RepaymentRecordView } from '../../shared/api/repayment-record';

export default async function repaymentRecordRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string } }>(
    '/projects/:id/repayment-record',
    {
      schema: {
        tags: ['projects'],
        params: idParams,
        description:
          "The repayment record of the project's owner across all their projects: instalments paid on time (by the end of the due date, Dhaka time), paid late, overdue, and unpaid in agreements in default; counts only, no person named.",
        response: {
          200: {
            type: 'object',
            properties: {
              onTime: { type: 'integer' },
              late: { type: 'integer' },
              overdue: { type: 'integer' },
              inDefault: { type: 'integer' },
              upcoming: { type: 'integer' },
              agreementsInDefault: { type: 'integer' },
              defaultAfterDays: { type: 'integer', description: 'DEFAULT_AFTER_DAYS: how long overdue an instalment puts its agreement in default.' },
            },
            required: ['onTime', 'late', 'overdue', 'inDefault', 'upcoming', 'agreementsInDefault', 'defaultAfterDays'],
            additionalProperties: false,
          },
        },
      },
    },
    async (request): Promise<RepaymentRecordView> => {
      const viewer = await app.readSession(request);
      const { row } = await visibleProject(app.db, request.params.id, viewer);
      return { ...(await repaymentRecord(app.db, row.owner_id, dhakaToday(app.now()))), defaultAfterDays: app.config.defaultAfterDays };
    },
  );
}
