/**
 * All-or-nothing campaigns in a real browser (issue 31 §2), at 390 and 1366 px: the project page and its card say the
 * funding model; once the campaign closes below its goal the page says so honestly while a donation is still to be
 * returned, staff record the refund with its reference on the Refunds page, and the page then says "Goal not
 * reached — money returned".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoPageErrors, expectNoSidewaysScroll, field, screenshot, signedInPage, startHarness, type Harness } from './harness';
import { apiStaff, apiVerifiedOwner, call, fixture, type ApiPerson } from './seed';

let h: Harness;
let staff: ApiPerson;
beforeAll(async () => {
  h = await startHarness();
  staff = await apiStaff(h);
}, 300_000);
afterAll(() => h?.close());

const WIDTH = { phone: 390, desktop: 1366 } as const;

describe('all-or-nothing campaigns in the browser', () => {
  it.each(['phone', 'desktop'] as const)('on %s: the funding model, then "Goal not reached" until the money is returned', async (width) => {
    const owner = await apiVerifiedOwner(h);
    const title = `Solar pumps for Char farmers (${width})`;
    const project = await call(h, 'POST', '/projects', owner, { ...fixture('project-owner'), bname: title, askamu: 1000000, fundingModel: 'All or nothing' });
    await call(h, 'POST', `/staff/projects/${project.id}/review`, staff, { decision: 'approve' });
    const gift = await call(h, 'POST', `/projects/${project.id}/donations`, null, { amount: 5000, paymentMethod: 'Mobile Banking', anonymous: false, name: 'Rumana', email: 'rumana@example.com' });
    await call(h, 'POST', `/staff/donations/${gift.id}/review`, staff, { decision: 'approve' });

    const { context, page } = await signedInPage(h, null, WIDTH[width]);
    expectNoPageErrors(page);
    await page.goto(`/projectDetails?id=${project.id}`);
    await page.getByText('All or nothing: if the goal is not reached by the end date, agreements are cancelled and donations returned.').waitFor();
    const figures = page.getByRole('table', { name: 'Project figures' });
    expect(await figures.getByRole('row', { name: /Funding model/ }).textContent()).toBe('Funding modelAll or nothing');
    await screenshot(page, `funding-model-${width}`);
    await expectNoSidewaysScroll(page, 'a project page with its funding model');
    await page.goto('/projects');
    const card = page.locator('.project-card', { hasText: title });
    await card.getByText(/· All or nothing$/).waitFor();

    // The owner closes the campaign below its goal: the agreement side is cancelled, the donation is due back.
    await call(h, 'POST', `/projects/${project.id}/close`, owner);
    await page.goto(`/projectDetails?id=${project.id}`);
    const notice = page.locator('.alert', { hasText: 'Goal not reached' });
    await notice.waitFor();
    expect(await notice.textContent()).toBe(
      'Goal not reached — money being returned. The campaign ended below its goal, so its agreements were cancelled. 1 donation is still being returned to donors (0 returned so far).',
    );
    // Closed early by its owner: no days left any more.
    expect(await figures.getByRole('row', { name: /Days Left/ }).textContent()).toBe('Days Left0 days');
    await screenshot(page, `goal-not-reached-due-${width}`);
    await page.goto('/projects');
    await page.locator('.project-card', { hasText: title }).getByText(/· Goal not reached$/).waitFor();

    // Staff send it back and record the refund with its reference.
    const staffSide = await signedInPage(h, staff, WIDTH[width]);
    expectNoPageErrors(staffSide.page);
    await staffSide.page.goto('/dashboard/staff/refunds');
    const item = staffSide.page.getByRole('listitem').filter({ hasText: gift.reference as string });
    await item.waitFor();
    expect(await item.textContent()).toContain('Donor: Rumana · rumana@example.com');
    await screenshot(staffSide.page, `refunds-due-${width}`);
    await expectNoSidewaysScroll(staffSide.page, 'the refund queue');
    await item.getByRole('button', { name: `Record the refund of ${gift.reference as string}` }).click();
    const dialog = staffSide.page.getByRole('dialog');
    await dialog.getByLabel(field('Reference of the refund')).fill('BKASH-9XK2L7');
    await dialog.getByRole('button', { name: 'Record refund' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await staffSide.page.getByRole('tab', { name: 'Refunded' }).click();
    const recorded = staffSide.page.getByRole('listitem').filter({ hasText: gift.reference as string });
    await recorded.getByText(/reference BKASH-9XK2L7, recorded by /).waitFor();
    await screenshot(staffSide.page, `refunds-recorded-${width}`);
    await staffSide.context.close();

    await page.goto(`/projectDetails?id=${project.id}`);
    const returned = page.locator('.alert', { hasText: 'Goal not reached' });
    await returned.waitFor();
    expect(await returned.textContent()).toBe('Goal not reached — money returned. The campaign ended below its goal, so its agreements were cancelled and its donation was returned.');
    await screenshot(page, `goal-not-reached-returned-${width}`);
    await expectNoSidewaysScroll(page, 'a project page whose goal was not reached');
    await context.close();
  });
});
