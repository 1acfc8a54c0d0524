/**
 * Paying a pledge, on PGlite and PostgreSQL: payment references, the instructions in the receipt, the staff search
 * by reference, and the SSLCommerz gateway against a local fake that speaks its protocol — a valid payment confirms
 * once; forged, replayed, unknown, wrong-amount and wrong-currency callbacks change nothing and are shown to staff.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DB_KINDS, signUpVerified, startTestApp, type TestApp } from '../helpers';
import { api, makeStaff, openProject, verifiedOwner, type Person } from '../market-helpers';
import { startFakeGateway, signFields } from '../fake-sslcommerz';
import { REFERENCE_PATTERN, withFreshReference } from '../../../src/server/modules/donations/reference';

const STORE_ID = 'halaltest0001';
const STORE_PASSWORD = 'halaltest0001@ssl';

/** A receipt's API call with its key, as the receipt page sends it. */
async function withKey(app: FastifyInstance, method: 'GET' | 'POST', id: string, key: string, suffix = '') {
  const res = await app.inject({ method, url: `/api/v1/donations/${id}${suffix}`, headers: { 'x-receipt-key': key }, ...(method === 'POST' ? { payload: {} } : {}) });
  return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON
}

async function postForm(app: FastifyInstance, url: string, fields: Record<string, string>) {
  return app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
}

describe.each(DB_KINDS)('payments on %s', (kind) => {
  let t: TestApp;
  let staff: Person;
  let project: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await makeStaff(t.app);
    project = await openProject(t.app, await verifiedOwner(t.app, staff), staff);
  });
  afterAll(() => t?.close());

  it('gives every pledge a typable reference and the method’s instructions, on the receipt and again later', async () => {
    const donor = await signUpVerified(t.app);
    const stranger = await signUpVerified(t.app);
    const made = await api(t.app, 'POST', `/projects/${project}/donations`, donor, { amount: 1500.5, paymentMethod: 'Bank', name: 'Nadia', email: 'nadia@example.com' });
    expect(made.status).toBe(201);
    expect(made.body.reference).toMatch(REFERENCE_PATTERN);
    expect(made.body.reference).not.toMatch(/[01OIL]/);
    expect(made.body.message).toContain('৳1,500.50');
    expect(made.body.message).toContain(made.body.reference);
    expect(made.body.instructions).toMatchObject({ method: 'Bank', sample: true });
    expect(made.body.instructions.details.map((d: { label: string }) => d.label)).toEqual(['Account name', 'Account number', 'Bank', 'Branch', 'Routing number']);
    expect(made.body.payOnline).toBe(false);

    const again = await api(t.app, 'GET', `/donations/${made.body.id}`, donor);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ reference: made.body.reference, amount: '1500.50', paymentMethod: 'Bank', projectTitle: 'Green Harvest Agro', email: 'nadia@example.com' });
    expect(again.body.instructions.method).toBe('Bank');
    // The stored donate form travels with the receipt, so the page shows it from its schema.
    expect(again.body.data).toEqual({ amount: 1500.5, paymentMethod: 'Bank', name: 'Nadia', email: 'nadia@example.com' });
    // Someone else's pledge made signed in: 404 to a stranger and to nobody.
    expect((await api(t.app, 'GET', `/donations/${made.body.id}`, stranger)).status).toBe(404);
    expect((await api(t.app, 'GET', `/donations/${made.body.id}`)).status).toBe(404);
    const history = await api(t.app, 'GET', '/me/donations', donor);
    expect(history.body.items[0]).toMatchObject({ id: made.body.id, reference: made.body.reference });

    // A signed-out pledge: read with its receipt key (the id alone opens nothing); no name or email shown.
    const open = await api(t.app, 'POST', `/projects/${project}/donations`, null, { amount: 700, paymentMethod: 'Mobile Banking', name: 'Rahim', email: 'rahim@example.com' });
    expect((await api(t.app, 'GET', `/donations/${open.body.id}`)).status).toBe(404);
    const seen = await withKey(t.app, 'GET', open.body.id, open.body.receiptKey);
    expect(seen.status).toBe(200);
    expect(seen.body).not.toHaveProperty('email');
    expect(seen.body.donorName).toBeNull();
    expect(seen.body.data).toEqual({ amount: 700, paymentMethod: 'Mobile Banking' });
    expect(seen.body.instructions.details.map((d: { label: string }) => d.label)).toEqual(['bKash merchant number', 'Nagad merchant number']);
    // The gateway is off by default: no Pay now, no checkout, no callback endpoint.
    expect(seen.body.payOnline).toBe(false);
    expect((await withKey(t.app, 'POST', open.body.id, open.body.receiptKey, '/checkout')).status).toBe(409);
    expect((await postForm(t.app, '/payments/sslcommerz/ipn', { tran_id: 'x' })).statusCode).toBe(404);
  });

  it('keeps references unique: the index refuses a duplicate and the insert retries with a fresh one', async () => {
    const first = await api(t.app, 'POST', `/projects/${project}/donations`, null, { amount: 100, paymentMethod: 'Cash' });
    const taken = first.body.reference as string;
    const row = await t.app.db.selectFrom('donations').selectAll().where('id', '=', first.body.id).executeTakeFirstOrThrow();
    const insert = (reference: string) =>
      t.app.db
        .insertInto('donations')
        .values({ project_id: row.project_id, donor_id: null, status: 'pledged', data: JSON.stringify({}), amount: '100.00', payment_method: 'Cash', reference })
        .returning('reference')
        .executeTakeFirstOrThrow();
    await expect(insert(taken)).rejects.toMatchObject({ code: '23505' });
    const tries = [taken, taken, 'HF-ZZZZ-ZZ'];
    const made = await withFreshReference(insert, () => tries.shift()!);
    expect(made.reference).toBe('HF-ZZZZ-ZZ');
    expect(tries).toEqual([]);
  });

  it('lets staff find a pledge by its reference, however it is typed, in any status', async () => {
    const made = await api(t.app, 'POST', `/projects/${project}/donations`, null, { amount: 250, paymentMethod: 'Cheque' });
    await api(t.app, 'POST', `/staff/donations/${made.body.id}/review`, staff, { decision: 'approve' });
    const ref = made.body.reference as string;
    const typed = ` ${ref.toLowerCase().replace(/-/g, ' ')} `;
    const found = await api(t.app, 'GET', `/staff/donations?q=${encodeURIComponent(typed)}`, staff);
    expect(found.status).toBe(200);
    expect(found.body.items).toEqual([expect.objectContaining({ id: made.body.id, reference: ref, status: 'confirmed' })]);
    expect((await api(t.app, 'GET', '/staff/donations?q=HF-2222-22', staff)).body.items).toEqual([]);
    const bad = await api(t.app, 'GET', '/staff/donations?q=HF-OO1L-00', staff);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ path: '/q', message: expect.stringContaining('HF-7K3Q-92') });
    expect((await api(t.app, 'GET', `/staff/donations?q=${ref}`, await signUpVerified(t.app))).status).toBe(403);
  });
});

describe.each(DB_KINDS)('SSLCommerz gateway on %s', (kind) => {
  let t: TestApp;
  let gateway: Awaited<ReturnType<typeof startFakeGateway>>;
  let staff: Person;
  let project: string;
  beforeAll(async () => {
    gateway = await startFakeGateway(STORE_ID, STORE_PASSWORD);
    t = await startTestApp(kind, { paymentGateway: 'sslcommerz', sslcommerz: { storeId: STORE_ID, storePassword: STORE_PASSWORD, url: gateway.url }, publicUrl: 'https://halalfund.example' });
    staff = await makeStaff(t.app);
    project = await openProject(t.app, await verifiedOwner(t.app, staff), staff);
  });
  afterAll(async () => {
    await t?.close();
    await gateway?.close();
  });

  async function pledge(amount: number, paymentMethod = 'Mobile Banking') {
    const made = await api(t.app, 'POST', `/projects/${project}/donations`, null, { amount, paymentMethod, name: 'Karim', email: 'karim@example.com' });
    expect(made.status).toBe(201);
    const pledged = made.body as { id: string; reference: string; payOnline: boolean; receiptKey: string };
    keys.set(pledged.id, pledged.receiptKey);
    return pledged;
  }
  /** Receipt keys by donation: the pledges here are made signed out. */
  const keys = new Map<string, string>();
  async function checkout(id: string) {
    const res = await withKey(t.app, 'POST', id, keys.get(id)!, '/checkout');
    expect(res.status).toBe(200);
    const tranId = [...gateway.sessions.keys()].at(-1)!;
    return { url: res.body.url as string, tranId };
  }
  const status = async (id: string) => (await withKey(t.app, 'GET', id, keys.get(id)!)).body.status as string;
  const ipn = async (fields: Record<string, string>) => {
    const res = await postForm(t.app, '/payments/sslcommerz/ipn', fields);
    expect(res.statusCode).toBe(200);
    return JSON.parse(res.body) as { outcome: string; reason: string };
  };

  it('opens a session with the documented fields and sends the browser to the gateway page', async () => {
    const p = await pledge(1200);
    expect(p.payOnline).toBe(true);
    const { url, tranId } = await checkout(p.id);
    expect(url).toMatch(new RegExp(`^${gateway.url}/EasyCheckOut/test`));
    expect(tranId.startsWith(`${p.reference}-`)).toBe(true);
    expect(gateway.sessions.get(tranId)).toMatchObject({
      store_id: STORE_ID,
      store_passwd: STORE_PASSWORD,
      total_amount: '1200.00',
      currency: 'BDT',
      success_url: 'https://halalfund.example/api/v1/payments/sslcommerz/success',
      fail_url: 'https://halalfund.example/api/v1/payments/sslcommerz/fail',
      cancel_url: 'https://halalfund.example/api/v1/payments/sslcommerz/cancel',
      ipn_url: 'https://halalfund.example/api/v1/payments/sslcommerz/ipn',
      cus_name: 'Karim',
      cus_email: 'karim@example.com',
    });
    // Methods the gateway does not serve, and amounts above its limit, get no Pay now.
    const bank = await pledge(1200, 'Bank');
    expect(bank.payOnline).toBe(false);
    expect((await withKey(t.app, 'POST', bank.id, keys.get(bank.id)!, '/checkout')).status).toBe(409);
    // Without the key, a signed-out pledge opens nothing: not its receipt, not a session.
    expect((await api(t.app, 'POST', `/donations/${p.id}/checkout`)).status).toBe(404);
  });

  it('confirms only a signed, validated payment of the exact amount; refuses forged, unknown, wrong amount and currency', async () => {
    const p = await pledge(2500.75);
    const { tranId } = await checkout(p.id);

    // Forged: a changed amount under the old signature, and a signature made with the wrong password.
    const real = gateway.pay(tranId);
    expect(await ipn({ ...real, amount: '2600.75' })).toMatchObject({ outcome: 'rejected', reason: expect.stringContaining('Signature') });
    const { verify_sign: _s, verify_key: _k, ...plain } = real;
    expect(await ipn(signFields(plain, 'not-the-password'))).toMatchObject({ outcome: 'rejected', reason: expect.stringContaining('Signature') });
    expect(await ipn(signFields({ ...plain, tran_id: 'HF-ZZZZ-ZZ-00000000' }, STORE_PASSWORD))).toMatchObject({ outcome: 'rejected', reason: expect.stringContaining('Unknown tran_id') });
    expect(await ipn(gateway.pay(tranId, { amount: '25.00' }))).toMatchObject({ outcome: 'rejected', reason: expect.stringContaining('Wrong amount') });
    expect(await ipn(gateway.pay(tranId, { currency: 'USD' }))).toMatchObject({ outcome: 'rejected', reason: expect.stringContaining('Wrong currency') });
    expect(await status(p.id)).toBe('pledged');

    // The real one confirms, by itself, audited like a staff confirmation.
    expect(await ipn(real)).toMatchObject({ outcome: 'confirmed' });
    expect(await status(p.id)).toBe('confirmed');
    const trail = await t.app.db.selectFrom('audit_log').selectAll().where('subject_id', '=', p.id).execute();
    expect(trail).toEqual([expect.objectContaining({ action: 'donation.confirm', actor_id: null, before_status: 'pledged', after_status: 'confirmed', note: expect.stringContaining(tranId) })]);

    // Replayed, and a second valid payment notice for the confirmed pledge: nothing changes.
    expect(await ipn(real)).toMatchObject({ outcome: 'unchanged', reason: expect.stringContaining('Replayed') });
    expect(await ipn(gateway.pay(tranId))).toMatchObject({ outcome: 'unchanged', reason: expect.stringContaining('already confirmed') });
    const audits = await t.app.db.selectFrom('audit_log').select('id').where('subject_id', '=', p.id).execute();
    expect(audits).toHaveLength(1);
    expect((await withKey(t.app, 'POST', p.id, keys.get(p.id)!, '/checkout')).status).toBe(409);

    // Staff see every callback, newest first, with its outcome and reason.
    const events = await api(t.app, 'GET', '/staff/gateway-events', staff);
    // A forged callback is not trusted to name its pledge: it shows by the tran_id it claimed, without a reference.
    const mine = (events.body.items as { tranId: string; reference: string | null; outcome: string }[]).filter((e) => e.tranId === tranId);
    expect(mine.map((e) => [e.outcome, e.reference])).toEqual([
      ['unchanged', p.reference],
      ['unchanged', p.reference],
      ['confirmed', p.reference],
      ['rejected', p.reference],
      ['rejected', p.reference],
      ['rejected', null],
      ['rejected', null],
    ]);
    expect((events.body.items as { tranId: string; reason: string }[]).some((e) => e.tranId === 'HF-ZZZZ-ZZ-00000000' && e.reason.includes('Unknown'))).toBe(true);
    expect((await api(t.app, 'GET', '/staff/gateway-events', await signUpVerified(t.app))).status).toBe(403);
  });

  it('tells a signed-in donor, once, when the gateway confirms their pledge', async () => {
    const donor = await signUpVerified(t.app);
    const made = await api(t.app, 'POST', `/projects/${project}/donations`, donor, { amount: 900, paymentMethod: 'Mobile Banking' });
    expect(made.status).toBe(201);
    expect((await api(t.app, 'POST', `/donations/${made.body.id}/checkout`, donor)).status).toBe(200);
    const tranId = [...gateway.sessions.keys()].at(-1)!;
    const paid = gateway.pay(tranId);
    expect(await ipn(paid)).toMatchObject({ outcome: 'confirmed' });
    expect(await ipn(paid)).toMatchObject({ outcome: 'unchanged' });
    const notices = await api(t.app, 'GET', '/me/notices', donor);
    const receipt = `/donations/receipt?id=${made.body.id}#key=${made.body.receiptKey}`;
    expect(notices.body.items).toEqual([expect.objectContaining({ kind: 'donation_confirmed', title: `Your donation ${made.body.reference} is confirmed`, link: receipt })]);
    const mail = await t.app.db.selectFrom('email_outbox').select(['to_email', 'text']).where('to_email', '=', donor.email).execute();
    expect(mail).toEqual([{ to_email: donor.email, text: expect.stringContaining(`https://halalfund.example${receipt}`) }]);
  });

  it('confirms from the donor’s return to the success URL too, then lands on the receipt; a cancel changes nothing', async () => {
    const p = await pledge(900);
    const { tranId } = await checkout(p.id);
    const cancelled = await postForm(t.app, '/payments/sslcommerz/cancel', { tran_id: tranId, status: 'CANCELLED' });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`/donations/receipt?id=${p.id}&payment=cancel`);
    expect(await status(p.id)).toBe('pledged');

    const fields = gateway.pay(tranId);
    const back = await postForm(t.app, '/payments/sslcommerz/success', fields);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/donations/receipt?id=${p.id}&payment=success`);
    expect(await status(p.id)).toBe('confirmed');
    // The IPN arriving after the browser changes nothing more.
    expect(await ipn(fields)).toMatchObject({ outcome: 'unchanged' });
    const raised = await api(t.app, 'GET', `/projects/${project}`);
    expect(raised.status).toBe(200);
  });
});
