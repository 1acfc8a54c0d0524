/**
 * Donations: a pledge stored with its receipt, shown to whoever may see it, decided by staff, paid through the
 * gateway, expired by the pledges job, and returned when an all-or-nothing campaign missed its goal. Every change of
 * a donation's state happens here, each in its transaction with its audit row and notices; a pledge is confirmed by
 * `confirmDonation` alone, whoever asks (staff's decision, a verified gateway callback).
 *
 * A receipt has its own address (src/shared/donations/receipt-link.ts): the donation's id and its receipt key, a
 * random secret given only to the pledger (in the answer to the pledge and the receipt e-mail). Its donor signed in
 * sees it, and whoever sends the key, then without the donor's name and e-mail; anyone else gets 404.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DB } from '../../db/schema';
import type { DonateForm, RefundForm, ReviewForm } from '../../../shared/generated/form-types';
import type { SessionUser } from '../../plugins/auth';
import type { Language } from '../../../shared/i18n/language';
import { conflict, fieldErrors, notFound } from '../../errors';
import { audit } from '../../audit';
import { closeIfEnded, GOAL_NOT_REACHED, lockOpenProject, notTaking, onGoalNotReached, settleProject, visibleProject, type EndCampaign } from '../projects/service';
import { newestPage } from '../../db/cursor';
import { fromPaisa, toPaisa, formatMoney } from '../../../shared/domain/money';
import { absoluteLink, noticeLinks, noticeSite, queueMail, tellDonor, type NoticeSite, type Words } from '../notices/service';
import { normaliseReference, withFreshReference } from './reference';
import { receiptMail } from './receipt-mail';
import { confirmedNoticeRow, decidePledge, donationsOfDonor, donationWithProject, insertDonation, staffDonations, statusOf } from './queries/donations';
import { endDonations, lockLiveDonations, markRefunded, refundRow, refundsOf, type RefundStatus } from './queries/refunds';
import { donationView, listedDonationView, receiptView, refundView } from './views';

/** A new receipt key: 256 random bits, URL-safe. */
function newReceiptKey(): string {
  return randomBytes(32).toString('base64url');
}

/** Whether a key sent matches the donation's, compared in constant time (both hashed first, so lengths match too). */
function keyMatches(stored: string, sent: string | undefined): boolean {
  if (!sent) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(stored), digest(sent));
}

/**
 * The donation a viewer may see: their own (signed in), or any with its receipt key; anything else is 404.
 * `withContact`: the viewer is its signed-in donor, who alone sees the name and e-mail it was given with.
 */
export async function viewableDonation(db: Kysely<DB>, id: string, viewer: SessionUser | null, key: string | undefined) {
  const row = await donationWithProject(db, id);
  const isDonor = row !== undefined && row.donor_id !== null && row.donor_id === viewer?.id;
  if (!row || (!isDonor && !keyMatches(row.receipt_key, key))) throw notFound('This donation');
  return { row, withContact: isDonor };
}

/** A receipt as its viewer may see it. */
export async function receiptFor(app: FastifyInstance, id: string, viewer: SessionUser | null, key: string | undefined, language: Language) {
  const { row, withContact } = await viewableDonation(app.db, id, viewer, key);
  return receiptView(app.payments, row, row.project_title, withContact, language);
}

export interface PledgeInput {
  projectId: string;
  viewer: SessionUser | null;
  form: DonateForm;
  formVersion: number;
  language: Language;
}

/**
 * A pledge to an open project: stored with a fresh payment reference and receipt key, its receipt e-mailed when the
 * donor gave an address. `write` runs the transaction (the idempotency plugin's, so a repeat gets the first answer).
 */
export async function pledge(app: FastifyInstance, p: PledgeInput, write: <T>(work: (trx: Transaction<DB>) => Promise<T>) => Promise<T>) {
  const site = noticeSite(app.config);
  await closeIfEnded(app.db, p.projectId, site);
  const { row: project } = await visibleProject(app.db, p.projectId, p.viewer);
  if (project.status !== 'open') throw notTaking('donations', project.status);
  const receiptKey = newReceiptKey();
  // The pledge, its receipt e-mail and the answer in one transaction (a fresh one per reference tried): a pledge
  // that is recorded has its e-mail queued and its answer made, one that is not sends nothing.
  return withFreshReference((reference) =>
    write(async (trx) => {
      // Still open now that this transaction holds the project (it may have closed since the check above).
      await lockOpenProject(trx, project.id, 'donations');
      const made = await insertDonation(trx, {
        project_id: project.id,
        donor_id: p.viewer?.id ?? null,
        status: 'pledged',
        data: JSON.stringify(p.form),
        form_version: p.formVersion,
        amount: fromPaisa(toPaisa(p.form.amount)),
        payment_method: p.form.paymentMethod,
        reference,
        anonymous: p.form.anonymous ?? false,
        receipt_key: receiptKey,
        language: p.language,
      });
      const email = p.form.email?.trim();
      if (email) {
        const mail = receiptMail({
          reference: made.reference,
          amount: made.amount,
          paymentMethod: made.payment_method,
          projectTitle: project.title,
          instructions: app.payments.instructionsFor(made.payment_method, p.language),
          link: absoluteLink(site.origin, noticeLinks.receipt(made.id, receiptKey)),
        }, p.language);
        await queueMail(trx, { to: email, ...mail });
      }
      return {
        ...receiptView(app.payments, made, project.title, made.donor_id !== null, p.language),
        // Only here: the pledger's browser goes to the receipt's own address, which the key opens.
        receiptKey,
        message: `Thank you! Your pledge of ${formatMoney(made.amount)} by ${made.payment_method} is recorded with the payment reference ${made.reference}. Pay as shown below; staff confirm it when the money arrives.`,
      };
    }),
  );
}

/** A donor's donations, newest first, a page at a time. */
export async function donationsOf(db: Kysely<DB>, donorId: string, cursor: string | undefined, limit: number, language: Language) {
  const { shown, nextCursor } = await newestPage(donationsOfDonor(db, donorId), 'd', cursor, limit);
  return { items: shown.map(({ created_key: _k, ...r }) => listedDonationView(r, false, language)), nextCursor };
}

/** Staff's list: the donations of one status, or of a payment reference typed in any way (a 400 when it cannot be one). */
export async function donationsForStaff(db: Kysely<DB>, status: 'pledged' | 'confirmed' | 'cancelled', typed: string | undefined, language: Language) {
  const q = typed?.trim();
  const reference = q ? normaliseReference(q) : null;
  if (q && !reference) {
    throw fieldErrors([{ path: '/q', message: 'A payment reference looks like HF-7K3Q-92: HF, then 4 and 2 letters or digits (no 0, O, 1, I or L)' }]);
  }
  const rows = await staffDonations(db, reference ? { reference } : { status });
  return { items: rows.map((r) => listedDonationView(r, true, language)) };
}

/** The 404 or 409 of a decision on a donation that is not in the state it needs: `why` says the 409's words. */
async function refuseDecision(trx: Transaction<DB>, id: string, why: (status: string) => string): Promise<never> {
  const status = await statusOf(trx, id);
  if (!status) throw notFound('This donation');
  throw conflict(why(status));
}

/**
 * Confirms a pledge: the money arrived (staff saw it, or the gateway's verified callback says so). Inside the caller's
 * transaction, only while it is pledged: audited, the project settled (funded when raised reaches the goal), the donor
 * told. Undefined when it is no longer a pledge; nothing then changed.
 */
export async function confirmDonation(trx: Transaction<DB>, id: string, by: { actorId: string | null; note: string | null; at: Date; site: NoticeSite }) {
  const confirmed = await decidePledge(trx, id, { status: 'confirmed', staff_note: by.note, decided_at: by.at });
  if (!confirmed) return undefined;
  await audit(trx, { actorId: by.actorId, action: 'donation.confirm', subjectType: 'donation', subjectId: confirmed.id, before: 'pledged', after: 'confirmed', note: by.note });
  await settleProject(trx, confirmed.project_id, by.actorId);
  await tellConfirmed(trx, confirmed.id, by.site);
  return confirmed;
}

/** A confirmed donation: its donor is told, with the receipt's address (notices' `tellDonor`). */
async function tellConfirmed(trx: Transaction<DB>, donationId: string, site: NoticeSite): Promise<void> {
  const d = await confirmedNoticeRow(trx, donationId);
  const title: Words = { en: `Your donation ${d.reference} is confirmed`, bn: `আপনার দান ${d.reference} নিশ্চিত হয়েছে` };
  const text: Words = {
    en: `Your donation of ${formatMoney(d.amount)} to "${d.title}" arrived and is confirmed. Thank you.`,
    bn: `"${d.title}" প্রকল্পে আপনার ${formatMoney(d.amount, 'bn')} দান পৌঁছেছে এবং নিশ্চিত হয়েছে। ধন্যবাদ।`,
  };
  await tellDonor(trx, d, 'donation_confirmed', title, text, site);
}

/** Staff's decision on a pledge: approve = the money arrived (confirmed), reject = cancelled; 409 when already decided. */
export async function decideDonation(app: FastifyInstance, id: string, staffId: string, review: ReviewForm, language: Language) {
  const note = review.note?.trim() || null;
  const at = app.now();
  const row = await app.db.transaction().execute(async (trx) => {
    const decided =
      review.decision === 'approve'
        ? await confirmDonation(trx, id, { actorId: staffId, note, at, site: noticeSite(app.config) })
        : await decidePledge(trx, id, { status: 'cancelled', staff_note: note, decided_at: at });
    if (!decided) return refuseDecision(trx, id, (status) => `This donation was already ${status}.`);
    if (review.decision !== 'approve') {
      await audit(trx, { actorId: staffId, action: 'donation.cancel', subjectType: 'donation', subjectId: decided.id, before: 'pledged', after: 'cancelled', note });
    }
    return decided;
  });
  app.mail.kick();
  return donationView(row, true, language);
}

/** Staff's refund queue (`refund_due`, oldest first) or the refunds recorded (`refunded`, newest first). */
export async function refunds(db: Kysely<DB>, status: RefundStatus) {
  return { items: (await refundsOf(db, status)).map(refundView) };
}

/**
 * Staff record the refund of a donation due one, with the reference of the money sent back: it becomes `refunded`
 * (final), audited, and its donor is told. 404 for no such donation, 409 for one not due a refund.
 */
export async function recordRefund(app: FastifyInstance, id: string, staffId: string, form: RefundForm) {
  const reference = form.reference.trim();
  const note = form.note?.trim() || null;
  await app.db.transaction().execute(async (trx) => {
    const row = await markRefunded(trx, id, { reference, at: app.now(), by: staffId });
    if (!row) {
      return refuseDecision(trx, id, (status) =>
        status === 'refunded' ? 'This donation was already refunded.' : `This donation is ${status}: only a donation due a refund can be refunded.`,
      );
    }
    await audit(trx, {
      actorId: staffId,
      action: 'donation.refund',
      subjectType: 'donation',
      subjectId: row.id,
      before: 'refund_due',
      after: 'refunded',
      note: [`${formatMoney(row.amount)} returned, reference ${reference}.`, note].filter(Boolean).join(' '),
    });
    await tellDonor(trx, row, 'goal_not_reached', GOAL_NOT_REACHED.refundedTitle(row.reference), GOAL_NOT_REACHED.refundedText(row.amount, reference), noticeSite(app.config));
  });
  app.mail.kick();
  return refundView(await refundRow(app.db, id));
}

/**
 * An all-or-nothing campaign closed below its goal (the projects module's campaign end, inside its transaction): its
 * confirmed donations become due a refund (staff's queue above) and its unpaid pledges are cancelled, each audited
 * and its donor told. Returns how many are due a refund.
 */
async function returnDonations(trx: Transaction<DB>, project: { id: string; title: string }, how: EndCampaign): Promise<number> {
  const words = GOAL_NOT_REACHED;
  const { refundDue, pledges } = await endDonations(trx, project.id, how.closedAt, words.pledgeNote);
  for (const d of refundDue) {
    await audit(trx, { actorId: how.actorId, action: 'donation.refund_due', subjectType: 'donation', subjectId: d.id, before: 'confirmed', after: 'refund_due', note: words.expiredNote });
    await tellDonor(trx, d, 'goal_not_reached', words.refundDueTitle(d.reference), words.refundDueText(d.amount, project.title), how.site);
  }
  for (const d of pledges) {
    await audit(trx, { actorId: how.actorId, action: 'donation.cancel', subjectType: 'donation', subjectId: d.id, before: 'pledged', after: 'cancelled', note: words.pledgeNote });
    await tellDonor(trx, d, 'goal_not_reached', words.pledgeTitle(d.reference), words.pledgeText(d.amount, project.title), how.site);
  }
  return refundDue.length;
}

onGoalNotReached({ lock: lockLiveDonations, goalNotReached: returnDonations });
