/**
 * The zakat estimate beside the portfolio (issue 30 §4): the shared `zakatEstimate` on the outstanding receivables
 * (instalments of held agreements not confirmed yet) on the date, against the nisab staff set (ZAKAT_NISAB_BDT).
 * Without a nisab there is no estimate: the holdings are shown and the screen says the nisab is not set.
 */
import { fromPaisa } from '../../shared/domain/money';
import { zakatEstimate } from '../../shared/domain/zakat';
import type { ZakatView } from '../../shared/api/portfolio';

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
