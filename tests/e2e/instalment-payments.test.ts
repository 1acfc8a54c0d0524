/**
 * Marking an instalment paid leaves a trace (issue 28 §6), in a real browser at 390 and 1366 px: the owner says how
 * it was paid (the form asks for the reference the method needs, with its message), is asked to confirm what will be
 * recorded — Cancel records nothing — and records it; the investor reads the method and the reference in the
 * schedule and again before confirming receipt. The totals say what is paid and awaiting confirmation and what is
 * confirmed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, expectNoPageErrors, expectNoSidewaysScroll, expectToast, field, screenshot, signedInPage, startHarness, type Harness } from './harness';
import { apiStaff, apiVerifiedOwner, call, fixture, type ApiPerson } from './seed';

const PHONE = 390;
const DESKTOP = 1366;

let h: Harness;
let staff: ApiPerson;
beforeAll(async () => {
  h = await startHarness();
  staff = await apiStaff(h);
}, 240_000);
afterAll(() => h?.close());

/** A new owner's approved project with one investor's accepted agreement (four instalments). */
async function acceptedAgreement() {
  const owner = await apiVerifiedOwner(h);
  const project = await call(h, 'POST', '/projects', owner, fixture('project-owner'));
  await call(h, 'POST', `/staff/projects/${project.id}/review`, staff, { decision: 'approve' });
  const investor = await apiVerifiedOwner(h);
  const request = await call(h, 'POST', `/projects/${project.id}/agreement-requests`, investor, fixture('agreement-request'));
  await call(h, 'POST', `/agreement-requests/${request.id}/accept`, owner, fixture('agreement-accept'));
  return { owner, investor, title: project.title as string };
}

/** The first instalment as the schedule shows it: a card on a phone, a table row from the small breakpoint up. */
function firstInstalment(page: Page, width: number, name: string) {
  return width === PHONE ? page.getByRole('list', { name }).getByRole('listitem').first() : page.getByRole('table', { name }).getByRole('row').nth(1);
}

/** The text of the totals, one tile a line. */
const totals = (page: Page) => page.getByRole('list', { name: 'Totals' }).getByRole('listitem').allTextContents();

describe.each([PHONE, DESKTOP])('an instalment paid with its reference at %i px', (width) => {
  it('is recorded after the owner confirms, then read and confirmed by the investor', async () => {
    const { owner, investor, title } = await acceptedAgreement();
    const status = async () => ((await call(h, 'GET', '/me/repayments', owner)).items as { seq: number; status: string }[]).find((i) => i.seq === 1)!.status;

    // —— The owner: how it was paid, its reference, then the confirmation.
    const { page, context } = await signedInPage(h, owner, width);
    await page.goto('/dashboard/returns?view=repayments');
    const row = firstInstalment(page, width, 'Your repayments');
    await row.getByRole('button', { name: `Mark instalment 1 of ${title} paid` }).click();
    const form = page.getByRole('dialog', { name: `Mark instalment 1 of ${title} paid` });
    await form.waitFor();
    expect(await form.textContent()).toMatch(/৳29,425 to Karim Ahmed, due \d{1,2} [A-Z][a-z]{2} \d{4}\./);
    await form.getByRole('radio', { name: 'bKash' }).check();
    await form.getByRole('button', { name: 'Continue' }).click();
    await form.getByText('Enter the bKash transaction ID (TrxID)').waitFor();
    await form.getByLabel(field('bKash transaction ID (TrxID)')).fill('9BD4K7');
    await form.getByText('A bKash transaction ID has 10 letters and digits, e.g. 9BD4K7QX2M').waitFor();
    await form.getByLabel(field('bKash transaction ID (TrxID)')).fill(' 9BD4K7QX2M ');
    await expect.poll(() => form.getByText('A bKash transaction ID has 10 letters and digits, e.g. 9BD4K7QX2M').count()).toBe(0);
    await expectAccessible(page, `the mark-paid form at ${width} px`);
    await screenshot(page, `mark-paid-form-${width}`);
    await form.getByRole('button', { name: 'Continue' }).click();

    const question = page.getByRole('dialog', { name: 'Record instalment 1 as paid?' });
    await question.waitFor();
    await question.getByText('9BD4K7QX2M', { exact: true }).waitFor();
    expect(await question.textContent()).toContain(`৳29,425 to Karim Ahmed for “${title}”`);
    expect(await question.getByText('bKash', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, `mark-paid-confirm-${width}`);
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await status()).toBe('due'); // Cancel recorded nothing; the form is still open with what was typed
    await form.getByRole('button', { name: 'Continue' }).click();
    await question.getByRole('button', { name: 'Record payment' }).click();
    await expectToast(page, 'Payment recorded');
    await form.waitFor({ state: 'detached' });
    expect(await status()).toBe('paid');

    // The schedule says how it was paid, and the totals what they count.
    await row.getByText('Paid — awaiting confirmation').waitFor();
    const how = row.getByLabel('How instalment 1 was paid');
    await how.getByText('9BD4K7QX2M', { exact: true }).waitFor();
    expect(await how.textContent()).toMatch(/Paid by\s*bKash\s*bKash transaction ID \(TrxID\)\s*9BD4K7QX2M/);
    expect(await totals(page)).toEqual(['Scheduled৳1,17,7004 instalments', 'Still due৳88,2753 instalments', 'Paid, awaiting confirmation৳29,4251 instalment', 'Confirmed by the investor৳00 instalments']);
    await expectNoSidewaysScroll(page, `repayments at ${width} px`);
    await expectAccessible(page, `repayments with a payment at ${width} px`);
    await screenshot(page, `repayments-paid-${width}`);
    expectNoPageErrors(page);
    await context.close();

    // —— The investor: reads it in the schedule and before confirming.
    const { page: theirs, context: theirContext } = await signedInPage(h, investor, width);
    await theirs.goto('/dashboard/returns');
    const returned = firstInstalment(theirs, width, 'Returns to you');
    await returned.getByLabel('How instalment 1 was paid').getByText('9BD4K7QX2M', { exact: true }).waitFor();
    await returned.getByRole('button', { name: `Confirm receipt of instalment 1 of ${title}` }).click();
    const confirmation = theirs.getByRole('dialog', { name: 'Confirm you received instalment 1?' });
    await confirmation.getByText('9BD4K7QX2M', { exact: true }).waitFor();
    expect(await confirmation.textContent()).toMatch(/৳29,425 for “.+”, marked paid by the owner on \d{1,2} [A-Z][a-z]{2} \d{4}\. Confirm only once the money has reached you \(look for the reference below in your statement\): confirming is final\./);
    await expectAccessible(theirs, `the receipt confirmation at ${width} px`);
    await screenshot(theirs, `confirm-receipt-${width}`);
    await confirmation.getByRole('button', { name: 'Confirm receipt' }).click();
    await confirmation.waitFor({ state: 'detached' });
    await returned.getByText('Confirmed', { exact: true }).waitFor();
    expect(await status()).toBe('confirmed');
    expect(await totals(theirs)).toEqual(['Scheduled৳1,17,7004 instalments', 'Still due৳88,2753 instalments', 'Paid, awaiting confirmation৳00 instalments', 'Confirmed received৳29,4251 instalment']);
    await expectNoSidewaysScroll(theirs, `returns at ${width} px`);
    await screenshot(theirs, `returns-confirmed-${width}`);
    expectNoPageErrors(theirs);
    await theirContext.close();
  }, 180_000);
});
