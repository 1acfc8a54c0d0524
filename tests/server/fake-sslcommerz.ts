/**
 * A local SSLCommerz for the tests: a real HTTP server speaking the documented v4 protocol (session API and
 * validation API), and a signer for the IPN fields as the gateway signs them. It remembers sessions, validates each
 * val_id once as VALID and then as VALIDATED, as the real gateway does.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakePayment {
  tranId: string;
  valId: string;
  amount: string;
  currency: string;
}

const md5 = (t: string) => createHash('md5').update(t, 'utf8').digest('hex');

/** Signs fields like the gateway: md5 of sorted key=value pairs of the fields plus md5(store password). */
export function signFields(fields: Record<string, string>, storePassword: string): Record<string, string> {
  const signed: Record<string, string> = { ...fields, store_passwd: md5(storePassword) };
  const text = Object.keys(signed).sort().map((k) => `${k}=${signed[k]}`).join('&');
  return { ...fields, verify_key: Object.keys(fields).join(','), verify_sign: md5(text) };
}

export async function startFakeGateway(storeId: string, storePassword: string) {
  const sessions = new Map<string, Record<string, string>>();
  const payments = new Map<string, FakePayment & { validated: boolean }>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const send = (body: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && url.pathname === '/gwprocess/v4/api.php') {
        const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
        if (form.store_id !== storeId || form.store_passwd !== storePassword) return send({ status: 'FAILED', failedreason: 'Store Credential Error Or Store is De-active' });
        for (const k of ['total_amount', 'currency', 'tran_id', 'success_url', 'fail_url', 'cancel_url', 'cus_name', 'cus_email', 'cus_phone', 'product_name']) {
          if (!form[k]) return send({ status: 'FAILED', failedreason: `Invalid Information: ${k} is missing` });
        }
        const key = randomBytes(16).toString('hex').toUpperCase();
        sessions.set(form.tran_id!, form);
        return send({ status: 'SUCCESS', sessionkey: key, GatewayPageURL: `http://${req.headers.host}/EasyCheckOut/test${key.toLowerCase()}` });
      }
      if (req.method === 'GET' && url.pathname === '/validator/api/validationserverAPI.php') {
        const q = Object.fromEntries(url.searchParams);
        if (q.store_id !== storeId || q.store_passwd !== storePassword) return send({ status: 'INVALID_TRANSACTION', error: 'Store credential' });
        const p = payments.get(q.val_id ?? '');
        if (!p) return send({ status: 'INVALID_TRANSACTION' });
        const status = p.validated ? 'VALIDATED' : 'VALID';
        p.validated = true;
        return send({ status, tran_id: p.tranId, val_id: p.valId, amount: p.amount, store_amount: p.amount, currency: p.currency, risk_level: '0' });
      }
      if (req.method === 'GET' && url.pathname.startsWith('/EasyCheckOut/')) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end('<!doctype html><title>Fake SSLCommerz</title><h1>Fake SSLCommerz checkout</h1>');
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    sessions,
    /** The donor pays: the gateway now knows a payment and returns the IPN fields it would post, signed. */
    pay(tranId: string, overrides: Partial<FakePayment> = {}): Record<string, string> {
      const session = sessions.get(tranId);
      const p = { tranId, valId: `VAL${randomBytes(6).toString('hex')}`, amount: session?.total_amount ?? '0', currency: session?.currency ?? 'BDT', ...overrides };
      payments.set(p.valId, { ...p, validated: false });
      return signFields(
        { status: 'VALID', tran_id: p.tranId, val_id: p.valId, amount: p.amount, currency: p.currency, card_type: 'BKASH-BKash', bank_tran_id: `B${Date.now()}`, store_amount: p.amount },
        storePassword,
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
