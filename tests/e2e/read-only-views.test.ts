/**
 * Stored answers in a real browser are shown from their schemas: the staff review panes and a project page show
 * field titles and ৳ amounts, never raw keys or bare numbers, at 390 and 1366 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, expectNoPageErrors, screenshot, signedInPage, startHarness, type Harness } from './harness';
import { apiPerson, apiStaff, apiVerifiedOwner, call, fixture, type ApiPerson } from './seed';

const WIDTHS = [390, 1366] as const;
const RAW_KEYS = ['askamu', 'reduration', 'returningTime', 'totalDuration', 'minInvestment', 'bookingDate', 'nidfImage'];

let h: Harness;
let staff: ApiPerson;
let projectId: string;
let owner: ApiPerson;
beforeAll(async () => {
  h = await startHarness();
  staff = await apiStaff(h);
  owner = await apiVerifiedOwner(h);
  // One verification waits for staff, one project waits for review (made through the API as people would).
  await call(h, 'PUT', '/profile/verification', await apiPerson(h), fixture('verification'));
  projectId = (await call(h, 'POST', '/projects', owner, { ...fixture('project-owner'), bname: 'Read-only Farm' })).id as string;
}, 300_000);
afterAll(() => h?.close());

/** The visible text of the page's main content. */
const mainText = (page: Page) => page.locator('main').innerText();

/** The dd that follows the dt with this exact text. */
const valueOf = (page: Page, title: string) => page.locator('dt', { hasText: new RegExp(`^${title.replace(/[()৳]/g, '\\$&')}$`) }).first().locator('xpath=following-sibling::dd[1]');

describe('read-only views from the schema', () => {
  it('the staff project pane shows titles, groups, ৳ amounts and the Recurring fields the project took', async () => {
    for (const width of WIDTHS) {
      const { context, page } = await signedInPage(h, staff, width);
      await page.goto('/dashboard/staff/projects');
      await page.getByRole('button', { name: /Read-only Farm/ }).click();
      await page.getByRole('region', { name: 'Business Information' }).waitFor();
      expect(await valueOf(page, 'Asking amount (৳)').innerText()).toBe('৳30,00,000');
      expect(await valueOf(page, 'Monthly revenue (৳)').innerText()).toBe('৳2,50,000');
      expect(await valueOf(page, 'Repayment every (months)').innerText()).toBe('3');
      // In its readable form once the phone rules have loaded (a view loads them only when it shows a phone).
      await expect.poll(() => valueOf(page, 'Phone Number').innerText()).toBe('+880 1712-345678');
      // Drawn with the titles of the version it was submitted with, which staff see.
      await page.getByText('Submitted with version 1').waitFor();
      await page.getByRole('region', { name: 'Additional Information' }).getByText('Facebook', { exact: true }).waitFor();
      const text = await mainText(page);
      for (const raw of RAW_KEYS) expect(text).not.toContain(raw);
      expect(text).not.toContain('3000000');
      await expectAccessible(page, `staff project pane at ${width}`);
      await screenshot(page, `read-only-staff-project-${width}`);
      expectNoPageErrors(page);
      await context.close();
    }
  });

  it('the staff verification pane shows the date of birth in the one style and the images as thumbnails that open', async () => {
    for (const width of WIDTHS) {
      const { context, page } = await signedInPage(h, staff, width);
      await page.goto('/dashboard/staff/verifications');
      await page.locator('[aria-label="Submissions"]').getByRole('button').first().click();
      await page.getByRole('region', { name: 'About you' }).waitFor();
      expect(await valueOf(page, 'Date of birth').innerText()).toBe('17 May 1990');
      const thumb = page.getByRole('link', { name: 'National ID image (opens the full image)' });
      await expect.poll(async () => (await thumb.getAttribute('href')) ?? '').toMatch(/^blob:/);
      expect(await thumb.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const text = await mainText(page);
      for (const raw of RAW_KEYS) expect(text).not.toContain(raw);
      expect(text).not.toContain('1990-05-17');
      await screenshot(page, `read-only-staff-verification-${width}`);
      expectNoPageErrors(page);
      await context.close();
    }
  });

  it('a project page shows its public details from the schema, without the private ones', async () => {
    await call(h, 'POST', `/staff/projects/${projectId}/review`, staff, { decision: 'approve' });
    for (const width of WIDTHS) {
      const { context, page } = await signedInPage(h, null, width);
      await page.goto(`/projectDetails?id=${projectId}`);
      const details = page.getByRole('region', { name: 'Project details' });
      await details.getByRole('region', { name: 'Business Information' }).waitFor();
      expect(await valueOf(page, 'Asking amount (৳)').innerText()).toBe('৳30,00,000');
      expect(await valueOf(page, 'Repayment duration (months)').innerText()).toBe('12');
      expect(await valueOf(page, 'Business plan').innerText()).toBe('Expand organic vegetable farming to 20 acres.');
      const text = await details.innerText();
      for (const raw of RAW_KEYS) expect(text).not.toContain(raw);
      // Bank details and tax numbers are not public: the server leaves them out, so the view has nothing to show.
      expect(text).not.toContain('Account number');
      expect(text).not.toContain('0123456789012');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectAccessible(page, `project page at ${width}`);
      await screenshot(page, `read-only-project-page-${width}`);
      expectNoPageErrors(page);
      await context.close();
    }
  });

  it('the profile, a proposal card and a donation receipt show their forms from the schema', async () => {
    const open = (await call(h, 'POST', '/projects', owner, { ...fixture('project-owner'), bname: 'Card Farm' })).id as string;
    await call(h, 'POST', `/staff/projects/${open}/review`, staff, { decision: 'approve' });
    await call(h, 'PUT', '/profile', owner, fixture('profile'));
    const investor = await apiPerson(h);
    await call(h, 'POST', `/projects/${open}/agreement-requests`, investor, fixture('agreement-request'));
    const pledge = await call(h, 'POST', `/projects/${open}/donations`, investor, fixture('donate'));
    for (const width of WIDTHS) {
      const asOwner = await signedInPage(h, owner, width);
      await asOwner.page.goto('/dashboard/profile');
      await expect.poll(() => valueOf(asOwner.page, 'Phone Number').innerText()).toBe('+880 1712-345678');
      expect(await valueOf(asOwner.page, 'Full name').innerText()).toBe('Rahim Uddin');
      await screenshot(asOwner.page, `read-only-profile-${width}`);

      await asOwner.page.goto(`/agreementRequest?project=${open}`);
      expect(await valueOf(asOwner.page, 'Investment date').innerText()).toBe('1 Dec 2026');
      expect(await valueOf(asOwner.page, 'Investment type').innerText()).toBe('Halal Way');
      await asOwner.page.getByRole('link', { name: 'Document 1: File (opens the full image)' }).waitFor();
      expect(await asOwner.page.locator('main').innerText()).not.toContain('investDate');
      await expectAccessible(asOwner.page, `proposal cards at ${width}`);
      await screenshot(asOwner.page, `read-only-proposals-${width}`);
      expectNoPageErrors(asOwner.page);
      await asOwner.context.close();

      const asInvestor = await signedInPage(h, investor, width);
      await asInvestor.page.goto(`/donations/receipt?id=${pledge.id}`);
      expect(await valueOf(asInvestor.page, 'Amount (৳)').innerText()).toBe('৳5,000');
      expect(await valueOf(asInvestor.page, 'Donate anonymously').innerText()).toBe('No');
      await screenshot(asInvestor.page, `read-only-receipt-${width}`);
      expectNoPageErrors(asInvestor.page);
      await asInvestor.context.close();
    }
  });
});
