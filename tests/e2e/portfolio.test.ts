/**
 * The portfolio in a real browser (issue 30 §1, §4): an investor with two accepted agreements, one with a confirmed
 * instalment, opens Portfolio from the dashboard's navigation on a phone (390 px) and on a desktop (1366 px) and sees
 * the totals, the XIRR as a percentage (and "not available yet" for the return to date, all the money having moved
 * today), the chart with its table, the agreements and the zakat estimate; the owner sees what they owe next.
 * Screenshots of each to look at.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectNoPageErrors, expectNoSidewaysScroll, screenshot, signedInPage, startHarness, type Harness } from './harness';
import { apiPerson, apiStaff, apiVerifiedOwner, call, fixture, type ApiPerson } from './seed';

const PHONE = 390;
const DESKTOP = 1366;

let h: Harness;
let owner: ApiPerson;
let investor: ApiPerson;
beforeAll(async () => {
  h = await startHarness({ ZAKAT_NISAB_BDT: '100000' });
  const staff = await apiStaff(h);
  owner = await apiVerifiedOwner(h);
  investor = await apiPerson(h);
  const onTime = { ...fixture('project-owner'), bname: 'Riverside Bakery', return: 'On-time', reduration: 6, roi: 9 };
  delete onTime.returningTime;
  delete onTime.totalDuration;
  const agreements: string[] = [];
  // 100,000 at 17.70 % every 3 months over 12 (four of 29,425), and 50,000 at 9 % on time after 6 months (54,500).
  for (const [form, amount] of [
    [fixture('project-owner'), 100_000],
    [onTime, 50_000],
  ] as const) {
    const project = await call(h, 'POST', '/projects', owner, form);
    await call(h, 'POST', `/staff/projects/${project.id}/review`, staff, { decision: 'approve' });
    const request = await call(h, 'POST', `/projects/${project.id}/agreement-requests`, investor, { ...fixture('agreement-request'), investmentAmount: amount });
    await call(h, 'POST', `/agreement-requests/${request.id}/accept`, owner, fixture('agreement-accept'));
    agreements.push(request.id as string);
  }
  const first = ((await call(h, 'GET', `/me/returns?agreement=${agreements[0]}`, investor)).items as { id: string; seq: number }[]).find((i) => i.seq === 1)!;
  await call(h, 'POST', `/instalments/${first.id}/paid`, owner, { method: 'cash' });
  await call(h, 'POST', `/instalments/${first.id}/confirm`, investor);
}, 300_000);
afterAll(() => h?.close());

describe.each([PHONE, DESKTOP])('the portfolio at %i px', (width) => {
  it('shows the investor the totals, the XIRR, the chart, the agreements and the zakat estimate', async () => {
    const { page, context } = await signedInPage(h, investor, width);
    await page.goto('/dashboard/dashboardBtn');
    // From the dashboard's navigation: the sidebar on a desktop, the "More" drawer on a phone.
    if (width === PHONE) await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'More' }).click();
    await page.getByRole('navigation', { name: width === PHONE ? 'Dashboard menu' : 'Dashboard' }).getByRole('link', { name: 'Portfolio' }).click();
    await page.waitForURL('**/dashboard/portfolio');

    const totals = page.getByRole('list', { name: 'Portfolio totals' });
    await totals.waitFor();
    const tiles = await totals.getByRole('listitem').allTextContents();
    expect(tiles[0]).toMatch(/^Invested৳1,50,000/);
    expect(tiles[1]).toMatch(/^Received৳29,425/);
    expect(tiles[2]).toMatch(/^Outstanding৳1,42,775/);
    expect(tiles[3]).toMatch(/^Overdue৳0/);
    expect(tiles[4]).toMatch(/^Profit received৳4,425/);
    const rates = page.getByRole('list', { name: 'Annualised return' });
    expect(await rates.getByRole('listitem').first().textContent()).toMatch(/^Expected return \(XIRR\)\d+\.\d\d % a year/);
    expect(await rates.getByRole('listitem').nth(1).textContent()).toContain('Not available yet: so far all the money moved on one day.');

    await page.getByRole('img', { name: /^Money out and back by month/ }).waitFor();
    await page.getByText('The figures as a table').click();
    const table = page.getByRole('table', { name: 'Money out and back by month' });
    expect(await table.getByRole('row').count()).toBeGreaterThanOrEqual(3); // this month (out and back), the later months

    const cards = page.getByRole('list', { name: 'Your agreements' }).getByRole('listitem');
    expect(await cards.count()).toBe(2);
    const greenHarvest = page.getByRole('listitem', { name: 'Green Harvest Agro' });
    expect(await greenHarvest.textContent()).toContain('Received৳29,425 of ৳1,17,700 (1 of 4)');
    expect(await greenHarvest.textContent()).toMatch(/Expected XIRR\d+\.\d\d % a year/);
    expect(await page.getByRole('listitem', { name: 'Riverside Bakery' }).textContent()).toMatch(/Next instalment৳54,500 due \d{1,2} [A-Z][a-z]{2} \d{4}/);

    const zakat = page.getByRole('list', { name: 'How the estimate is worked out' });
    expect(await zakat.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/^What you are owed on the platform on \d{1,2} [A-Z][a-z]{2} \d{4} \(instalments not received yet\): ৳1,42,775\.$/),
      "The nisab, set by the platform's staff: ৳1,00,000. Your holdings here reach it.",
      '2.5 % of ৳1,42,775: ৳3,569.37.',
      'Estimated zakat: ৳3,569.37.',
    ]);

    await expectNoSidewaysScroll(page, `the portfolio at ${width} px`);
    await expectAccessible(page, `the portfolio at ${width} px`);
    await screenshot(page, `portfolio-investor-${width}`);
    // Its schedule is one tap away.
    await greenHarvest.getByRole('link', { name: 'Schedule of Green Harvest Agro' }).click();
    await page.waitForURL('**/dashboard/returns?view=returns&agreement=*');
    expectNoPageErrors(page);
    await context.close();
  }, 180_000);

  it('shows the owner what their projects raised and repaid and what they owe next', async () => {
    const { page, context } = await signedInPage(h, owner, width);
    await page.goto('/dashboard/portfolio');
    const next = page.getByText(/^You owe ৳83,925 next, due \d{1,2} [A-Z][a-z]{2} \d{4}\.$/);
    await next.waitFor();
    const all = page.getByRole('definition');
    expect((await all.allTextContents()).slice(0, 4)).toEqual(['৳1,50,000', '৳29,425', '৳1,42,775', '৳0']);
    expect(await page.getByRole('list', { name: "Your projects' repayments" }).getByRole('listitem').count()).toBe(2);
    await expectNoSidewaysScroll(page, `the owner's portfolio at ${width} px`);
    await expectAccessible(page, `the owner's portfolio at ${width} px`);
    await screenshot(page, `portfolio-owner-${width}`);
    expectNoPageErrors(page);
    await context.close();
  }, 120_000);
});
