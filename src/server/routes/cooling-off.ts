/**
 * Cooling-off (issue 31 §3, DOMAIN.md "Investor protections"): the investor may cancel an accepted agreement within
 * `COOLING_OFF_HOURS` of its acceptance, with no reason. It becomes `cancelled` (final), its instalments are removed
 * and the owner is told; the figures' triggers take its amount out of raised, waiting and backers. After the window
 * the answer is 409; to anyone but its investor the agreement does not exist (404).
 */
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../plugins/auth';
import { conflict, notFound } from '../errors';
import { audit } from '../audit';
import { noticeLinks, noticeSite, notify } from '../modules/notices/service';
import { formatMoney } from '../../shared/domain/money';
import { canCancel, coolingOffEndsAt } from '../../shared/domain/cooling-off';
import { formatDateTime } from '../../shared/format/dates';
import { agreementSchema, agreementView, viewsFor } from './agreements';
import { idParams } from './schemas';

export default async function coolingOffRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Params: { id: string } }>(
    '/agreement-requests/:id/cancel',
    {
      schema: {
        tags: ['agreements'],
        security: [{ bearer: [] }],
        description: 'The investor cancels their accepted agreement within the cooling-off window (409 after it).',
        params: idParams,
        response: { 200: agreementSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const me = currentUser(request);
      const now = app.now();
      const hours = app.config.coolingOffHours;
      const cancelled = await app.db.transaction().execute(async (trx) => {
        // Agreement row first, then the project's, as every decision locks them; FOR NO KEY UPDATE, which does not stop
        // inserts that only point at them (their foreign key checks), as retail-limits.ts and campaign-end.ts say.
        const row = await trx.selectFrom('agreement_requests').selectAll().where('id', '=', request.params.id).forNoKeyUpdate().executeTakeFirst();
        if (!row || row.investor_id !== me.id) throw notFound('This agreement request');
        const project = await trx.selectFrom('projects').select(['owner_id', 'title']).where('id', '=', row.project_id).forNoKeyUpdate().executeTakeFirstOrThrow();
        if (row.status !== 'accepted' || !row.decided_at) {
          throw conflict(row.status === 'pending' ? 'This request is not accepted yet: withdraw it instead.' : `This agreement is ${row.status}; only an accepted agreement can be cancelled.`);
        }
        if (!canCancel(now, row.decided_at, hours)) {
          throw conflict(`The cooling-off window ended on ${formatDateTime(coolingOffEndsAt(row.decided_at, hours))}, ${hours} hours after acceptance: this agreement can no longer be cancelled.`);
        }
        const paid = await trx.selectFrom('instalments').select('id').where('agreement_id', '=', row.id).where('status', '<>', 'due').executeTakeFirst();
        if (paid) throw conflict('An instalment of this agreement has already been paid, so it can no longer be cancelled here. Please contact the platform.');
        await trx.deleteFrom('instalments').where('agreement_id', '=', row.id).execute();
        const updated = await trx
          .updateTable('agreement_requests')
          .set({ status: 'cancelled', cancelled_at: now, cancel_reason: 'cooling_off', in_default_since: null })
          .where('id', '=', row.id)
          .where('status', '=', 'accepted')
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(trx, { actorId: me.id, action: 'agreement.cancel', subjectType: 'agreement_request', subjectId: row.id, before: 'accepted', after: 'cancelled', note: 'cooling-off' });
        await notify(
          trx,
          {
            userId: project.owner_id,
            kind: 'proposal_decided',
            title: { en: `An agreement for "${project.title}" was cancelled`, bn: `"${project.title}" প্রকল্পের একটি চুক্তি বাতিল হয়েছে` },
            text: {
              en: `The investor cancelled their agreement of ${formatMoney(row.amount)} within the cooling-off window. Its amount no longer counts as raised and its instalments are removed.`,
              bn: `বিনিয়োগকারী কুলিং-অফ সময়ের মধ্যে তাঁর ${formatMoney(row.amount, 'bn')}-এর চুক্তি বাতিল করেছেন। এই অর্থ আর সংগৃহীত হিসেবে গণ্য হবে না এবং এর কিস্তিগুলো বাদ দেওয়া হয়েছে।`,
            },
            link: noticeLinks.proposals(row.project_id),
          },
          noticeSite(app.config),
        );
        // The answer is made in the transaction: a cancel that committed is never answered with an error.
        return agreementView(updated, ...(await viewsFor(trx, [updated])));
      });
      app.mail.kick();
      return cancelled;
    },
  );
}
