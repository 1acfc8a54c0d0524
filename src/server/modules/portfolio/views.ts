/**
 * What the portfolio answers: the investor's totals, a held agreement with its figures, next instalment and XIRR, an
 * owner's project with its repayments, and the zakat estimate (issue 30 §4).
 */
import { fromPaisa, toPaisa } from '../../../shared/domain/money';
import { zakatEstimate } from '../../../shared/domain/zakat';
import { agreementDays, type HeldInstalment } from '../../../shared/domain/portfolio-flows';
import type { OwnerProject, PortfolioAgreement, PortfolioTotals, ZakatView } from '../../../shared/api/portfolio';
import { dhakaDate } from '../../../shared/format/dhaka-calendar';
import { noticeLinks } from '../notices/service';
import { ratesOf, type investorTotals } from './figures';
import type { HeldAgreementRow, OwnerProjectRow } from './queries';

export function totalsView(t: ReturnType<typeof investorTotals>): PortfolioTotals {
  return {
    invested: fromPaisa(t.invested),
    received: fromPaisa(t.received),
    outstanding: fromPaisa(t.outstanding),
    awaitingConfirmation: fromPaisa(t.awaitingConfirmation),
    overdue: fromPaisa(t.overdue),
    profitReceived: fromPaisa(t.profitReceived),
  };
}

/** A held agreement: its figures on `today`, its next instalment and its two rates. */
export function agreementView(row: HeldAgreementRow, today: string): PortfolioAgreement {
  const acceptedOn = dhakaDate(row.decided_at ?? row.created_at);
  const json = row.instalments ?? [];
  const instalments: HeldInstalment[] = json.map((i) => ({
    dueOn: i.dueOn,
    amount: toPaisa(i.amount),
    profit: toPaisa(i.profit),
    status: i.status,
    confirmedOn: i.confirmedAt === null ? null : dhakaDate(i.confirmedAt),
  }));
  const of = (pick: (i: HeldInstalment) => boolean) => instalments.filter(pick).reduce((acc, i) => acc + i.amount, 0n);
  const nextIndex = instalments.findIndex((i) => i.status === 'due');
  const next = nextIndex >= 0 ? { json: json[nextIndex]!, due: instalments[nextIndex]! } : null;
  const rates = instalments.length === 0 ? ratesOf([], today, 'no_schedule') : ratesOf(agreementDays({ principal: toPaisa(row.amount), acceptedOn, instalments }), today, 'no_schedule');
  return {
    id: row.id,
    projectId: row.project_id,
    projectTitle: row.project_title,
    amount: row.amount,
    status: row.status,
    investmentType: row.investment_type,
    acceptedOn,
    inDefaultSince: row.in_default_since ? dhakaDate(row.in_default_since) : null,
    total: fromPaisa(of(() => true)),
    received: fromPaisa(of((i) => i.status === 'confirmed')),
    outstanding: fromPaisa(of((i) => i.status !== 'confirmed')),
    overdue: fromPaisa(of((i) => i.status === 'due' && i.dueOn < today)),
    profitReceived: fromPaisa(instalments.filter((i) => i.status === 'confirmed').reduce((acc, i) => acc + i.profit, 0n)),
    instalments: instalments.length,
    confirmedInstalments: instalments.filter((i) => i.status === 'confirmed').length,
    nextInstalment: next && { seq: next.json.seq, dueOn: next.due.dueOn, amount: fromPaisa(next.due.amount), overdue: next.due.dueOn < today },
    ...rates,
    scheduleLink: noticeLinks.schedule('returns', row.id),
  };
}

/** An owner's project: what it raised, repaid, is due and overdue on `today`, and what the owner repays next. */
export function ownerProjectView(p: OwnerProjectRow, today: string): OwnerProject {
  return {
    id: p.id,
    title: p.title,
    status: p.status,
    raised: p.raised,
    repaid: fromPaisa(toPaisa(p.sums.repaid)),
    due: fromPaisa(toPaisa(p.sums.due)),
    overdue: fromPaisa(toPaisa(p.sums.overdue)),
    next: p.next && { dueOn: p.next.dueOn, amount: fromPaisa(toPaisa(p.next.amount)), instalments: Number(p.next.instalments), overdue: p.next.dueOn < today },
    scheduleLink: '/dashboard/returns?view=repayments',
  };
}

/**
 * The zakat estimate beside the portfolio: the shared `zakatEstimate` on the outstanding receivables (instalments of
 * held agreements not confirmed yet) on the date, against the nisab staff set (ZAKAT_NISAB_BDT). Without a nisab
 * there is no estimate: the holdings are shown and the screen says the nisab is not set.
 */
export function zakatView(outstandingPaisa: bigint, nisabPaisa: bigint | null, asOf: string): ZakatView {
  if (nisabPaisa === null) return { estimate: true, asOf, holdings: fromPaisa(outstandingPaisa), nisab: null, due: null, steps: [{ step: 'holdings', amount: fromPaisa(outstandingPaisa) }] };
  const { duePaisa, steps } = zakatEstimate({ outstandingReceivablesPaisa: outstandingPaisa, nisabPaisa });
  return {
    estimate: true,
    asOf,
    holdings: fromPaisa(outstandingPaisa),
    nisab: fromPaisa(nisabPaisa),
    due: fromPaisa(duePaisa),
    steps: steps.map((s) => {
      switch (s.step) {
        case 'holdings':
        case 'due':
          return { step: s.step, amount: fromPaisa(s.amountPaisa) };
        case 'nisab':
          return { step: 'nisab', amount: fromPaisa(s.nisabPaisa), reached: s.reached };
        case 'rate':
          return { step: 'rate', amount: fromPaisa(s.amountPaisa), percent: s.percent };
      }
    }),
  };
}
