/** What the next steps answer: each waiting thing as an item with a count, its words and a link to where it is done. */
import { formatMoney, fromPaisa, toPaisa } from '../../../shared/domain/money';
import { countOf } from '../../../shared/format/count';
import { formatDate } from '../../../shared/format/dates';
import type { NextStep } from '../../../shared/api/views';
import type { currentVerification, instalmentsToConfirm, instalmentsToPay, projectDraft, proposalsToDecide, recentAcceptances, staffQueueSizes, unpaidPledges } from './queries';

type Row<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;

const money = (v: string | null | undefined) => fromPaisa(toPaisa(v ?? '0'));

/** Proposals to decide: one item per project (the decision screen is per project). */
export function proposalItems(rows: Row<typeof proposalsToDecide>): NextStep[] {
  return rows.map((p): NextStep => {
    const n = Number(p.n);
    return {
      kind: 'proposals',
      count: n,
      amount: money(p.total),
      text: `${countOf(n, 'agreement request')} to decide on “${p.title}”`,
      link: `/agreementRequest?project=${p.id}`,
    };
  });
}

/** The owner's instalments to repay, with the next due date; none when nothing is due. */
export function toPayItems(row: Row<typeof instalmentsToPay>): NextStep[] {
  if (!(Number(row?.n ?? 0) > 0)) return [];
  const n = Number(row!.n);
  const next = String(row!.next).slice(0, 10);
  return [{ kind: 'instalments-to-pay', count: n, date: next, text: `${countOf(n, 'instalment')} to repay, the next due on ${formatDate(next)}`, link: '/dashboard/returns?view=repayments' }];
}

/** The investor's paid instalments to confirm, with their sum; none when there are none. */
export function toConfirmItems(row: Row<typeof instalmentsToConfirm>): NextStep[] {
  if (!(Number(row?.n ?? 0) > 0)) return [];
  const n = Number(row!.n);
  const total = money(row!.total);
  return [{ kind: 'instalments-to-confirm', count: n, amount: total, text: `${countOf(n, 'paid instalment')} (${formatMoney(total)}) to confirm you received`, link: '/dashboard/returns?view=returns' }];
}

/** A verification to start (none yet) or to correct (staff rejected it). */
export function verificationItems(verification: Row<typeof currentVerification>): NextStep[] {
  if (!verification) return [{ kind: 'verification', count: 1, text: 'Verify your identity: it is needed before you raise funds', link: '/BasicInfoEdit/verified' }];
  if (verification.status !== 'rejected') return [];
  const note = verification.staff_note ? `: ${verification.staff_note}` : '';
  return [{ kind: 'verification', count: 1, text: `Correct your identity verification — staff rejected it${note}`, link: '/BasicInfoEdit/verified' }];
}

/** A saved project draft to finish. */
export function draftItems(draft: Row<typeof projectDraft>): NextStep[] {
  return draft ? [{ kind: 'project-draft', count: 1, date: draft.updated_at.toISOString(), text: 'Finish the project you started', link: '/EditProjects/projectOwnerInfo' }] : [];
}

/** Pledges to pay: the receipt says how to pay the method, with the reference to quote. */
export function pledgeItems(rows: Row<typeof unpaidPledges>): NextStep[] {
  return rows.map((d): NextStep => ({
    kind: 'pledge',
    count: 1,
    amount: money(d.amount),
    date: d.created_at.toISOString(),
    reference: d.reference,
    text: `Pay your pledge of ${formatMoney(d.amount)} to “${d.title}” (${d.payment_method})`,
    link: `/donations/receipt?id=${d.id}`,
  }));
}

/** Recent acceptances of the investor's requests: news, with a link to the agreement's returns. */
export function acceptedItems(rows: Row<typeof recentAcceptances>): NextStep[] {
  return rows.map((a): NextStep => ({
    kind: 'accepted',
    count: 1,
    amount: money(a.amount),
    date: a.decided_at!.toISOString(),
    text: `“${a.title}” accepted your agreement request of ${formatMoney(a.amount)}: see your returns`,
    link: `/dashboard/returns?view=returns&agreement=${a.id}`,
  }));
}

/** Staff's three queues with their sizes. */
export function staffQueues(row: Row<typeof staffQueueSizes>): { id: 'verifications' | 'projects' | 'donations'; label: string; count: number; link: string }[] {
  return [
    { id: 'verifications', label: 'Verifications to review', count: Number(row.verifications), link: '/dashboard/staff/verifications' },
    { id: 'projects', label: 'Projects to review', count: Number(row.projects), link: '/dashboard/staff/projects' },
    { id: 'donations', label: 'Donations to confirm', count: Number(row.donations), link: '/dashboard/staff/donations' },
  ];
}
