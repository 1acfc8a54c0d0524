/**
 * A payment method as a person reads it (the receipt, the donor's history): the API answers the value the donate form
 * stored ("Mobile Banking"), the same in every language; this says it in the page language. Its words are the
 * signed-in components' (components/app/words.bn.json). Staff pages say it with their own `methodWord`.
 */
import type { Words } from '../../lib/words';

export function paymentMethodWord(method: string, t: Words['t']): string {
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
