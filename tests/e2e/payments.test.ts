/**
 * A pledge says how to pay, and a gateway can confirm it, in a real browser: a signed-in donor pledges by mobile
 * banking and sees the instructions and the payment reference; "Pay now" opens the (local, fake) SSLCommerz page;
 * a forged callback changes nothing; the gateway's signed callback confirms the pledge, which the receipt then says,
 * and the dashboard no longer lists it as waiting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectNoPageErrors, field, screenshot, startHarness, WIDTHS, type Harness, signedInPage } from './harness';
import { apiPerson, call, seedOpenProjects, type ApiPerson } from './seed';
import { signFields, startFakeGateway } from '../server/fake-sslcommerz';

const STORE_ID = 'halalfund-test';
const STORE_PASSWORD = 'store-secret';

let h: Harness;
let gateway: Awaited<ReturnType<typeof startFakeGateway>>;
beforeAll(async () => {
  gateway = await startFakeGateway(STORE_ID, STORE_PASSWORD);
  h = await startHarness({ PAYMENT_GATEWAY: 'sslcommerz', SSLCOMMERZ_STORE_ID: STORE_ID, SSLCOMMERZ_STORE_PASSWORD: STORE_PASSWORD, SSLCOMMERZ_URL: gateway.url });
});
afterAll(async () => {
  await h?.close();
  await gateway?.close();
});

const pageAs = (who: ApiPerson, width: number) => signedInPage(h, who, width);

/** Posts the gateway's IPN callback as the gateway does (form-encoded). */
async function ipn(fields: Record<string, string>): Promise<number> {
  const res = await fetch(`${h.base}/api/v1/payments/sslcommerz/ipn`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
  return res.status;
}

describe('paying a pledge', () => {
  it('shows how to pay with a reference, opens the gateway, ignores a forged callback and confirms a signed one', async () => {
    const [projectId] = await seedOpenProjects(h, 1);
    const donor = await apiPerson(h);
    const { page } = await pageAs(donor, WIDTHS.phone);

    await page.goto(`/donate?project=${projectId}`);
    await page.getByLabel(field('Amount (৳)')).fill('2500');
    await page.getByRole('combobox', { name: field('Payment method') }).selectOption({ label: 'Mobile Banking' });
    await page.getByRole('button', { name: 'Donate' }).last().click();
    await expect.poll(() => page.getByText('Thank you for your donation').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'How to pay by Mobile Banking' }).isVisible()).toBe(true);
    const reference = (await page.getByTestId('payment-reference').textContent()) ?? '';
    expect(reference).toMatch(/^HF-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{2}$/);
    await expectAccessible(page, 'donation receipt');
    await screenshot(page, 'payment-receipt-pledged-phone');

    // The dashboard lists the unpaid pledge with its reference.
    await page.goto('/dashboard/dashboardBtn');
    await page.getByText(new RegExp(`Payment reference ${reference}`)).waitFor();

    const { items } = await call(h, 'GET', '/me/donations', donor);
    const donationId = (items as { id: string }[])[0]!.id;
    await page.goto(`/donations/receipt?id=${donationId}`);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL(`${gateway.url}/**`);
    await page.getByRole('heading', { name: 'Fake SSLCommerz checkout' }).waitFor();
    const tranId = [...gateway.sessions.keys()].find((t) => t.startsWith(reference))!;
    expect(gateway.sessions.get(tranId)).toMatchObject({ total_amount: '2500.00', currency: 'BDT' });

    // A forged callback (signed without the store password) changes nothing.
    const forged = signFields({ status: 'VALID', tran_id: tranId, val_id: 'VALFORGED', amount: '2500.00', currency: 'BDT' }, 'guessed-password');
    expect(await ipn(forged)).toBeLessThan(500);
    await page.goto(`/donations/receipt?id=${donationId}`);
    await page.getByText('Pledged', { exact: true }).first().waitFor();

    // The gateway's own signed callback, validated with its validation API, confirms it.
    expect(await ipn(gateway.pay(tranId))).toBe(200);
    await page.reload();
    await page.getByText('Confirmed', { exact: true }).first().waitFor();
    await screenshot(page, 'payment-receipt-confirmed-phone');
    await page.goto('/dashboard/dashboardBtn');
    await page.getByText(/^Welcome, /).first().waitFor();
    await expect.poll(() => page.getByText(new RegExp(`Payment reference ${reference}`)).count()).toBe(0);
    expectNoPageErrors(page);
  });
});
