/**
 * Issue 28 §1 in a real browser, at 390 and 1366 px: a signed-in stranger's Invest tab shows investor cards with
 * name, city, amount, terms and Request For Invest, and no phone or e-mail anywhere in the page; one person's two
 * offers read as two offers. A project owner sends a Request For Invest from a card, the investor shares their
 * contact details on the invitation, and only then does the owner's card show them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { person } from '../server/helpers';
import { expectAccessible, expectNoPageErrors, expectNoSidewaysScroll, expectToast, screenshot, signedInPage, startHarness, WIDTHS, type Harness } from './harness';
import { apiPerson, apiStaff, apiVerifiedOwner, call, fixture, type ApiPerson } from './seed';

let h: Harness;
let investor: ApiPerson;
let owner: ApiPerson;
let projectId: string;
const PHONE = '+8801819876543';
const EMAIL = 'hidden.investor@example.com';

beforeAll(async () => {
  h = await startHarness();
  const staff = await apiStaff(h);
  owner = await apiVerifiedOwner(h);
  const project = await call(h, 'POST', '/projects', owner, { ...fixture('project-owner'), bname: 'Rooftop Farms Dhaka' });
  await call(h, 'POST', `/staff/projects/${project.id}/review`, staff, { decision: 'approve' });
  projectId = project.id as string;
  investor = await apiPerson(h, person());
  const offer = { ...fixture('invest'), name: 'Karim Ahmed', phone: PHONE, email: EMAIL };
  await call(h, 'POST', '/offers', investor, { ...offer, totalAmount: 80_000 });
  // The same person again, from the project's page: another amount, category and terms.
  const { returningTime: _r, totalDuration: _t, ...onTime } = offer;
  await call(h, 'POST', `/offers?projectId=${projectId}`, investor, { ...onTime, totalAmount: 300_000, businessCategory: 'Agriculture', return: 'On-time', duration: 18 });
}, 300_000);
afterAll(() => h?.close());

/** Every way the contact details could be written on a page. */
async function contactOnPage(page: Page): Promise<string[]> {
  const html = await page.content();
  return [PHONE, '880 1819', '1819-876543', '01819876543', EMAIL, 'hidden.investor'].filter((s) => html.includes(s));
}

const cardOf = (page: Page, amount: string) => page.getByRole('article', { name: new RegExp(`^Offer by Karim Ahmed: ${amount}`) });

describe('investor cards', () => {
  it.each([
    ['phone', WIDTHS.phone],
    ['wide', 1366],
  ] as const)('show a stranger no contact details, and one person’s two offers as two (%s)', async (name, width) => {
    const stranger = await apiPerson(h);
    const { page, context } = await signedInPage(h, stranger, width);
    await page.goto('/dashboard/invest');
    const small = cardOf(page, '৳80,000, Organic Foods');
    const large = cardOf(page, '৳3,00,000, Agriculture');
    await small.waitFor();
    await large.waitFor();
    expect(await contactOnPage(page)).toEqual([]);
    // What tells them apart is on each card: amount, terms, the project it was made from, and that there are two.
    await expect.poll(() => small.textContent()).toContain('returned every 3 months over 12');
    expect(await large.textContent()).toContain('18 months, returned on time');
    expect(await large.getByRole('link', { name: 'Rooftop Farms Dhaka' }).count()).toBe(1);
    expect(await small.getByRole('link').count()).toBe(0);
    for (const card of [small, large]) {
      expect(await card.textContent()).toContain('One of 2 open offers by Karim Ahmed');
      expect(await card.textContent()).toContain('Contact details are shared once the investor answers your Request For Invest.');
      expect(await card.getByRole('button', { name: 'Request For Invest to Karim Ahmed' }).count()).toBe(1);
    }
    await expectNoSidewaysScroll(page, `invest tab ${name}`);
    await expectAccessible(page, `invest tab ${name}`);
    await screenshot(page, `invest-cards-stranger-${name}`);
    expectNoPageErrors(page);
    await context.close();
  });

  it('shows an owner the details only after the investor shares them on the Request For Invest', async () => {
    const { page: ownerPage, context: ownerContext } = await signedInPage(h, owner, 1366);
    await ownerPage.goto('/dashboard/invest');
    const card = cardOf(ownerPage, '৳80,000, Organic Foods');
    await card.getByRole('button', { name: 'Request For Invest to Karim Ahmed' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Request For Invest to Karim Ahmed' });
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Project' }).inputValue()).toBe(projectId);
    await screenshot(ownerPage, 'invest-request-dialog-wide');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expectToast(ownerPage, 'Request sent');
    expect(await contactOnPage(ownerPage)).toEqual([]);

    // The investor, on a phone, finds the invitation and shares their contact details with this owner.
    const { page: investorPage, context: investorContext } = await signedInPage(h, investor, WIDTHS.phone);
    await investorPage.goto('/dashboard/history?tab=invitations');
    await investorPage.getByRole('button', { name: 'Share my contact details with this owner' }).click();
    const confirm = investorPage.getByRole('dialog', { name: /Share your contact details with the owner of “Rooftop Farms Dhaka”/ });
    await confirm.getByRole('button', { name: 'Share my contact details' }).click();
    await expectToast(investorPage, 'Contact details shared');
    await expect.poll(() => investorPage.getByText('You shared the phone and e-mail of your offer with this owner.').isVisible()).toBe(true);
    await expectAccessible(investorPage, 'invitation with contact details shared');
    await screenshot(investorPage, 'invest-invitation-shared-phone');
    expectNoPageErrors(investorPage);
    await investorContext.close();

    // Now the owner's card of that offer has them, as links to call and write; the other offer still has none.
    await ownerPage.reload();
    await expect.poll(() => card.getByRole('link', { name: '+880 1819-876543' }).getAttribute('href')).toBe(`tel:${PHONE}`);
    expect(await card.getByRole('link', { name: EMAIL }).getAttribute('href')).toBe(`mailto:${EMAIL}`);
    expect(await card.textContent()).toContain('Shared with you by the investor.');
    expect(await cardOf(ownerPage, '৳3,00,000, Agriculture').textContent()).not.toContain(EMAIL);
    await expectAccessible(ownerPage, 'invest tab with shared contact');
    await screenshot(ownerPage, 'invest-cards-shared-wide');
    expectNoPageErrors(ownerPage);
    await ownerContext.close();
  });
});
