/**
 * A Shariah reviewer's work (staff, or a person with the `shariah` role): their queue of investment projects waiting to
 * open, one of them, a project's review history, and recording a review — approved with the adviser, a note and the
 * signed opinion (a `data:` URL of a PDF, PNG or JPEG, sniffed and capped like every upload), or changes requested with
 * a note the owner sees. Each review is audited and told to the owner. The rules are in shariah.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ShariahReviewForm } from '../../../shared/generated/form-types';
import type { SessionUser } from '../../plugins/auth';
import type { JsonSchema } from '../../../shared/forms/catalog';
import { audit } from '../../audit';
import { conflict, fieldErrors, notFound } from '../../errors';
import { registerFileRule } from '../../files/access';
import { decodeUploads, insertFile, linkFiles } from '../../files/store';
import { noticeLinks, noticeSite, notify } from '../notices/service';
import { viewsOf } from './service';
import { needsReview, OPINION_SUBJECT, reviewHistory } from './shariah';
import { PUBLIC_STATUSES } from './queries/projects';
import { heldFile, insertReview, lockedForReview, reviewableRow, reviewableRows, reviewDecision, reviewInForceOf, reviewPointer } from './queries/shariah';

// An opinion is readable by anyone while it is the approved review in force of a public project; otherwise only by
// its uploader and staff (files/access.ts).
registerFileRule(OPINION_SUBJECT, async (db, _reader, reviewId) => {
  const row = await reviewInForceOf(db, reviewId);
  return Boolean(row && row.decision === 'approved' && PUBLIC_STATUSES.includes(row.status));
});

/** The projects a Shariah reviewer works on: investment projects waiting to open, or sent back to their owner. */
export const REVIEWABLE = ['pending_review', 'rejected'] as const;

/** The queue, oldest first: each project as investors will see it (without the owner's contact), with its review. */
export async function shariahQueue(app: FastifyInstance, me: SessionUser, status: (typeof REVIEWABLE)[number]) {
  return { items: await viewsOf(app.db, app.forms, (await reviewableRows(app.db, status)).filter(needsReview), me) };
}

/** One project of the queue. */
export async function reviewableProject(app: FastifyInstance, me: SessionUser, id: string) {
  const row = await reviewableRow(app.db, id, REVIEWABLE);
  if (!row || !needsReview(row)) throw notFound('This project');
  return (await viewsOf(app.db, app.forms, [row], me))[0];
}

/** The reviews recorded for a project, newest first, and the one in force. */
export async function projectReviews(app: FastifyInstance, id: string) {
  const project = await reviewPointer(app.db, id);
  if (!project) throw notFound('This project');
  return { inForce: project.shariah_review_id, items: await reviewHistory(app.db, project.id) };
}

/** Records a review of a project waiting to open (the latest is in force), audited and told to its owner. */
export async function recordShariahReview(app: FastifyInstance, me: SessionUser, projectId: string, form: ShariahReviewForm, schema: JsonSchema) {
  const { decision } = form;
  const adviser = form.adviser.trim();
  const note = form.note.trim();
  // The form's file field, decoded and checked by its content like every upload (a PDF or an image); the form
  // requires it for an approval. `file:<id>` names a file this reviewer already uploaded.
  const decoded = decodeUploads(schema, form);
  const opinion = decoded.files.get('/opinion') ?? null;
  const stored = decoded.refs.get('/opinion') ?? null;
  if (stored && !(await heldFile(app.db, stored, me.id))) throw fieldErrors([{ path: '/opinion', message: 'File not found: upload it again' }]);
  const view = await app.db.transaction().execute(async (trx) => {
    const project = await lockedForReview(trx, projectId);
    if (!project) throw notFound('This project');
    if (project.status !== 'pending_review' && project.status !== 'rejected') {
      throw conflict(`A Shariah review is recorded before a project opens; this one is ${project.status.replace('_', ' ')}.`);
    }
    const previous = project.shariah_review_id ? await reviewDecision(trx, project.shariah_review_id) : undefined;
    const fileId = opinion ? await insertFile(trx, me.id, opinion) : stored;
    const review = await insertReview(trx, { project_id: project.id, decision, adviser, note, opinion_file_id: fileId, reviewer_id: me.id });
    if (fileId) await linkFiles(trx, [fileId], { type: OPINION_SUBJECT, id: review.id });
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
  return view;
}
