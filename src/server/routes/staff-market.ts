/**
 * Staff review of projects (approve → open with a campaign end date, or reject with a note; staff's donation
 * queues are in modules/donations). Every decision is conditional on the record's current state and lands with its
 * audit row in one transaction.
 */
import type { FastifyInstance } from 'fastify';
import type { ProjectReviewForm } from '../../shared/generated/form-types';
import { sql } from 'kysely';
import { currentUser } from '../plugins/auth';
import { conflict, fieldErrors, notFound } from '../errors';
import { noticeLinks, noticeSite, notify } from '../modules/notices/service';
import { audit, auditEntrySchema, auditTrail } from '../audit';
import { PROJECT_STATUSES, projectSchema, viewsOf } from '../market/projects';
import type { ProjectStatus } from '../db/schema';
import { formatDate } from '../../shared/format/dates';
import { addDays, dhakaToday, endOfDhakaDay } from '../../shared/format/dhaka-calendar';
import { arrayOf, dateTime, idParams, object, string } from './schemas';
import { requireApprovedReview } from '../shariah/reviews';


/** A project as staff review it: its view, the owner's contact, when it was submitted and its history. */
const reviewedProjectSchema = object({
  ...projectSchema.properties,
  owner: object({ email: string, phone: string }),
  submittedAt: dateTime,
  history: arrayOf(auditEntrySchema),
}, ['staffNote']);

export default async function staffMarketRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { status: ProjectStatus } }>(
    '/staff/projects',
    {
      schema: {
        tags: ['staff'],
        security: [{ bearer: [] }],
        querystring: {
          type: 'object',
          properties: { status: { type: 'string', enum: PROJECT_STATUSES, default: 'pending_review' } },
          additionalProperties: false,
        },
        response: { 200: object({ items: arrayOf(projectSchema) }) },
      },
      onRequest: app.requireStaff,
    },
    async (request) => {
      const me = currentUser(request);
      const rows = await app.db
        .selectFrom('projects')
        .selectAll()
        .where('status', '=', request.query.status)
        .orderBy('submitted_at', 'asc')
        .limit(200)
        .execute();
      return { items: await viewsOf(app.db, app.forms, rows, me) };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/staff/projects/:id',
    { schema: { tags: ['staff'], security: [{ bearer: [] }], params: idParams, response: { 200: reviewedProjectSchema } }, onRequest: app.requireStaff },
    async (request) => {
      const me = currentUser(request);
      const row = await app.db.selectFrom('projects').selectAll().where('id', '=', request.params.id).executeTakeFirst();
      if (!row) throw notFound('This project');
      const owner = await app.db.selectFrom('users').select(['email', 'phone']).where('id', '=', row.owner_id).executeTakeFirstOrThrow();
      return {
        ...(await viewsOf(app.db, app.forms, [row], me))[0],
        owner,
        submittedAt: row.submitted_at.toISOString(),
        history: await auditTrail(app.db, 'project', row.id),
      };
    },
  );

  app.post<{ Params: { id: string }; Body: ProjectReviewForm; Querystring: { seen?: string } }>(
    '/staff/projects/:id/review',
    {
      schema: {
        tags: ['staff'],
        security: [{ bearer: [] }],
        description: '`seen`: the submittedAt the reviewer read; if the owner resubmitted since, the decision is refused (409).',
        params: idParams,
        querystring: { type: 'object', properties: { seen: { type: 'string', format: 'date-time' } }, additionalProperties: false },
        body: { $ref: 'project-review#' },
        response: { 200: projectSchema },
      },
      onRequest: app.requireStaff,
    },
    async (request) => {
      const me = currentUser(request);
      const approve = request.body.decision === 'approve';
      const note = request.body.note?.trim() || null;
      const now = app.now();
      let endsAt: Date | null = null;
      if (approve) {
        // A campaign runs to the end of its last day in Dhaka: the chosen date, or CAMPAIGN_DAYS after today there.
        const endsOn = request.body.campaignEndDate ?? addDays(dhakaToday(now), app.config.campaignDays);
        endsAt = endOfDhakaDay(endsOn);
        if (endsAt.getTime() <= now.getTime()) {
          throw fieldErrors([{ path: '/campaignEndDate', message: 'The end date must be in the future' }]);
        }
      }
      // The answer is made in the transaction: a decision that committed is never answered with an error.
      const view = await app.db.transaction().execute(async (trx) => {
        const seen = request.query.seen ? new Date(request.query.seen) : null;
        if (approve) {
          // Under the row lock, so a review recorded or sent back meanwhile is seen (issue 31 §5).
          const current = await trx.selectFrom('projects').selectAll().where('id', '=', request.params.id).forNoKeyUpdate().executeTakeFirst();
          if (current?.status === 'pending_review') await requireApprovedReview(trx, current, app.config.shariahReviewRequired);
        }
        let update = trx
          .updateTable('projects')
          .set(approve ? { status: 'open', approved_at: now, ends_at: endsAt, staff_note: note } : { status: 'rejected', staff_note: note })
          .where('id', '=', request.params.id)
          .where('status', '=', 'pending_review');
        // Only the version the reviewer read: an owner's edit in between must be reviewed again.
        if (seen) update = update.where(sql<boolean>`date_trunc('milliseconds', submitted_at) = ${seen}::timestamptz`);
        const updated = await update.returningAll().executeTakeFirst();
        if (!updated) {
          const existing = await trx.selectFrom('projects').select('status').where('id', '=', request.params.id).executeTakeFirst();
          if (!existing) throw notFound('This project');
          if (existing.status === 'pending_review') {
            throw conflict('The owner changed the project while you were reviewing it. Open it again and review the new version.');
          }
          throw conflict(`This project is not waiting for review (it is ${existing.status.replace('_', ' ')}).`);
        }
        await audit(trx, {
          actorId: me.id,
          action: approve ? 'project.approve' : 'project.reject',
          subjectType: 'project',
          subjectId: request.params.id,
          before: 'pending_review',
          after: approve ? 'open' : 'rejected',
          note: approve && endsAt ? [note, `Campaign ends ${formatDate(endsAt)}.`].filter(Boolean).join(' ') : note,
        });
        await notify(
          trx,
          {
            userId: updated.owner_id,
            kind: 'project_decided',
            title: approve
              ? { en: `Your project "${updated.title}" is approved`, bn: `আপনার প্রকল্প "${updated.title}" অনুমোদিত হয়েছে` }
              : { en: `Your project "${updated.title}" was not approved`, bn: `আপনার প্রকল্প "${updated.title}" অনুমোদিত হয়নি` },
            text: approve
              ? {
                  en: `Staff approved your project; its campaign is open until ${formatDate(endsAt!)}.`,
                  bn: `কর্মীরা আপনার প্রকল্প অনুমোদন করেছেন; এর ক্যাম্পেইন ${formatDate(endsAt!, 'bn')} পর্যন্ত চালু থাকবে।`,
                }
              : {
                  en: `Staff did not approve your project.${note ? ` Their note: ${note}` : ''}`,
                  bn: `কর্মীরা আপনার প্রকল্প অনুমোদন করেননি।${note ? ` তাঁদের নোট: ${note}` : ''}`,
                },
            link: approve ? noticeLinks.project(updated.id) : noticeLinks.myProjects(),
          },
          noticeSite(app.config),
        );
        return (await viewsOf(trx, app.forms, [updated], me))[0];
      });
      app.mail.kick();
      return view;
    },
  );
}
