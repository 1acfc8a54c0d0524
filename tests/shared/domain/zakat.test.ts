/** The zakat estimate (issue 30 §4): 2.5 % of outstanding receivables, rounded down, from the nisab up; its basis as data. */
import { describe, expect, it } from 'vitest';
import { zakatEstimate } from '../../../src/shared/domain/zakat';

const nisabPaisa = 8_500_000n; // a nisab of 85,000 taka, as staff might set it

describe('zakat estimate', () => {
  it('is 2.5 % of the holdings above the nisab, with each step of the basis', () => {
    expect(zakatEstimate({ outstandingReceivablesPaisa: 11_770_000n, nisabPaisa })).toEqual({
      duePaisa: 294_250n,
      steps: [
        { step: 'holdings', amountPaisa: 11_770_000n },
        { step: 'nisab', nisabPaisa, reached: true },
        { step: 'rate', percent: '2.5', amountPaisa: 294_250n },
        { step: 'due', amountPaisa: 294_250n },
      ],
    });
  });

  it('rounds down to the paisa', () => {
    // 2.5 % of 1,23,456.79 is 3,086.41975.
    expect(zakatEstimate({ outstandingReceivablesPaisa: 12_345_679n, nisabPaisa }).duePaisa).toBe(308_641n);
  });

  it('is due on holdings that reach the nisab exactly, and nothing below it', () => {
    expect(zakatEstimate({ outstandingReceivablesPaisa: nisabPaisa, nisabPaisa }).duePaisa).toBe(212_500n);
    const below = zakatEstimate({ outstandingReceivablesPaisa: nisabPaisa - 1n, nisabPaisa });
    expect(below.duePaisa).toBe(0n);
    expect(below.steps).toContainEqual({ step: 'nisab', nisabPaisa, reached: false });
    expect(below.steps).toContainEqual({ step: 'due', amountPaisa: 0n });
  });

  it('is nothing on nothing, and refuses negative figures', () => {
    expect(zakatEstimate({ outstandingReceivablesPaisa: 0n, nisabPaisa }).duePaisa).toBe(0n);
    expect(() => zakatEstimate({ outstandingReceivablesPaisa: -1n, nisabPaisa })).toThrow(RangeError);
    expect(() => zakatEstimate({ outstandingReceivablesPaisa: 1n, nisabPaisa: -1n })).toThrow(RangeError);
  });
});
