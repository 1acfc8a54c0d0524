/**
 * Staff review of projects: approve (open, with a campaign end date) or reject with a note. Every decision is
 * conditional on the project's current state and the version the reviewer read, and lands with its audit row and
 * the owner's notice in one transaction.
 */
import type { FastifyInstance } from 'fastify';
import type { ProjectReviewForm } from '../../../shared/generated/form-types';
import type { ProjectStatus } from '../../db/schema';
import type { SessionUser } from '../../plugins/auth';
import { conflict, fieldErrors, notFound } from '../../errors';
import { audit, auditTrail } from '../../audit';
import { requireApprovedReview } from './shariah';
import { formatDate } from '../../../shared/format/dates';
import { addDays, dhakaToday, endOfDhakaDay } from '../../../shared/format/dhaka-calendar';
import { noticeLinks, noticeSite, notify } from '../notices/service';
import { viewsOf } from './service';
import { decidePending, lockedProject, ownerContact, projectById, projectsOfStatus, projectStatus } from './queries/projects';
import type { Language } from '../../../shared/i18n/language';

/** Staff's queue: up to 200 projects of one state, the longest waiting first. */
export async function staffProjects(app: FastifyInstance, me: SessionUser, status: ProjectStatus) {
  return { items: await viewsOf(app.db, app.forms, await projectsOfStatus(app.db, status), me) };
}

/** A project as staff review it: its view, the owner's contact, when it was submitted and its history. */
export async function reviewedProject(app: FastifyInstance, me: SessionUser, id: string, language: Language = 'en') {
  const row = await projectById(app.db, id);
  if (!row) throw notFound('This project');
  const owner = await ownerContact(app.db, row.owner_id);
  return {
    ...(await viewsOf(app.db, app.forms, [row], me))[0],
    owner,
    submittedAt: row.submitted_at.toISOString(),
    history: await auditTrail(app.db, 'project', row.id, language),
  };
}

/**
 * Staff's decision on a project waiting for review. `seen`: the submittedAt the reviewer read; if the owner
 * resubmitted since, the decision is refused (409).
 */
export async function decideProject(app: FastifyInstance, me: SessionUser, id: string, form: ProjectReviewForm, seenAt: string | undefined) {
  const approve = form.decision === 'approve';
  const note = form.note?.trim() || null;
  const now = app.now();
  let endsAt: Date | null = null;
  if (approve) {
    // A campaign runs to the end of its last day in Dhaka: the chosen date, or CAMPAIGN_DAYS after today there.
    const endsOn = form.campaignEndDate ?? addDays(dhakaToday(now), app.config.campaignDays);
    endsAt = endOfDhakaDay(endsOn);
    if (endsAt.getTime() <= now.getTime()) {
      throw fieldErrors([{ path: '/campaignEndDate', message: 'The end date must be in the future' }]);
    }
  }
  // The answer is made in the transaction: a decision that committed is never answered with an error.
  const view = await app.db.transaction().execute(async (trx) => {
    const seen = seenAt ? new Date(seenAt) : null;
    if (approve) {
      // Under the row lock, so a review recorded or sent back meanwhile is seen (issue 31 §5).
      const current = await lockedProject(trx, id);
      if (current?.status === 'pending_review') await requireApprovedReview(trx, current, app.config.shariahReviewRequired);
    }
    const updated = await decidePending(trx, id, approve ? { status: 'open', approved_at: now, ends_at: endsAt, staff_note: note } : { status: 'rejected', staff_note: note }, seen);
    if (!updated) {
      const existing = await projectStatus(trx, id);
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
      subjectId: id,
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
}
