/**
 * A donation receipt has its own address (issue 28 §5), on PGlite and PostgreSQL: the receipt key given with a
 * pledge opens it to whoever holds the link, signed in or not; the id alone, a wrong key or another donation's key
 * open nothing (404, as for a donation that does not exist); its signed-in donor reads it without the key. A receipt
 * e-mail is queued with the pledge when an address was given, with the absolute link that opens the receipt.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, json, signUpVerified, startTestApp, type TestApp } from '../helpers';
import { api, makeStaff, openProject, verifiedOwner } from '../market-helpers';
import { newReference } from '../../../src/server/modules/donations/reference';

const ORIGIN = 'https://halalfund.example';

describe.each(DB_KINDS)('donation receipts on %s', (kind) => {
  let t: TestApp;
  let project: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { publicUrl: ORIGIN });
    const staff = await makeStaff(t.app);
    project = await openProject(t.app, await verifiedOwner(t.app, staff), staff);
  });
  afterAll(() => t?.close());

  /** The receipt API as the receipt page calls it: the key (when there is one) in its header. */
  async function receipt(id: string, key?: string, who?: { auth: Record<string, string> }) {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/donations/${id}`, headers: { ...(who?.auth ?? {}), ...(key ? { 'x-receipt-key': key } : {}) } });
    return { status: res.statusCode, body: json<Record<string, unknown>>(res) };
  }
  const mailTo = async (to: string) =>
    json<{ messages: { subject: string; text: string }[] }>(await t.app.inject({ method: 'GET', url: `/api/v1/dev/mail?to=${encodeURIComponent(to)}` })).messages;

  it('opens a signed-out pledge with its link to anyone who holds it, and to nobody without it', async () => {
    const made = await api(t.app, 'POST', `/projects/${project}/donations`, null, { amount: 1200, paymentMethod: 'Bank', name: 'Rahim', email: 'rahim.receipt@example.com' });
    expect(made.status).toBe(201);
    const { id, receiptKey, reference } = made.body as { id: string; receiptKey: string; reference: string };
    // 256 random bits, URL-safe: never the id, never guessable.
    expect(receiptKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(receiptKey).not.toContain(id.replace(/-/g, ''));

    const seen = await receipt(id, receiptKey);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ id, reference, status: 'pledged', amount: '1200.00' });
    // The key opens the receipt, not the donor's contact details; nor is it ever shown again.
    expect(seen.body).not.toHaveProperty('email');
    expect(seen.body).not.toHaveProperty('receiptKey');
    expect(seen.body.data).toEqual({ amount: 1200, paymentMethod: 'Bank' });
    // Signed in as someone else, the link still works: it is the link that opens it.
    const other = await signUpVerified(t.app);
    expect((await receipt(id, receiptKey, other)).status).toBe(200);

    // The id alone, a wrong key, a key one character off, another donation's key: 404, as an unknown donation.
    const second = await api(t.app, 'POST', `/projects/${project}/donations`, null, { amount: 300, paymentMethod: 'Cash' });
    const notFound = { message: expect.stringMatching(/not found/i) };
    expect(await receipt(id)).toEqual({ status: 404, body: notFound });
    expect(await receipt(id, undefined, other)).toEqual({ status: 404, body: notFound });
    expect(await receipt(id, randomBytes(32).toString('base64url'))).toEqual({ status: 404, body: notFound });
    expect((await receipt(id, `${receiptKey.slice(0, -1)}${receiptKey.endsWith('A') ? 'B' : 'A'}`)).status).toBe(404);
    expect((await receipt(id, second.body.receiptKey as string)).status).toBe(404);
    expect((await receipt('00000000-0000-4000-8000-000000000000', receiptKey)).status).toBe(404);
    // Nor does the key open a gateway session for someone without it.
    expect((await api(t.app, 'POST', `/donations/${id}/checkout`, other)).status).toBe(404);
  });

  it('shows a signed-in donor their receipt without the key; another signed-in user gets 404', async () => {
    const donor = await signUpVerified(t.app);
    const other = await signUpVerified(t.app);
    const made = await api(t.app, 'POST', `/projects/${project}/donations`, donor, { amount: 900, paymentMethod: 'Cash', name: 'Nadia', email: 'nadia.receipt@example.com' });
    const { id, receiptKey } = made.body as { id: string; receiptKey: string };
    const own = await receipt(id, undefined, donor);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id, email: 'nadia.receipt@example.com' });
    expect((await receipt(id, undefined, other)).status).toBe(404);
    expect((await receipt(id)).status).toBe(404);
    // Its link opens it anywhere (the e-mail read on another device), without the contact details.
    const byLink = await receipt(id, receiptKey);
    expect(byLink.status).toBe(200);
    expect(byLink.body).not.toHaveProperty('email');
  });

  it('queues a receipt e-mail with the pledge when an address was given, with the link that opens the receipt', async () => {
    const email = 'karim.receipt@example.com';
    const made = await api(t.app, 'POST', `/projects/${project}/donations`, null, { amount: 2500, paymentMethod: 'Mobile Banking', email });
    const { id, receiptKey, reference } = made.body as { id: string; receiptKey: string; reference: string };
    await t.app.mail.deliver();
    const mails = await mailTo(email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`Halal Fund: your donation receipt ${reference}`);
    // What was pledged and how to pay it, so the e-mail alone is enough to pay.
    expect(mail.text).toContain('Thank you for your pledge of ৳2,500 to "Green Harvest Agro".');
    expect(mail.text).toContain(`Payment reference: ${reference}`);
    expect(mail.text).toContain('How to pay by Mobile Banking');
    expect(mail.text).toMatch(/bKash merchant number: \d+/);
    expect(mail.text).toContain('sample payment details');
    // The receipt's absolute address, which opens it.
    const links = [...mail.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
    expect(links).toEqual([`${ORIGIN}/donations/receipt?id=${id}#key=${receiptKey}`]);
    const link = new URL(links[0]!);
    const opened = await receipt(link.searchParams.get('id')!, new URLSearchParams(link.hash.slice(1)).get('key')!);
    expect(opened.status).toBe(200);
    expect(opened.body.reference).toBe(reference);
    const row = await t.app.db.selectFrom('email_outbox').select('status').where('to_email', '=', email).executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');

    // No address, no e-mail: nothing queued for that pledge.
    const before = (await t.app.db.selectFrom('email_outbox').select('id').execute()).length;
    expect((await api(t.app, 'POST', `/projects/${project}/donations`, null, { amount: 100, paymentMethod: 'Cash' })).status).toBe(201);
    expect((await t.app.db.selectFrom('email_outbox').select('id').execute()).length).toBe(before);
    // A pledge refused (bad input) records nothing and sends nothing.
    expect((await api(t.app, 'POST', `/projects/${project}/donations`, null, { amount: -5, paymentMethod: 'Cash', email: 'nobody.receipt@example.com' })).status).toBe(400);
    expect(await mailTo('nobody.receipt@example.com')).toEqual([]);
  });

  it('gives every donation a key, those written before migration 016 or by another writer too', async () => {
    const insert = () =>
      t.app.db
        .insertInto('donations')
        .values({ project_id: project, donor_id: null, status: 'pledged', data: JSON.stringify({}), amount: '10.00', payment_method: 'Cash', reference: newReference() })
        .returning('receipt_key')
        .executeTakeFirstOrThrow();
    const [a, b] = [await insert(), await insert()];
    expect(a.receipt_key).toMatch(/^[0-9a-f]{64}$/);
    expect(a.receipt_key).not.toBe(b.receipt_key);
  });
});

describe('the receipt link without PUBLIC_URL', () => {
  it("starts with this server's own address", async () => {
    const t = await startTestApp('pglite');
    try {
      const staff = await makeStaff(t.app);
      const project = await openProject(t.app, await verifiedOwner(t.app, staff), staff);
      const made = await api(t.app, 'POST', `/projects/${project}/donations`, null, { amount: 500, paymentMethod: 'Cash', email: 'local.receipt@example.com' });
      const row = await t.app.db.selectFrom('email_outbox').select('text').where('to_email', '=', 'local.receipt@example.com').executeTakeFirstOrThrow();
      expect(row.text).toContain(`http://127.0.0.1:3000/donations/receipt?id=${made.body.id}#key=${made.body.receiptKey}`);
    } finally {
      await t.close();
    }
  });
});
