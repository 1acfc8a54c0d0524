/**
 * What each state of a donation is called and how it looks, everywhere a donation shows (the receipt, the donor's
 * history): the chip's word and colour, and the receipt's sentence, in the page language. Its words are the signed-in
 * components' (components/app/words.bn.json), loaded with the pages that show them (app/pages.ts).
 */
import type { DonationReceipt } from '../../../shared/api/views';
import type { Words } from '../../lib/words';

export interface DonationStatusView {
  chip: string;
  color: 'info' | 'success' | 'warning' | 'default';
  text: string;
}

export function donationStatus(status: DonationReceipt['status'], t: Words['t']): DonationStatusView {
  switch (status) {
    case 'pledged':
      return { chip: t('Pledged'), color: 'info', text: t('Pledged — waiting for your payment; staff confirm it when the money arrives') };
    case 'confirmed':
      return { chip: t('Confirmed'), color: 'success', text: t('Confirmed — the money arrived. Thank you!') };
    case 'cancelled':
      return { chip: t('Cancelled'), color: 'default', text: t('Cancelled') };
    case 'refund_due':
      return {
        chip: t('Refund due'),
        color: 'warning',
        text: t('To be returned — the campaign did not reach its all-or-nothing goal; you will be told when the money is sent back'),
      };
    case 'refunded':
      return { chip: t('Refunded'), color: 'default', text: t('Refunded — the money was sent back to you') };
  }
}
