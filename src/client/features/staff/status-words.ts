/**
 * The statuses the staff API answers with ('pending_review', 'pledged', …), said in the page's language where a
 * person reads them: the API keeps its codes, the screens say words.
 */
import type { Words } from '../../lib/words';

export function statusWord(t: Words['t'], status: string): string {
  switch (status) {
    case 'submitted':
      return t('waiting for review');
    case 'verified':
      return t('verified');
    case 'rejected':
      return t('rejected');
    case 'pending_review':
      return t('waiting for review');
    case 'open':
      return t('open');
    case 'funded':
      return t('funded');
    case 'closed':
      return t('closed');
    case 'pledged':
      return t('pledged');
    case 'confirmed':
      return t('confirmed');
    case 'cancelled':
      return t('cancelled');
    case 'refund_due':
      return t('refund due');
    case 'refunded':
      return t('refunded');
    default:
      return status.replace(/_/g, ' ');
  }
}

/** A payment method of the donate form (the stored value stays English). */
export function methodWord(t: Words['t'], method: string): string {
  switch (method) {
    case 'Mobile Banking':
      return t('Mobile Banking');
    case 'Bank':
      return t('Bank');
    case 'Cash':
      return t('Cash');
    case 'Cheque':
      return t('Cheque');
    case 'Card':
      return t('Card');
    default:
      return method;
  }
}
