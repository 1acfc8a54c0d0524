/**
 * An estimate of zakat on what a person holds on the platform (issue 30 §4), to confirm with a scholar: 2.5 % of the
 * outstanding receivables on the date, rounded down to the paisa, when they reach the nisab staff set
 * (`ZAKAT_NISAB_BDT`), else nothing. Zakat is due on wealth that reaches the nisab, so a holding exactly at it counts.
 * The basis comes back as steps of data (a kind and its figures), never sentences: the screens word them in the
 * reader's language.
 */

/** Zakat's rate: 2.5 %, as a fraction of 1,000. */
const RATE_PER_MILLE = 25n;

export type ZakatStep =
  /** What the person is owed on the platform on the date (outstanding receivables). */
  | { step: 'holdings'; amountPaisa: bigint }
  /** The nisab, and whether the holdings reach it. */
  | { step: 'nisab'; nisabPaisa: bigint; reached: boolean }
  /** The rate applied (2.5 %), and what it gives on the holdings, rounded down to the paisa. */
  | { step: 'rate'; percent: '2.5'; amountPaisa: bigint }
  /** The estimate: the rate's amount when the nisab is reached, else 0. */
  | { step: 'due'; amountPaisa: bigint };

export interface ZakatEstimate {
  duePaisa: bigint;
  steps: ZakatStep[];
}

/** The zakat estimate and its basis, step by step (amounts in paisa, ≥ 0). */
export function zakatEstimate({ outstandingReceivablesPaisa, nisabPaisa }: { outstandingReceivablesPaisa: bigint; nisabPaisa: bigint }): ZakatEstimate {
  if (outstandingReceivablesPaisa < 0n || nisabPaisa < 0n) throw new RangeError('holdings and the nisab are never negative');
  const reached = outstandingReceivablesPaisa >= nisabPaisa;
  const atRate = (outstandingReceivablesPaisa * RATE_PER_MILLE) / 1000n;
  const duePaisa = reached ? atRate : 0n;
  return {
    duePaisa,
    steps: [
      { step: 'holdings', amountPaisa: outstandingReceivablesPaisa },
      { step: 'nisab', nisabPaisa, reached },
      { step: 'rate', percent: '2.5', amountPaisa: atRate },
      { step: 'due', amountPaisa: duePaisa },
    ],
  };
}
