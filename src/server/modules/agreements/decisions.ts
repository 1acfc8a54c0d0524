/**
 * Deciding agreement requests: the owner accepts (with the acceptance form's documents; an investment gets its
 * schedule and document, schedule.ts) or declines (with a reason); the investor may withdraw while pending, or
 * cancel an accepted agreement within the cooling-off window (issue 31 §3). Each outcome is final and is decided
 * under row locks (agreement first, then project), so racing clicks never count money twice or move past a final
 * state; each answer is made in its transaction, so a decision that committed is never answered with an error.
 */
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { AgreementStatus, DB } from '../../db/schema';
import type { AgreementAcceptForm } from '../../../shared/generated/form-types';
import type { JsonSchema } from '../../../shared/forms/catalog';
import type { SessionUser } from '../../plugins/auth';
import { conflict, notFound } from '../../errors';
import { audit } from '../../audit';
import { decodeUploads, storeUploads } from '../../files/store';
import { noticeLinks, noticeSite, notify } from '../notices/service';
import { closeIfEnded, settleProject } from '../projects/service';
import { formatMoney } from '../../../shared/domain/money';
import { canCancel, coolingOffEndsAt } from '../../../shared/domain/cooling-off';
import { formatDateTime } from '../../../shared/format/dates';
import { deleteInstalments, hasPaidInstalment, lockRequestAndProject, moveRequest, projectIdOf, type AgreementRow } from './queries/requests';
import { cardOf } from './requests';
import { scheduleAccepted } from './schedule';

type Decision = Partial<Record<'acceptance' | 'decline_reason', string>> & { acceptance_form_version?: number };

/**
 * Moves a pending request to a final state. `who` says whose move it is; anyone else gets 404 (they must not learn
 * it exists). `apply` does the decision's own work in the transaction and says what else to store.
 */
async function decide(app: FastifyInstance, requestId: string, actorId: string, who: 'owner' | 'investor', to: Exclude<AgreementStatus, 'pending'>, apply: (trx: Transaction<DB>, row: AgreementRow, now: Date) => Promise<Decision>) {
  // One moment for the whole decision: the stored decided_at and the schedule's acceptance date agree.
  const now = app.now();
  const projectId = await projectIdOf(app.db, requestId);
  if (projectId) await closeIfEnded(app.db, projectId, noticeSite(app.config), now);
  const decided = await app.db.transaction().execute(async (trx) => {
    // Locked so a project that closes or gets funded meanwhile is seen.
    const locked = await lockRequestAndProject(trx, requestId);
    if (!locked) throw notFound('This agreement request');
    const { row, project } = locked;
    const allowed = who === 'owner' ? project.owner_id === actorId : row.investor_id === actorId;
    if (!allowed) throw notFound('This agreement request');
    if (row.status !== 'pending') throw conflict(`This request was already ${row.status}; that is final.`);
    if (to === 'accepted' && project.status !== 'open') {
      throw conflict(`The project is ${project.status.replace('_', ' ')}, so it can no longer accept requests. Decline this one instead.`);
    }
    const extra = await apply(trx, row, now);
    const updated = await moveRequest(trx, row.id, 'pending', { status: to, decided_at: now, ...extra });
    await audit(trx, { actorId, action: `agreement.${to === 'accepted' ? 'accept' : to === 'declined' ? 'decline' : 'withdraw'}`, subjectType: 'agreement_request', subjectId: row.id, before: 'pending', after: to, note: extra.decline_reason ?? null });
    // Accepted money counts now, in the same transaction, under the project's row lock.
    if (to === 'accepted') await settleProject(trx, row.project_id, actorId);
    // The other party is told: the investor of the owner's decision, the owner of a withdrawal.
    const amount = { en: formatMoney(row.amount), bn: formatMoney(row.amount, 'bn') };
    await notify(
      trx,
      to === 'withdrawn'
        ? {
            userId: project.owner_id,
            kind: 'proposal_decided',
            title: { en: `A proposal for "${project.title}" was withdrawn`, bn: `"${project.title}" প্রকল্পের একটি প্রস্তাব প্রত্যাহার করা হয়েছে` },
            text: { en: `The investor withdrew their proposal of ${amount.en}.`, bn: `বিনিয়োগকারী তাঁর ${amount.bn}-এর প্রস্তাব প্রত্যাহার করেছেন।` },
            link: noticeLinks.proposals(row.project_id),
          }
        : {
            userId: row.investor_id,
            kind: 'proposal_decided',
            title: {
              en: `Your proposal for "${project.title}" was ${to}`,
              bn: `"${project.title}" প্রকল্পে আপনার প্রস্তাব ${to === 'accepted' ? 'গৃহীত হয়েছে' : 'প্রত্যাখ্যাত হয়েছে'}`,
            },
            text:
              to === 'accepted'
                ? { en: `The owner accepted your proposal of ${amount.en}.`, bn: `মালিক আপনার ${amount.bn}-এর প্রস্তাব গ্রহণ করেছেন।` }
                : {
                    en: `The owner declined your proposal of ${amount.en}. Their reason: ${extra.decline_reason ?? ''}`,
                    bn: `মালিক আপনার ${amount.bn}-এর প্রস্তাব প্রত্যাখ্যান করেছেন। তাঁর কারণ: ${extra.decline_reason ?? ''}`,
                  },
            link: noticeLinks.history(),
          },
      noticeSite(app.config),
    );
    return cardOf(trx, updated);
  });
  app.mail.kick();
  return decided;
}

/** The owner accepts, with the acceptance form (validated with `form`); an investment gets its schedule and document. */
export function accept(app: FastifyInstance, requestId: string, me: SessionUser, body: AgreementAcceptForm, form: { schema: JsonSchema; version: number }) {
  const decoded = decodeUploads(form.schema, body);
  return decide(app, requestId, me.id, 'owner', 'accepted', async (trx, pending, now) => {
    // One instant (decide's) for the decision, the schedule and the document's date.
    const doc = await storeUploads(trx, me.id, decoded, { type: 'agreement_accept', id: pending.id });
    await scheduleAccepted(trx, pending, now, app.config.coolingOffHours);
    return { acceptance: JSON.stringify(doc), acceptance_form_version: form.version };
  });
}

export function decline(app: FastifyInstance, requestId: string, me: SessionUser, reason: string) {
  return decide(app, requestId, me.id, 'owner', 'declined', async () => ({ decline_reason: reason.trim() }));
}

export function withdraw(app: FastifyInstance, requestId: string, me: SessionUser) {
  return decide(app, requestId, me.id, 'investor', 'withdrawn', async () => ({}));
}

/**
 * Cooling-off (DOMAIN.md "Investor protections"): the investor cancels an accepted agreement within
 * `COOLING_OFF_HOURS` of its acceptance, with no reason. It becomes `cancelled` (final), its instalments are removed
 * and the owner is told; the figures' triggers take its amount out of raised, waiting and backers. After the window
 * the answer is 409; to anyone but its investor the agreement does not exist (404).
 */
export async function cancel(app: FastifyInstance, requestId: string, me: SessionUser) {
  const now = app.now();
  const hours = app.config.coolingOffHours;
  const cancelled = await app.db.transaction().execute(async (trx) => {
    const locked = await lockRequestAndProject(trx, requestId);
    if (!locked || locked.row.investor_id !== me.id) throw notFound('This agreement request');
    const { row, project } = locked;
    if (row.status !== 'accepted' || !row.decided_at) {
      throw conflict(row.status === 'pending' ? 'This request is not accepted yet: withdraw it instead.' : `This agreement is ${row.status}; only an accepted agreement can be cancelled.`);
    }
    if (!canCancel(now, row.decided_at, hours)) {
      throw conflict(`The cooling-off window ended on ${formatDateTime(coolingOffEndsAt(row.decided_at, hours))}, ${hours} hours after acceptance: this agreement can no longer be cancelled.`);
    }
    if (await hasPaidInstalment(trx, row.id)) throw conflict('An instalment of this agreement has already been paid, so it can no longer be cancelled here. Please contact the platform.');
    await deleteInstalments(trx, row.id);
    const updated = await moveRequest(trx, row.id, 'accepted', { status: 'cancelled', cancelled_at: now, cancel_reason: 'cooling_off', in_default_since: null });
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
    return cardOf(trx, updated);
  });
  app.mail.kick();
  return cancelled;
}
