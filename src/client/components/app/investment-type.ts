/** The way an agreement invests, as the history and the portfolio name it. */
import type { Words } from '../../lib/words';

/** The way an agreement invests (stored in English: `Halal Way`, `Bank Loan`, `Borrow`, `Donation`), as the reader reads it. */
export function investmentTypeLabel(type: string, t: Words['t']): string {
  switch (type) {
    case 'Halal Way':
      return t('Halal Way');
    case 'Bank Loan':
      return t('Bank Loan');
    case 'Borrow':
      return t('Borrow');
    case 'Donation':
      return t('Donation');
    default:
      return type;
  }
}
