/**
 * What each state of a donation is called and how it looks, everywhere a donation shows (the receipt, the donor's
 * history): the chip's word and colour, and the receipt's sentence.
 */
import type { DonationReceipt } from '../../shared/api/views';

export const DONATION_STATUS: Record<DonationReceipt['status'], { chip: string; color: 'info' | 'success' | 'warning' | 'default'; text: string }> = {
  pledged: { chip: 'Pledged', color: 'info', text: 'Pledged — waiting for your payment; staff confirm it when the money arrives' },
  confirmed: { chip: 'Confirmed', color: 'success', text: 'Confirmed — the money arrived. Thank you!' },
  cancelled: { chip: 'Cancelled', color: 'default', text: 'Cancelled' },
  refund_due: { chip: 'Refund due', color: 'warning', text: 'To be returned — the campaign did not reach its all-or-nothing goal; you will be told when the money is sent back' },
  refunded: { chip: 'Refunded', color: 'default', text: 'Refunded — the money was sent back to you' },
};
