/**
 * The Statements page in a real browser (issue 30 §2), at 390 and 1366 px: an investor whose agreement was accepted
 * and whose first instalment was received finds Statements in the dashboard's navigation (the sidebar on a computer,
 * "More" on a phone), sees the income year under way, and downloads its PDF (a real PDF saying what the year held)
 * and its CSV (a header row, then the year's movements). Accessible, and nothing scrolls sideways.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectNoPageErrors, expectNoSidewaysScroll, screenshot, signedInPage, startHarness, type Harness } from './harness';
import { apiStaff, apiVerifiedOwner, call, fixture, type ApiPerson } from './seed';
import { pdfText } from '../server/pdf-text';
import { incomeYearOf } from '../../src/shared/domain/income-year';
import { dhakaToday } from '../../src/shared/format/dhaka-calendar';

let h: Harness;
let investor: ApiPerson;
const year = incomeYearOf(dhakaToday());

beforeAll(async () => {
  h = await startHarness();
  const staff = await apiStaff(h);
  const owner = await apiVerifiedOwner(h);
  investor = await apiVerifiedOwner(h);
  await call(h, 'PUT', '/profile', investor, { ...fixture('profile'), name: 'Farhana Akter', email: investor.email, phone: investor.phone });
  const project = await call(h, 'POST', '/projects', owner, { ...fixture('project-owner'), bname: 'Green Harvest Agro', askamu: 500000, roi: 17.7, reduration: 7, return: 'Recurring', returningTime: 1, totalDuration: 7 });
  await call(h, 'POST', `/staff/projects/${project.id}/review`, staff, { decision: 'approve' });
  const request = await call(h, 'POST', `/projects/${project.id}/agreement-requests`, investor, { ...fixture('agreement-request'), investmentAmount: 100000, investmentType: 'Halal Way' });
  await call(h, 'POST', `/agreement-requests/${request.id}/accept`, owner, { documents: [] });
  const { items } = await call(h, 'GET', `/me/repayments?agreement=${request.id}`, owner);
  const first = (items as { id: string; seq: number }[]).find((i) => i.seq === 1)!;
  await call(h, 'POST', `/instalments/${first.id}/paid`, owner, { method: 'bkash', reference: '9BD4K7QX2M' });
  await call(h, 'POST', `/instalments/${first.id}/confirm`, investor);
}, 300_000);
afterAll(() => h?.close());

describe('the Statements page', () => {
  it.each([
    ['phone', 390],
    ['desktop', 1366],
  ] as const)('on a %s: found in the navigation, lists the year, downloads its PDF and CSV', async (name, width) => {
    const { context, page } = await signedInPage(h, investor, width);
    await page.goto('/dashboard/dashboardBtn');
    if (name === 'phone') {
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'More' }).click();
      await page.getByRole('navigation', { name: 'Dashboard menu' }).getByRole('link', { name: 'Statements' }).click();
    } else {
      await page.getByRole('link', { name: 'Statements' }).first().click();
    }
    await page.waitForURL('**/dashboard/statements');
    const card = page.getByRole('region', { name: `Income year ${year}` });
    await card.getByText('Year in progress').waitFor();
    await screenshot(page, `statements-${name}`);
    await expectAccessible(page, `the Statements page on a ${name}`);
    await expectNoSidewaysScroll(page, `the Statements page on a ${name}`);

    const [pdf] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: `Download the ${year} statement as PDF` }).click()]);
    expect(pdf.suggestedFilename()).toBe(`statement-${year}.pdf`);
    const bytes = readFileSync((await pdf.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(bytes);
    for (const line of [`Statement for the income year ${year}`, 'Farhana Akter', 'Investments made', 'Instalments received', 'Green Harvest Agro', '100,000.00', '16,814.28']) expect(text, line).toContain(line);

    const [csv] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: `Download the ${year} statement as CSV` }).click()]);
    expect(csv.suggestedFilename()).toBe(`statement-${year}.csv`);
    const lines = readFileSync((await csv.path())!, 'utf8').replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Line,Section,Date,Project,Agreement,Instalment,Reference,Source,Amount (BDT),Principal (BDT),Profit (BDT)');
    expect(lines.filter((l) => l.startsWith('movement,'))).toHaveLength(2);
    expectNoPageErrors(page);
    await context.close();
  }, 180_000);
});
