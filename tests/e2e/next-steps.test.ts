/**
 * One clear path from a project page, and the dashboard that says what needs you, in a real browser at phone and
 * desktop widths: the investor reads the three choices, opens "Invest in this project", sees the project's terms and
 * a repayment preview as the amount is typed (the form prefilled from the profile), sends the request; the owner's
 * dashboard lists the proposal, the owner accepts it and lands on that agreement's schedule; the investor's dashboard
 * then lists the acceptance.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ROOT } from '../server/helpers';
import { expectAccessible, expectNoPageErrors, expectToast, field, screenshot, startHarness, type Harness, signedInPage } from './harness';
import { apiStaff, apiVerifiedOwner, call, type ApiPerson } from './seed';

const IMAGES = join(ROOT, 'tests/fixtures/images');
const fixture = (id: string) => JSON.parse(readFileSync(join(ROOT, `tests/fixtures/forms/${id}.valid.json`), 'utf8'));
const DESKTOP = 1366;
const PHONE = 390;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const pageAs = (who: ApiPerson, width: number) => signedInPage(h, who, width);

async function closeDialog(page: Page, title: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('investing from a project page, and what needs you', () => {
  it('previews the schedule, sends the request, and walks both dashboards through the decision', async () => {
    const staff = await apiStaff(h);
    const owner = await apiVerifiedOwner(h);
    await call(h, 'PUT', '/profile', owner, { ...fixture('profile'), name: 'Rahim Uddin' });
    const created = await call(h, 'POST', '/projects', owner, fixture('project-owner'));
    await call(h, 'POST', `/staff/projects/${created.id}/review`, staff, { decision: 'approve' });
    const projectId = created.id as string;
    const investor = await apiVerifiedOwner(h);
    await call(h, 'PUT', '/profile', investor, { ...fixture('profile'), name: 'Karim Ahmed' });

    // —— The project page: three choices, each explained.
    for (const width of [PHONE, DESKTOP]) {
      const { page, context } = await pageAs(investor, width);
      await page.goto(`/projectDetails?id=${projectId}`);
      await page.getByRole('heading', { name: 'Green Harvest Agro' }).waitFor();
      const choices = page.getByRole('list', { name: 'Ways to take part' });
      expect(await choices.textContent()).toContain('A formal agreement request: the owner accepts it');
      expect(await choices.textContent()).toContain('A standing offer');
      expect(await choices.textContent()).toContain('A gift to the project');
      await screenshot(page, `project-page-${width}`);
      if (width === DESKTOP) await expectAccessible(page, 'project page choices');
      expectNoPageErrors(page);
      await context.close();
    }

    // —— The agreement request: the project at the top, prefilled from the profile, the preview as the amount is typed.
    for (const width of [PHONE, DESKTOP]) {
      const { page, context } = await pageAs(investor, width);
      await page.goto(`/projectDetails?id=${projectId}`);
      await page.getByRole('link', { name: 'Invest in this project' }).click();
      await page.waitForURL('**/investmentAgreementForm?project=*');
      const panel = page.getByRole('region', { name: 'Green Harvest Agro' });
      await panel.waitFor();
      expect(await panel.textContent()).toContain('17.70 % per year');
      await expect.poll(() => page.getByLabel(field('Investor name')).inputValue()).toBe('Karim Ahmed');
      expect(await page.getByLabel(field('Investor address')).inputValue()).toBe(fixture('verification').address);
      await page.getByLabel(field('Investment amount (৳)')).fill('100000');
      const preview = panel.getByRole('table', { name: 'Repayment preview' });
      await expect.poll(() => preview.getByRole('row').count()).toBe(5);
      expect(await panel.textContent()).toContain('you would receive ৳1,17,700 in all');
      expect(await preview.textContent()).toContain('৳29,425');
      await screenshot(page, `agreement-preview-${width}`);
      if (width === DESKTOP) {
        await expectAccessible(page, 'agreement request with preview');
        await page.getByLabel(field('Investment date')).fill('2026-12-01');
        await page.getByRole('combobox', { name: field('Investor type') }).selectOption({ label: 'Individual' });
        await page.getByRole('combobox', { name: field('Investment type') }).selectOption({ label: 'Halal Way' });
        await page.getByLabel(field('Description')).fill('Bank statement');
        await page.locator('input[data-field-input="root_documents_0_file"]').setInputFiles(join(IMAGES, 'nominee.jpg'));
        await page.getByRole('img', { name: /^Preview of/ }).first().waitFor();
        await page.getByRole('button', { name: 'Send agreement request' }).click();
        await expectToast(page, 'Request sent');
      }
      expectNoPageErrors(page);
      await context.close();
    }

    // —— The owner's dashboard lists the proposal; its link leads to the decision; accepting lands on the schedule.
    const { page: ownerPage } = await pageAs(owner, DESKTOP);
    await ownerPage.goto('/dashboard/dashboardBtn');
    await ownerPage.getByText('Welcome, Rahim Uddin.').waitFor();
    const needs = ownerPage.getByRole('list', { name: 'What needs you' });
    await needs.getByRole('link', { name: /1 agreement request to decide on “Green Harvest Agro”/ }).waitFor();
    await screenshot(ownerPage, `dashboard-owner-${DESKTOP}`);
    const { page: ownerPhone, context: ownerPhoneContext } = await pageAs(owner, PHONE);
    await ownerPhone.goto('/dashboard/dashboardBtn');
    await ownerPhone.getByRole('list', { name: 'What needs you' }).waitFor();
    await screenshot(ownerPhone, `dashboard-owner-${PHONE}`);
    await ownerPhoneContext.close();

    await needs.getByRole('link', { name: /agreement request to decide/ }).click();
    await ownerPage.waitForURL(`**/agreementRequest?project=${projectId}`);
    await ownerPage.getByRole('link', { name: 'Accept the request of Karim Ahmed' }).click();
    // Documents are optional evidence (the agreement itself is made at acceptance): add one to attach it.
    await ownerPage.getByRole('button', { name: 'Add document' }).click();
    await ownerPage.getByLabel(field('Description')).fill('Signed Murabaha agreement');
    await ownerPage.locator('input[data-field-input="root_documents_0_file"]').setInputFiles(join(IMAGES, 'id-card.png'));
    await ownerPage.getByRole('img', { name: /^Preview of/ }).first().waitFor();
    await ownerPage.getByRole('button', { name: 'Accept agreement' }).click();
    await closeDialog(ownerPage, 'Agreement accepted');
    await ownerPage.waitForURL('**/dashboard/returns?view=repayments&agreement=*');
    await ownerPage.getByText(/The schedule of the agreement with Karim Ahmed: 4 instalments of ৳1,17,700 in all/).waitFor();
    expect(await ownerPage.getByRole('tab', { name: 'My repayments' }).getAttribute('aria-selected')).toBe('true');
    await screenshot(ownerPage, `returns-after-accept-${DESKTOP}`);
    expectNoPageErrors(ownerPage);

    // —— The investor's dashboard tells of the acceptance.
    for (const width of [PHONE, DESKTOP]) {
      const { page, context } = await pageAs(investor, width);
      await page.goto('/dashboard/dashboardBtn');
      await page.getByRole('link', { name: /“Green Harvest Agro” accepted your agreement request of ৳1,00,000/ }).waitFor();
      await screenshot(page, `dashboard-investor-${width}`);
      if (width === DESKTOP) await expectAccessible(page, 'dashboard with next steps');
      expectNoPageErrors(page);
      await context.close();
    }
  });
});
