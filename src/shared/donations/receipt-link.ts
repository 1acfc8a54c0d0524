/**
 * A donation receipt's own address, shared by the server (the receipt e-mail, the return from the payment gateway)
 * and the browser (where a pledge lands). The id names the donation; the key, a random secret of the donation
 * (migration 016), opens it to whoever holds the link. The key travels in the fragment (`#key=`), which browsers never
 * send to a server: it stays out of request lines, access logs and Referer headers; the page hands it to the API in
 * the `x-receipt-key` header.
 */

/** The request header that carries a receipt key to the API. */
export const RECEIPT_KEY_HEADER = 'x-receipt-key';

/** The receipt's path in the site: `/donations/receipt?id=…`, with `#key=…` when the key is given. */
export function receiptPath(id: string, key?: string, query: Record<string, string> = {}): string {
  const search = new URLSearchParams({ id, ...query }).toString();
  return `/donations/receipt?${search}${key ? `#key=${encodeURIComponent(key)}` : ''}`;
}

/** The key in a receipt address's fragment (`#key=…`), or null. */
export function receiptKeyFromHash(hash: string): string | null {
  const key = new URLSearchParams(hash.replace(/^#/, '')).get('key');
  return key && /^[A-Za-z0-9_-]{20,200}$/.test(key) ? key : null;
}
