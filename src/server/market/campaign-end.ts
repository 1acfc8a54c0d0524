/**
 * The end of a campaign (issue 31 §2, DOMAIN.md "Investor protections"). Every campaign closes; an all-or-nothing one
 * that closes with raised < goal closes with the outcome `goal_not_reached`, and in the same transaction: its pending
 * requests expire, its accepted agreements are cancelled (reason: goal not reached) with their unpaid instalments
 * removed, its confirmed donations become `refund_due` (staff's refund queue, src/server/modules/donations), its
 * unpaid pledges are cancelled, and everyone concerned is told. The figures follow from the statuses alone (the
 * triggers of migrations 009/019 count pending and accepted agreements, pledged and confirmed donations).
 *
 * Locks follow the order every decision on an agreement takes (agreement rows first, then the project's row) and
 * never FOR UPDATE on a row others point at by a foreign key: FOR NO KEY UPDATE, as the figures' trigger takes.
 */
import type { Transaction } from 'kysely';
import type { DB, ProjectStatus } from '../db/schema';
import { audit } from '../audit';
import { noticeLinks, type NoticeSite, notify, tellDonor, type Words } from '../modules/notices/service';
import { toPaisa } from '../../shared/domain/money';
import { formatMoney, formatNumber } from '../../shared/format/money';
import { countOf } from '../../shared/format/count';

const bnMoney = (amount: string) => formatMoney(amount, 'bn');

/** Every sentence a person reads about a campaign that missed its goal, in one place (notices in both languages). */
export const GOAL_NOT_REACHED = {
  auditNote: (raised: string, goal: string) => `All or nothing: the goal was not reached (${formatMoney(raised)} of ${formatMoney(goal)}).`,
  expiredNote: 'The all-or-nothing campaign ended below its goal.',
  pledgeNote: 'The all-or-nothing campaign ended below its goal: do not pay this pledge.',
  ownerTitle: (title: string): Words => ({ en: `"${title}" ended without reaching its goal`, bn: `"${title}" লক্ষ্যে না পৌঁছেই শেষ হয়েছে` }),
  ownerText: (raised: string, goal: string, agreements: number, donations: number): Words => ({
    en: `Your all-or-nothing campaign closed with ${formatMoney(raised)} of its ${formatMoney(goal)} goal. ${countOf(agreements, 'agreement')} ${agreements === 1 ? 'is' : 'are'} cancelled and pending requests expired; ${countOf(donations, 'confirmed donation')} will be returned to the donors by the platform.`,
    bn: `আপনার "সব অথবা কিছুই না" ক্যাম্পেইন ${bnMoney(goal)} লক্ষ্যের মধ্যে ${bnMoney(raised)} নিয়ে বন্ধ হয়েছে। ${formatNumber(agreements, 'bn')}টি চুক্তি বাতিল হয়েছে এবং অপেক্ষমাণ অনুরোধগুলোর মেয়াদ শেষ হয়েছে; নিশ্চিত হওয়া ${formatNumber(donations, 'bn')}টি দান প্ল্যাটফর্ম দাতাদের ফেরত দেবে।`,
  }),
  investorTitle: (title: string): Words => ({ en: `"${title}" did not reach its goal`, bn: `"${title}" তার লক্ষ্যে পৌঁছায়নি` }),
  expiredText: (amount: string): Words => ({
    en: `The all-or-nothing campaign ended below its goal, so your pending request of ${formatMoney(amount)} expired. Nothing is owed either way.`,
    bn: `"সব অথবা কিছুই না" ক্যাম্পেইনটি লক্ষ্যের নিচে শেষ হয়েছে, তাই আপনার ${bnMoney(amount)}-এর অপেক্ষমাণ অনুরোধের মেয়াদ শেষ হয়েছে। কোনো পক্ষের কাছে কিছু পাওনা নেই।`,
  }),
  cancelledText: (amount: string): Words => ({
    en: `The all-or-nothing campaign ended below its goal, so your agreement of ${formatMoney(amount)} is cancelled and its repayment schedule removed. Any money you sent for it is returned to you.`,
    bn: `"সব অথবা কিছুই না" ক্যাম্পেইনটি লক্ষ্যের নিচে শেষ হয়েছে, তাই আপনার ${bnMoney(amount)}-এর চুক্তি বাতিল হয়েছে এবং এর পরিশোধের সূচি বাদ দেওয়া হয়েছে। এর জন্য আপনি যে টাকা পাঠিয়েছেন তা আপনাকে ফেরত দেওয়া হবে।`,
  }),
  refundDueTitle: (reference: string): Words => ({ en: `Your donation ${reference} will be returned`, bn: `আপনার দান ${reference} ফেরত দেওয়া হবে` }),
  refundDueText: (amount: string, title: string): Words => ({
    en: `"${title}" ended without reaching its all-or-nothing goal, so your donation of ${formatMoney(amount)} will be returned to you. You will be told when it is sent.`,
    bn: `"${title}" তার "সব অথবা কিছুই না" লক্ষ্যে না পৌঁছেই শেষ হয়েছে, তাই আপনার ${bnMoney(amount)} দান আপনাকে ফেরত দেওয়া হবে। টাকা পাঠানো হলে আপনাকে জানানো হবে।`,
  }),
  pledgeTitle: (reference: string): Words => ({ en: `Your pledge ${reference} is cancelled`, bn: `আপনার অঙ্গীকার ${reference} বাতিল হয়েছে` }),
  pledgeText: (amount: string, title: string): Words => ({
    en: `"${title}" ended without reaching its all-or-nothing goal, so your pledge of ${formatMoney(amount)} is cancelled: please do not pay it. If you already paid, contact the platform with its reference and the money will be returned.`,
    bn: `"${title}" তার "সব অথবা কিছুই না" লক্ষ্যে না পৌঁছেই শেষ হয়েছে, তাই আপনার ${bnMoney(amount)}-এর অঙ্গীকার বাতিল হয়েছে: অনুগ্রহ করে এটি পরিশোধ করবেন না। আগেই পরিশোধ করে থাকলে রেফারেন্সসহ প্ল্যাটফর্মের সঙ্গে যোগাযোগ করুন, টাকা ফেরত দেওয়া হবে।`,
  }),
  refundedTitle: (reference: string): Words => ({ en: `Your donation ${reference} was returned`, bn: `আপনার দান ${reference} ফেরত দেওয়া হয়েছে` }),
  refundedText: (amount: string, refundReference: string): Words => ({
    en: `The platform returned your donation of ${formatMoney(amount)} (refund reference ${refundReference}).`,
    bn: `প্ল্যাটফর্ম আপনার ${bnMoney(amount)} দান ফেরত দিয়েছে (ফেরতের রেফারেন্স ${refundReference})।`,
  }),
};

export interface EndCampaign {
  /** When it closed: the end date for the job, the moment of the decision for an owner or staff. */
  closedAt: Date;
  /** Who closed it (null: the system, at the end date). */
  actorId: string | null;
  note: string;
  /** Whether the project, as locked, is to be closed now (its status and end date still say so). */
  shouldClose: (p: { status: ProjectStatus; ends_at: Date | null }) => boolean;
  site: NoticeSite;
}

/** Closes one campaign (open or funded → closed) as described above; false when it no longer should close. */
export async function endCampaign(trx: Transaction<DB>, projectId: string, how: EndCampaign): Promise<boolean> {
  const model = await trx.selectFrom('projects').select('funding_model').where('id', '=', projectId).executeTakeFirst();
  if (!model) return false;
  if (model.funding_model === 'all_or_nothing') {
    // Agreement and donation rows before the project's row, as decide(), the cooling-off cancel and a donation's review
    // lock them (the row, then the project through the figures' trigger): taken the other way round, a review in
    // flight would wait for the project while this waited for its donation.
    await trx.selectFrom('agreement_requests').select('id').where('project_id', '=', projectId).where('status', 'in', ['pending', 'accepted']).orderBy('id').forNoKeyUpdate().execute();
    await trx.selectFrom('donations').select('id').where('project_id', '=', projectId).where('status', 'in', ['pledged', 'confirmed']).orderBy('id').forNoKeyUpdate().execute();
  }
  const p = await trx
    .selectFrom('projects')
    .select(['id', 'status', 'ends_at', 'goal', 'raised', 'title', 'owner_id', 'funding_model'])
    .where('id', '=', projectId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (!p || (p.status !== 'open' && p.status !== 'funded') || !how.shouldClose(p)) return false;
  const failed = p.funding_model === 'all_or_nothing' && toPaisa(p.raised) < toPaisa(p.goal);
  await trx
    .updateTable('projects')
    .set({ status: 'closed', closed_at: how.closedAt, outcome: failed ? 'goal_not_reached' : null })
    .where('id', '=', p.id)
    .execute();
  const note = failed ? `${how.note} ${GOAL_NOT_REACHED.auditNote(p.raised, p.goal)}` : how.note;
  await audit(trx, { actorId: how.actorId, action: 'project.close', subjectType: 'project', subjectId: p.id, before: p.status, after: 'closed', note });
  if (failed) await returnTheMoney(trx, p, how);
  return true;
}

/** The all-or-nothing failure: every agreement and donation of the project moved, audited and told. */
async function returnTheMoney(trx: Transaction<DB>, p: { id: string; title: string; owner_id: string; raised: string; goal: string }, how: EndCampaign): Promise<void> {
  const words = GOAL_NOT_REACHED;
  const expired = await trx
    .updateTable('agreement_requests')
    .set({ status: 'expired', decided_at: how.closedAt })
    .where('project_id', '=', p.id)
    .where('status', '=', 'pending')
    .returning(['id', 'investor_id', 'amount'])
    .execute();
  const accepted = await trx.selectFrom('agreement_requests').select('id').where('project_id', '=', p.id).where('status', '=', 'accepted').execute();
  // The schedule goes; an instalment already paid stays on record (money that moved is never erased).
  if (accepted.length > 0) {
    await trx.deleteFrom('instalments').where('agreement_id', 'in', accepted.map((a) => a.id)).where('status', '=', 'due').execute();
  }
  const cancelled = await trx
    .updateTable('agreement_requests')
    .set({ status: 'cancelled', cancelled_at: how.closedAt, cancel_reason: 'goal_not_reached', in_default_since: null })
    .where('project_id', '=', p.id)
    .where('status', '=', 'accepted')
    .returning(['id', 'investor_id', 'amount'])
    .execute();
  const refundDue = await trx
    .updateTable('donations')
    .set({ status: 'refund_due' })
    .where('project_id', '=', p.id)
    .where('status', '=', 'confirmed')
    .returning(['id', 'donor_id', 'amount', 'reference', 'receipt_key', 'data', 'language'])
    .execute();
  const pledges = await trx
    .updateTable('donations')
    .set({ status: 'cancelled', decided_at: how.closedAt, staff_note: words.pledgeNote })
    .where('project_id', '=', p.id)
    .where('status', '=', 'pledged')
    .returning(['id', 'donor_id', 'amount', 'reference', 'receipt_key', 'data', 'language'])
    .execute();

  for (const a of expired) {
    await audit(trx, { actorId: how.actorId, action: 'agreement.expire', subjectType: 'agreement_request', subjectId: a.id, before: 'pending', after: 'expired', note: words.expiredNote });
    await notify(trx, { userId: a.investor_id, kind: 'goal_not_reached', title: words.investorTitle(p.title), text: words.expiredText(a.amount), link: noticeLinks.history() }, how.site);
  }
  for (const a of cancelled) {
    await audit(trx, { actorId: how.actorId, action: 'agreement.cancel', subjectType: 'agreement_request', subjectId: a.id, before: 'accepted', after: 'cancelled', note: 'goal not reached' });
    await notify(trx, { userId: a.investor_id, kind: 'goal_not_reached', title: words.investorTitle(p.title), text: words.cancelledText(a.amount), link: noticeLinks.history() }, how.site);
  }
  for (const d of refundDue) {
    await audit(trx, { actorId: how.actorId, action: 'donation.refund_due', subjectType: 'donation', subjectId: d.id, before: 'confirmed', after: 'refund_due', note: words.expiredNote });
    await tellDonor(trx, d, 'goal_not_reached', words.refundDueTitle(d.reference), words.refundDueText(d.amount, p.title), how.site);
  }
  for (const d of pledges) {
    await audit(trx, { actorId: how.actorId, action: 'donation.cancel', subjectType: 'donation', subjectId: d.id, before: 'pledged', after: 'cancelled', note: words.pledgeNote });
    await tellDonor(trx, d, 'goal_not_reached', words.pledgeTitle(d.reference), words.pledgeText(d.amount, p.title), how.site);
  }
  await notify(
    trx,
    { userId: p.owner_id, kind: 'goal_not_reached', title: words.ownerTitle(p.title), text: words.ownerText(p.raised, p.goal, cancelled.length, refundDue.length), link: noticeLinks.project(p.id) },
    how.site,
  );
}
