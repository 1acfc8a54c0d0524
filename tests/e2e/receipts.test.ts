/**
 * A donation receipt keeps its own address (issue 28 §5), in a real browser at 390 and 1366 px: a signed-out donor
 * pledges and lands on the receipt's address (the form's history entry replaced, so Back leaves without pledging
 * again), reloads and still has the receipt and its reference, and opens the link of the receipt e-mail in another
 * browser; a link with a wrong key shows nothing of it. Unknown addresses (issue 28 §4) show the not-found page,
 * with status 404 when loaded, and client-side when reached inside the app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, expectNoPageErrors, expectNoSidewaysScroll, field, newPage, screenshot, startHarness, usePage, type Harness } from './harness';
import { seedOpenProjects } from './seed';

let h: Harness;
let projectId: string;
beforeAll(async () => {
  h = await startHarness();
  projectId = (await seedOpenProjects(h, 1))[0]!;
});
afterAll(async () => {
  await h?.close();
});

const WIDTHS = { phone: 390, desktop: 1366 } as const;

/** The e-mails the outbox holds for an address, newest first. */
async function mailTo(address: string): Promise<{ subject: string; text: string }[]> {
  const res = await fetch(`${h.base}/api/v1/dev/mail?to=${encodeURIComponent(address)}`);
  return ((await res.json()) as { messages: { subject: string; text: string }[] }).messages;
}

/** The receipt's answer from the API while the page loads (proof it came from the server, not the history state). */
function receiptAnswer(page: Page, id: string) {
  return page.waitForResponse((r) => new URL(r.url()).pathname === `/api/v1/donations/${id}` && r.request().method() === 'GET');
}

describe.each(Object.entries(WIDTHS))('a donation receipt at %s width', (name, width) => {
  it('lands on its own address, survives a reload, opens from the e-mail, and not with a wrong key', async () => {
    const email = `receipt.${name}.${Date.now()}@example.com`;
    const { page } = await newPage(h, width);
    await page.goto(`/projectDetails?id=${projectId}`);
    await page.goto(`/donate?project=${projectId}`);
    await page.getByLabel(field('Amount (৳)')).fill('2500');
    await page.getByRole('combobox', { name: field('Payment method') }).selectOption({ label: 'Mobile Banking' });
    await page.locator('#root_email').fill(email);
    await page.getByRole('button', { name: 'Donate' }).last().click();

    // The receipt's own address: the id, and the key in the fragment.
    await page.waitForURL(/\/donations\/receipt\?id=[0-9a-f-]{36}#key=[A-Za-z0-9_-]{43}$/);
    const address = new URL(page.url());
    const id = address.searchParams.get('id')!;
    await page.getByRole('heading', { name: 'Thank you for your donation' }).waitFor();
    // The receipt starts at its top (the form was scrolled down to its Donate button).
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    const reference = (await page.getByTestId('payment-reference').textContent()) ?? '';
    expect(reference).toMatch(/^HF-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{2}$/);
    expect(await page.getByText(`A copy of this receipt, with its link, is on its way to ${email}.`).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'How to pay by Mobile Banking' }).isVisible()).toBe(true);
    await expectNoSidewaysScroll(page, `receipt at ${width}`);
    await expectAccessible(page, `donation receipt at ${width}`);
    await screenshot(page, `receipt-after-pledge-${name}`);

    // A reload: the same address shows the receipt again, asked of the server.
    const answer = receiptAnswer(page, id);
    await page.reload();
    expect((await answer).status()).toBe(200);
    await expect.poll(() => page.getByTestId('payment-reference').textContent()).toBe(reference);
    expect(page.url()).toBe(address.href);
    await screenshot(page, `receipt-after-reload-${name}`);

    // Back leaves for the project page (the form's entry was replaced): nothing is pledged twice.
    await page.goBack();
    await page.waitForURL(`**/projectDetails?id=${projectId}`);
    await page.goForward();
    await page.waitForURL(/\/donations\/receipt\?/);
    await expect.poll(() => page.getByTestId('payment-reference').textContent()).toBe(reference);
    expectNoPageErrors(page);

    // The receipt e-mail, one for one pledge, carries the address; another browser (no history, not signed in) opens it.
    const mails = await mailTo(email);
    expect(mails.map((m) => m.subject)).toEqual([`Halal Fund: your donation receipt ${reference}`]);
    const link = /https?:\/\/\S+/.exec(mails[0]!.text)![0];
    expect(new URL(link).pathname + new URL(link).search + new URL(link).hash).toBe(address.pathname + address.search + address.hash);
    const elsewhere = await newPage(h, width);
    const opened = receiptAnswer(elsewhere.page, id);
    await elsewhere.page.goto(address.pathname + address.search + address.hash);
    expect((await opened).status()).toBe(200);
    await elsewhere.page.getByRole('heading', { name: /^Your donation to / }).waitFor();
    expect(await elsewhere.page.getByTestId('payment-reference').textContent()).toBe(reference);
    await screenshot(elsewhere.page, `receipt-from-email-${name}`);

    // The id with a wrong key, or without a key: nothing of the receipt.
    await elsewhere.page.goto(`${address.pathname}${address.search}#key=${'A'.repeat(43)}`);
    await elsewhere.page.getByText('This receipt cannot be shown').waitFor();
    expect(await elsewhere.page.getByTestId('payment-reference').count()).toBe(0);
    await elsewhere.page.goto(`${address.pathname}${address.search}`);
    await elsewhere.page.getByText('Sign in as the donor to see it, or open the link from its receipt e-mail.').waitFor();
    expect(await elsewhere.page.getByRole('link', { name: 'Sign in' }).last().isVisible()).toBe(true);
    await screenshot(elsewhere.page, `receipt-without-key-${name}`);
    expectNoPageErrors(elsewhere.page);
    await elsewhere.context.close();
  });
});

describe('the not-found page', () => {
  it('answers an unknown address 404 with the page, and shows it when the app is led there', async () => {
    const { page } = await newPage(h, WIDTHS.phone);
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.title()).toMatch(/^Page not found · /);
    // Its code takes it over (hydration, no mismatch) and its links work inside the app.
    await usePage(page);
    await page.getByRole('link', { name: 'Browse projects' }).click();
    await page.waitForURL('**/projects');

    // Inside the app: an address no screen has, reached without a page load.
    await page.evaluate(() => {
      history.pushState(null, '', '/projects/old-style-link');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await screenshot(page, 'not-found-in-app-phone');

    // A project that is not there: 404, the same page, hydrated as it was drawn.
    const missing = await page.goto('/projectDetails?id=00000000-0000-4000-8000-000000000000');
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await usePage(page);
    expect(await page.getByRole('heading', { name: 'Page not found' }).isVisible()).toBe(true);
    await screenshot(page, 'not-found-project-phone');
    expect(consoleErrors.filter((e) => /hydrat|did not match/i.test(e))).toEqual([]);
    expectNoPageErrors(page);
  });
});
