/**
 * Shariah reviews over HTTP (issue 31 §5): staff, or a person with the `shariah` role (npm run staff -- shariah),
 * record a project's review while it waits to open with the `shariah-review` form — approved with the adviser, a note
 * and the signed opinion (a `data:` URL of a PDF, PNG or JPEG, sniffed and capped like every upload), or changes
 * requested with a note the owner sees — and read its history. Each review is audited and told to the owner. The rules are in shariah/reviews.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../plugins/auth';
import { conflict, fieldErrors, forbidden, notFound } from '../errors';
import { FORM_BODY_LIMIT } from '../limits';
import { decodeUploads, insertFile, linkFiles } from '../files/store';
import type { ShariahReviewForm } from '../../shared/generated/form-types';
import { audit } from '../audit';
import { noticeLinks, noticeSite, notify } from '../modules/notices/service';
import { needsReview, OPINION_SUBJECT, reviewHistory, shariahHistoryItemSchema, shariahReviewSchema } from '../shariah/reviews';
import { arrayOf, idParams, object, uuid, uuidOrNull } from './schemas';
import { registerFileRule } from '../files/access';
import { projectSchema, PUBLIC_STATUSES, viewsOf } from '../market/projects';

/** Staff, or a person with the `shariah` role; anyone else is refused. */
function reviewer(request: FastifyRequest) {
  const me = currentUser(request);
  if (!me.isStaff && !me.isShariah) throw forbidden('Only staff or a Shariah reviewer can do this.');
  return me;
}

// An opinion is readable by anyone while it is the approved review in force of a public project; otherwise only by
// its uploader and staff (files/access.ts).
registerFileRule(OPINION_SUBJECT, async (db, _reader, reviewId) => {
  const row = await db
    .selectFrom('shariah_reviews as r')
    .innerJoin('projects as p', 'p.shariah_review_id', 'r.id')
    .select(['r.decision', 'p.status'])
    .where('r.id', '=', reviewId)
    .executeTakeFirst();
  return Boolean(row && row.decision === 'approved' && PUBLIC_STATUSES.includes(row.status));
});

/** The projects a Shariah reviewer works on: investment projects waiting to open, or sent back to their owner. */
const REVIEWABLE = ['pending_review', 'rejected'] as const;

export default async function shariahReviewRoutes(app: FastifyInstance): Promise<void> {
  // The Shariah reviewer's own queue (the `shariah` role sees no other staff page): the project as investors will see
  // it, without the owner's contact details.
  app.get<{ Querystring: { status: (typeof REVIEWABLE)[number] } }>(
    '/shariah/projects',
    {
      schema: {
        tags: ['staff'],
        security: [{ bearer: [] }],
        description: 'Staff or a Shariah reviewer: investment projects waiting to open (or sent back), oldest first, each with its Shariah review.',
        querystring: { type: 'object', properties: { status: { type: 'string', enum: [...REVIEWABLE], default: 'pending_review' } }, additionalProperties: false },
        response: { 200: object({ items: arrayOf(projectSchema) }) },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const me = reviewer(request);
      const rows = await app.db.selectFrom('projects').selectAll().where('status', '=', request.query.status).orderBy('submitted_at', 'asc').limit(200).execute();
      return { items: await viewsOf(app.db, app.forms, rows.filter(needsReview), me) };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/shariah/projects/:id',
    {
      schema: { tags: ['staff'], security: [{ bearer: [] }], description: 'Staff or a Shariah reviewer: one project of the queue above.', params: idParams, response: { 200: projectSchema } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const me = reviewer(request);
      const row = await app.db.selectFrom('projects').selectAll().where('id', '=', request.params.id).where('status', 'in', [...REVIEWABLE]).executeTakeFirst();
      if (!row || !needsReview(row)) throw notFound('This project');
      return (await viewsOf(app.db, app.forms, [row], me))[0];
    },
  );

  app.get<{ Params: { id: string } }>(
    '/staff/projects/:id/shariah-review',
    {
      schema: { tags: ['staff'], security: [{ bearer: [] }], description: 'The Shariah reviews recorded for a project, newest first (the first is in force unless sent back).', params: idParams, response: { 200: object({ inForce: uuidOrNull, items: arrayOf(shariahHistoryItemSchema) }) } },
      onRequest: app.requireUser,
    },
    async (request) => {
      reviewer(request);
      const project = await app.db.selectFrom('projects').select(['id', 'shariah_review_id']).where('id', '=', request.params.id).executeTakeFirst();
      if (!project) throw notFound('This project');
      return { inForce: project.shariah_review_id, items: await reviewHistory(app.db, project.id) };
    },
  );

  app.post<{ Params: { id: string }; Body: ShariahReviewForm }>(
    '/staff/projects/:id/shariah-review',
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        tags: ['staff'],
        security: [{ bearer: [] }],
        description:
          'Records the Shariah review of a project waiting to open: approved (adviser, note, and `opinion`, the signed opinion as a `data:` URL of a PDF, PNG or JPEG up to 5 MB) or changes_requested (a note the owner sees). The latest review is in force. Audited.',
        params: idParams,
        response: { 201: object({ id: uuid, ...shariahReviewSchema.properties }, ['note']) },
        body: { $ref: 'shariah-review#' },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const me = reviewer(request);
      const { decision } = request.body;
      const adviser = request.body.adviser.trim();
      const note = request.body.note.trim();
      // The form's file field, decoded and checked by its content like every upload (a PDF or an image); the form
      // requires it for an approval. `file:<id>` names a file this reviewer already uploaded.
      const decoded = decodeUploads(request.formSchema!, request.body);
      const opinion = decoded.files.get('/opinion') ?? null;
      const stored = decoded.refs.get('/opinion') ?? null;
      if (stored) {
        const held = await app.db.selectFrom('files').select('id').where('id', '=', stored).where('owner_id', '=', me.id).executeTakeFirst();
        if (!held) throw fieldErrors([{ path: '/opinion', message: 'File not found: upload it again' }]);
      }
      const view = await app.db.transaction().execute(async (trx) => {
        const project = await trx.selectFrom('projects').select(['id', 'owner_id', 'title', 'status', 'shariah_review_id']).where('id', '=', request.params.id).forNoKeyUpdate().executeTakeFirst();
        if (!project) throw notFound('This project');
        if (project.status !== 'pending_review' && project.status !== 'rejected') {
          throw conflict(`A Shariah review is recorded before a project opens; this one is ${project.status.replace('_', ' ')}.`);
        }
        const previous = project.shariah_review_id
          ? await trx.selectFrom('shariah_reviews').select('decision').where('id', '=', project.shariah_review_id).executeTakeFirst()
          : undefined;
        const fileId = opinion ? await insertFile(trx, me.id, opinion) : stored;
        const review = await trx
          .insertInto('shariah_reviews')
          .values({ project_id: project.id, decision, adviser, note, opinion_file_id: fileId, reviewer_id: me.id })
          .returningAll()
          .executeTakeFirstOrThrow();
        if (fileId) await linkFiles(trx, [fileId], { type: OPINION_SUBJECT, id: review.id });
        await trx.updateTable('projects').set({ shariah_review_id: review.id }).where('id', '=', project.id).execute();
        await audit(trx, {
          actorId: me.id,
          action: 'project.shariah_review',
          subjectType: 'project',
          subjectId: project.id,
          before: previous?.decision ?? 'none',
          after: decision,
          note: `${adviser}: ${note}`,
        });
        await notify(
          trx,
          {
            userId: project.owner_id,
            kind: 'shariah_review',
            title:
              decision === 'approved'
                ? { en: `Shariah review of "${project.title}": approved`, bn: `"${project.title}" প্রকল্পের শরিয়াহ পর্যালোচনা: অনুমোদিত` }
                : { en: `Shariah review of "${project.title}": changes requested`, bn: `"${project.title}" প্রকল্পের শরিয়াহ পর্যালোচনা: পরিবর্তন প্রয়োজন` },
            text:
              decision === 'approved'
                ? { en: `${adviser} approved your project's contract.`, bn: `${adviser} আপনার প্রকল্পের চুক্তি অনুমোদন করেছেন।` }
                : { en: `${adviser} asks for changes before your project can open: ${note}`, bn: `আপনার প্রকল্প চালু হওয়ার আগে ${adviser} কিছু পরিবর্তন চেয়েছেন: ${note}` },
            link: noticeLinks.myProjects(),
          },
          noticeSite(app.config),
        );
        return { id: review.id, decision, adviser, note, opinionFileId: fileId, decidedAt: review.created_at.toISOString() };
      });
      app.mail.kick();
      return reply.code(201).send(view);
    },
  );
}
