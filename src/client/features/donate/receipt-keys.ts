/**
 * Receipt keys kept for the trip to the payment gateway. The gateway sends the donor back to the receipt without its
 * key (the return addresses answer anyone who names a transaction, so they never hand keys out): the key is kept in
 * this tab's session storage when Pay now leaves for the gateway, and the receipt page takes it from there.
 */
const PREFIX = 'receipt-key:';

/** Keeps a receipt's key for this tab (nothing when storage is refused, as in some private windows). */
export function rememberReceiptKey(donationId: string, key: string): void {
  try {
    sessionStorage.setItem(PREFIX + donationId, key);
  } catch {
    // The donor may then need the link from the receipt e-mail, or to sign in.
  }
}

/** The key this tab kept for a receipt, or null. */
export function rememberedReceiptKey(donationId: string): string | null {
  try {
    return sessionStorage.getItem(PREFIX + donationId);
  } catch {
    return null;
  }
}
