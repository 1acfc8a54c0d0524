/**
 * SSLCommerz hosted checkout (API v4): create a session, check an IPN's signature, and ask the gateway's
 * validation API about a payment. Endpoints relative to SSLCOMMERZ_URL (sandbox or live base):
 * - POST /gwprocess/v4/api.php (form-encoded) → { status: 'SUCCESS', sessionkey, GatewayPageURL } or { status: 'FAILED', failedreason }
 * - GET /validator/api/validationserverAPI.php?val_id&store_id&store_passwd&v=1&format=json → { status: 'VALID' | 'VALIDATED' | 'INVALID_TRANSACTION', tran_id, amount, currency, … }
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export interface SslcommerzSettings {
  storeId: string;
  storePassword: string;
  url: string;
}

export interface SessionRequest {
  tranId: string;
  amount: string;
  currency: 'BDT';
  successUrl: string;
  failUrl: string;
  cancelUrl: string;
  ipnUrl: string;
  productName: string;
  customer: { name: string; email: string; phone: string };
}

export interface ValidationAnswer {
  status: string;
  tran_id?: string;
  val_id?: string;
  amount?: string;
  currency?: string;
  [field: string]: unknown;
}

export class GatewayError extends Error {}

const TIMEOUT_MS = 15_000;

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** Opens a checkout session; resolves with the page to send the donor to. */
export async function createSession(s: SslcommerzSettings, r: SessionRequest): Promise<{ sessionKey: string; pageUrl: string }> {
  const form = new URLSearchParams({
    store_id: s.storeId,
    store_passwd: s.storePassword,
    total_amount: r.amount,
    currency: r.currency,
    tran_id: r.tranId,
    success_url: r.successUrl,
    fail_url: r.failUrl,
    cancel_url: r.cancelUrl,
    ipn_url: r.ipnUrl,
    shipping_method: 'NO',
    num_of_item: '1',
    product_name: r.productName.slice(0, 255),
    product_category: 'Donation',
    product_profile: 'non-physical-goods',
    cus_name: r.customer.name,
    cus_email: r.customer.email,
    cus_phone: r.customer.phone,
    cus_add1: 'Not collected',
    cus_city: 'Dhaka',
    cus_country: 'Bangladesh',
  });
  let answer: Record<string, unknown>;
  try {
    const res = await fetch(`${s.url}/gwprocess/v4/api.php`, { method: 'POST', body: form, signal: AbortSignal.timeout(TIMEOUT_MS) });
    answer = (await res.json()) as Record<string, unknown>;
  } catch (err) {
    throw new GatewayError(`the payment gateway did not answer (${(err as Error).message})`);
  }
  const pageUrl = answer.GatewayPageURL;
  if (answer.status !== 'SUCCESS' || typeof pageUrl !== 'string' || !/^https?:\/\//.test(pageUrl)) {
    throw new GatewayError(`the payment gateway refused the session: ${String(answer.failedreason ?? answer.status ?? 'no reason given')}`);
  }
  return { sessionKey: String(answer.sessionkey ?? ''), pageUrl };
}

/**
 * The IPN signature as SSLCommerz documents it: md5 of `key=value&…` over the fields named in verify_key plus
 * `store_passwd` = md5(store password), keys sorted. True only when it matches verify_sign.
 */
export function signatureValid(fields: Record<string, string>, storePassword: string): boolean {
  const { verify_sign: sign, verify_key: keys } = fields;
  if (!sign || !keys) return false;
  const signed: Record<string, string> = { store_passwd: md5(storePassword) };
  for (const key of keys.split(',')) {
    if (key in fields) signed[key] = fields[key]!;
  }
  // A verify_key that leaves out what we rely on would let those fields be changed freely.
  if (!['tran_id', 'val_id', 'amount', 'currency', 'status'].every((k) => k in signed)) return false;
  const text = Object.keys(signed)
    .sort()
    .map((k) => `${k}=${signed[k]}`)
    .join('&');
  const expected = Buffer.from(md5(text));
  const given = Buffer.from(sign.toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Asks the gateway's validation API about a payment. */
export async function validatePayment(s: SslcommerzSettings, valId: string): Promise<ValidationAnswer> {
  const query = new URLSearchParams({ val_id: valId, store_id: s.storeId, store_passwd: s.storePassword, v: '1', format: 'json' });
  try {
    const res = await fetch(`${s.url}/validator/api/validationserverAPI.php?${query}`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    const answer = (await res.json()) as ValidationAnswer;
    return { ...answer, status: String(answer.status ?? 'NO_STATUS') };
  } catch (err) {
    throw new GatewayError(`the payment gateway's validation API did not answer (${(err as Error).message})`);
  }
}
