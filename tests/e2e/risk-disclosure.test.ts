/**
 * Risk disclosure in a real browser (issue 31 §4), at 390 and 1366 px: an investor who has never acknowledged the
 * risk statement opens the agreement form and reads the statement inline; sending before ticking is stopped at the
 * form with a message (nothing is sent); ticking "I have read and understand the risks" records the acknowledgment,
 * and the request then goes through.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person, ROOT } from '../server/helpers';
import { expectAccessible, expectNoPageErrors, expectNoSidewaysScroll, expectToast, field, screenshot, signedInPage, startHarness, type Harness } from './harness';
import { apiPerson, apiStaff, apiVerifiedOwner, call, fixture, type ApiPerson } from './seed';

const IMAGES = join(ROOT, 'tests/fixtures/images');
const WIDTH = { phone: 390, desktop: 1366 } as const;

let h: Harness;
let staff: ApiPerson;
beforeAll(async () => {
  h = await startHarness();
  staff = await apiStaff(h);
}, 300_000);
afterAll(() => h?.close());

describe('risk disclosure in the browser', () => {
  it.each(['phone', 'desktop'] as const)('on %s: reads the statement inline, acknowledges it, then sends the request', async (width) => {
    const owner = await apiVerifiedOwner(h);
    const project = await call(h, 'POST', '/projects', owner, fixture('project-owner'));
    await call(h, 'POST', `/staff/projects/${project.id}/review`, staff, { decision: 'approve' });
    const investor = await apiPerson(h, person(), { acknowledgeRisk: false });

    const { context, page } = await signedInPage(h, investor, WIDTH[width]);
    expectNoPageErrors(page);
    await page.goto(`/investmentAgreementForm?project=${project.id}`);
    const statement = page.getByRole('region', { name: 'Investing carries risk' });
    await statement.waitFor();
    expect(await statement.textContent()).toContain('You may lose some or all of the money you invest.');
    const tick = statement.getByRole('checkbox', { name: 'I have read and understand the risks' });
    expect(await tick.isChecked()).toBe(false);

    await page.getByLabel(field('Investment date')).fill('2026-12-01');
    await page.getByRole('combobox', { name: field('Investor type') }).selectOption({ label: 'Individual' });
    await page.getByLabel(field('Investor name')).fill('Karim Ahmed');
    await page.getByLabel(field('Investor address')).fill('Gulshan 2, Dhaka');
    await page.getByLabel(field('Investment amount (৳)')).fill('50000');
    await page.getByRole('combobox', { name: field('Investment type') }).selectOption({ label: 'Halal Way' });
    await page.getByLabel(field('Description')).fill('Bank statement');
    await page.locator('input[data-field-input="root_documents_0_file"]').setInputFiles(join(IMAGES, 'nominee.jpg'));
    await page.getByRole('img', { name: /^Preview of/ }).first().waitFor();

    // Sent before ticking: stopped at the form, with the reason; nothing reaches the server.
    await page.getByRole('button', { name: 'Send agreement request' }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'Please read the risk statement above' });
    await notice.waitFor();
    expect((await call(h, 'GET', '/me/agreement-requests', investor)).items).toEqual([]);
    // The whole page from its top: the sticky header then covers nothing in the full-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `risk-statement-${width}`);
    await expectNoSidewaysScroll(page, 'the agreement form with the risk statement');
    if (width === 'desktop') await expectAccessible(page, 'agreement form with the risk statement');

    await tick.click();
    const acknowledged = page.getByTestId('risk-acknowledged');
    await acknowledged.waitFor();
    expect(await acknowledged.textContent()).toMatch(/^You acknowledged the risk statement on .+\./);
    expect(await notice.count()).toBe(0);
    const mine = await call(h, 'GET', '/me/risk-acknowledgment', investor);
    expect(mine).toMatchObject({ current: true, statement: { version: (await call(h, 'GET', '/risk-statement')).version } });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `risk-acknowledged-${width}`);

    await page.getByRole('button', { name: 'Send agreement request' }).click();
    await expectToast(page, 'Request sent');
    const sent = (await call(h, 'GET', '/me/agreement-requests', investor)).items as { amount: string; status: string }[];
    expect(sent.map((r) => [r.amount, r.status])).toEqual([['50000.00', 'pending']]);
    await context.close();
  });
});
