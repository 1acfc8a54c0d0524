/**
 * Investor protections in a real browser (issue 31 §1 and §3), at 390 and 1366 px: a retail investor near the
 * per-project limit sees what is left above the agreement form before typing; after the owner accepts, the history
 * card offers Cancel with a confirmation saying until when, and cancelling makes the agreement Cancelled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoPageErrors, expectNoSidewaysScroll, screenshot, signedInPage, startHarness, type Harness } from './harness';
import { apiStaff, apiVerifiedOwner, call, fixture, type ApiPerson } from './seed';

let h: Harness;
let staff: ApiPerson;
beforeAll(async () => {
  h = await startHarness({ LIMIT_RETAIL_PER_PROJECT: '500000', LIMIT_RETAIL_PER_YEAR: '1000000', COOLING_OFF_HOURS: '48' });
  staff = await apiStaff(h);
}, 300_000);
afterAll(() => h?.close());

const WIDTH = { phone: 390, desktop: 1366 } as const;

describe('investor protections in the browser', () => {
  it.each(['phone', 'desktop'] as const)('on %s: what is left before typing, then cancel within the window', async (width) => {
    const owner = await apiVerifiedOwner(h);
    const investor = await apiVerifiedOwner(h);
    const project = await call(h, 'POST', '/projects', owner, { ...fixture('project-owner'), askamu: 2000000 });
    await call(h, 'POST', `/staff/projects/${project.id}/review`, staff, { decision: 'approve' });
    const request = await call(h, 'POST', `/projects/${project.id}/agreement-requests`, investor, { ...fixture('agreement-request'), investmentAmount: 480000, investmentType: 'Halal Way' });

    const { context, page } = await signedInPage(h, investor, WIDTH[width]);
    expectNoPageErrors(page);
    await page.goto(`/investmentAgreementForm?project=${project.id}`);
    const left = page.getByTestId('limits-left');
    await left.waitFor();
    expect(await left.textContent()).toBe(
      'You can request up to ৳20,000 here. Retail investor limits left: ৳20,000 of ৳5,00,000 in this project; ৳5,20,000 of ৳10,00,000 across all projects in 12 months.',
    );
    await left.scrollIntoViewIfNeeded();
    await screenshot(page, `limits-left-${width}`);
    await expectNoSidewaysScroll(page, 'the agreement form with its limits line');

    await call(h, 'POST', `/agreement-requests/${request.id}/accept`, owner, { documents: [] });
    await page.goto('/dashboard/history');
    const cancel = page.getByRole('button', { name: 'Cancel agreement' });
    await cancel.waitFor();
    await page.getByText(/^You may cancel this agreement until .+, with no reason\.$/).waitFor();
    await cancel.scrollIntoViewIfNeeded();
    await screenshot(page, `cooling-off-cancel-${width}`);
    await expectNoSidewaysScroll(page, 'the history with a Cancel button');
    await cancel.click();
    const dialog = page.getByRole('dialog', { name: /^Cancel your agreement for/ });
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/Your ৳4,80,000 no longer counts for the project .* You can cancel until .+\. This is final\./);
    await dialog.getByRole('button', { name: 'Keep it' }).waitFor();
    await page.waitForTimeout(400); // the dialog's fade-in, for the picture only
    await screenshot(page, `cooling-off-confirm-${width}`);
    await dialog.getByRole('button', { name: 'Cancel agreement' }).click();
    await page.getByText('Cancelled', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel agreement' }).count()).toBe(0);
    const figures = (await call(h, 'GET', `/projects/${project.id}`)).figures as { raised: string };
    expect(figures.raised).toBe('0.00');
    await context.close();
  });
});
