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

/** An audit log's action code (`project.approve`) as the record's audit trail says it; an unknown one shows its code. */
export function auditActionWord(t: Words['t'], action: string): string {
  switch (action) {
    case 'project.approve':
      return t('approved');
    case 'project.reject':
    case 'verification.reject':
      return t('rejected');
    case 'project.resubmit':
      return t('submitted again');
    case 'project.close':
      return t('closed');
    case 'project.funded':
      return t('funded');
    case 'project.shariah_review':
      return t('Shariah review recorded');
    case 'project.shariah_review_reset':
      return t('Shariah review needed again');
    case 'verification.verify':
      return t('verified');
    default:
      return action;
  }
}
