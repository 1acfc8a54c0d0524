/**
 * The dashboard as an app on a phone (issue 12 §7): at 390 px a signed-in person gets a labelled bottom navigation
 * (the current entry marked) and a drawer with every sidebar entry, the summary tiles two to a row, no marketing
 * footer and nothing scrolling sideways; at 1366 px the sidebar is back. A visitor sees Sign Up in the header and in
 * the phone menu.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screensConfig } from '../../src/client/config';
import { expectAccessible, expectNoPageErrors, expectNoSidewaysScroll, field, screenshot, SHOTS, startHarness, type Harness, signedInPage } from './harness';
import { apiPerson, apiStaff, apiVerifiedOwner, call, fixture, type ApiPerson } from './seed';
import { person } from '../server/helpers';

const PHONE = 390;
const DESKTOP = 1366;

let h: Harness;
let owner: ApiPerson;
beforeAll(async () => {
  h = await startHarness();
  owner = await apiVerifiedOwner(h);
}, 240_000);
afterAll(() => h?.close());

const pageAs = (who: ApiPerson | null, width: number) => signedInPage(h, who, width);

/** The summary tiles' rows: how many tiles share each top edge. */
async function tilesPerRow(page: Page): Promise<number[]> {
  // The tiles have loaded (no skeletons left).
  const section = page.locator('section[aria-labelledby="summary-overview"][aria-busy="false"]');
  await section.waitFor();
  const tops = await section.locator('.MuiCard-root').evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().top)));
  const rows = new Map<number, number>();
  for (const t of tops) rows.set(t, (rows.get(t) ?? 0) + 1);
  return [...rows.values()];
}

const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('the dashboard on a phone', () => {
  it('greets a person by a long e-mail address (no name given yet) without pushing the page sideways', async () => {
    // A fresh account is greeted by its e-mail address: one long word that must wrap on a 390 px screen.
    const base = person();
    const who = await apiPerson(h, { ...base, email: `someone.with.a.rather.long.address.${base.phone.slice(-6)}@example-cooperative.com.bd` });
    const { page, context } = await pageAs(who, PHONE);
    await page.goto('/dashboard/dashboardBtn');
    await page.getByText(`Welcome, ${who.email}.`).waitFor();
    await expectNoSidewaysScroll(page, 'dashboard greeting a long e-mail address');
    expectNoPageErrors(page);
    await context.close();
  });

  it('has a bottom navigation and a drawer with every entry, two tiles to a row, no footer, no sideways scroll', async () => {
    const { page, context } = await pageAs(owner, PHONE);
    await page.goto('/dashboard/dashboardBtn');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.waitForLoadState('networkidle');

    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await nav.waitFor();
    expect(await page.getByRole('navigation', { name: 'Dashboard' }).count()).toBe(1); // the sidebar is not shown as well
    expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    const box = (await nav.boundingBox())!;
    expect(box.y + box.height).toBeCloseTo(900, 0); // fixed to the bottom of the 900 px window
    expect(box.width).toBe(PHONE);

    // Six platform tiles and five of yours: three rows of two, then two and one.
    expect(await tilesPerRow(page)).toEqual([2, 2, 2, 2, 2, 1]);
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'dashboard at 390 px');
    await screenshot(page, 'dashboard-phone');

    // A bottom entry goes there and becomes the current one.
    await nav.getByRole('link', { name: 'Projects' }).click();
    await page.waitForURL('**/dashboard/project');
    // The router keeps the old screen while the new one's code loads: wait for the new current entry.
    await nav.locator('a[aria-current="page"]', { hasText: 'Projects' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();

    // "More" opens a drawer with the sidebar's entries (no staff or Shariah reviewer ones for an owner).
    await nav.getByRole('button', { name: 'More' }).click();
    const menu = page.getByRole('navigation', { name: 'Dashboard menu' });
    await menu.waitFor();
    const expected = screensConfig.dashboardNav.filter((i) => !i.staff && !i.reviewer).map((i) => i.label);
    const names = await menu.locator('a, button, [role="button"]').evaluateAll((els) => els.map((e) => e.textContent?.trim()));
    expect(names).toEqual(expected);
    expect(await menu.getByRole('link', { name: 'Projects' }).getAttribute('aria-current')).toBe('page');
    // Once the drawer has slid in.
    await menu.evaluate((el) => Promise.all((el.closest('.MuiDrawer-paper') ?? el).getAnimations().map((a) => a.finished)));
    await screenshot(page, 'dashboard-phone-menu');
    await menu.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/dashboard/settings');
    await menu.waitFor({ state: 'detached' });
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expectNoPageErrors(page);
    await context.close();
  }, 120_000);

  it('keeps the sidebar at 1366 px, three tiles to a row and no footer', async () => {
    const { page, context } = await pageAs(owner, DESKTOP);
    await page.goto('/dashboard/dashboardBtn');
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await nav.waitFor();
    expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: 'Success Story' }).isVisible()).toBe(true);
    expect(await tilesPerRow(page)).toEqual([3, 3, 3, 2]);
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'dashboard-desktop');
    expectNoPageErrors(page);
    await context.close();
  }, 120_000);
});

describe('Sign Up for visitors', () => {
  it('is in the header at 1366 and 390 px and in the phone menu, and leads to the sign-up form', async () => {
    for (const width of [DESKTOP, PHONE]) {
      const { page, context } = await pageAs(null, width);
      await page.goto('/');
      const header = page.getByRole('banner');
      const signUp = header.getByRole('link', { name: 'Sign Up', exact: true }).first();
      await signUp.waitFor();
      expect(await signUp.isVisible()).toBe(true);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: join(SHOTS, `home-header-${width}.png`) }); // the window only: the header is what counts
      if (width === PHONE) {
        await page.getByRole('button', { name: 'Open the menu' }).click();
        const menu = page.getByRole('navigation', { name: 'Main' }).filter({ has: page.getByRole('link', { name: 'Sign in' }) });
        await menu.getByRole('link', { name: 'Sign Up' }).click();
      } else {
        await signUp.click();
      }
      await page.waitForURL('**/signup');
      await page.getByRole('heading', { name: 'Create account' }).waitFor();
      expectNoPageErrors(page);
      await context.close();
    }
  }, 120_000);

  it('is not offered to a signed-in person', async () => {
    const { page, context } = await pageAs(owner, DESKTOP);
    await page.goto('/');
    await page.getByRole('button', { name: /^Account menu for/ }).waitFor();
    expect(await page.getByRole('link', { name: 'Sign Up', exact: true }).count()).toBe(0);
    await context.close();
  });
});

describe('the image picker from the keyboard', () => {
  it('opens the file chooser with Enter and with Space', async () => {
    const { page, context } = await pageAs(await apiPerson(h), DESKTOP);
    await page.goto('/BasicInfoEdit/verified');
    const button = page.getByRole('button', { name: /Choose National ID image/ });
    await button.waitFor();
    await page.waitForLoadState('networkidle');
    // A click on the file input is what opens the chooser; count those clicks and stop the chooser itself (a real
    // chooser opened from several pages of one headless browser in a row proved unreliable to wait for).
    await page.locator('input[data-field-input="root_nidImage"]').evaluate((input) => {
      (window as unknown as { opened: number }).opened = 0;
      input.addEventListener('click', (e) => {
        (window as unknown as { opened: number }).opened++;
        e.preventDefault();
      });
    });
    const opened = () => page.evaluate(() => (window as unknown as { opened: number }).opened);
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(opened).toBe(1);
    await page.keyboard.press('Space');
    await expect.poll(opened).toBe(2);
    // Tab away and back: the focused button shows the theme's 2 px focus ring.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).getAttribute('aria-label'))).toBe('Choose National ID image');
    expect(await button.evaluate((el) => [el.matches(':focus-visible'), getComputedStyle(el).outlineWidth, getComputedStyle(el).outlineStyle])).toEqual([true, '2px', 'solid']);
    expectNoPageErrors(page);
    await context.close();
  }, 120_000);
  it('shows a repayment schedule as cards on a phone, each with its own step, and as a table at 1366 px', async () => {
    const staff = await apiStaff(h);
    const project = await call(h, 'POST', '/projects', owner, fixture('project-owner'));
    await call(h, 'POST', `/staff/projects/${project.id}/review`, staff, { decision: 'approve' });
    const investor = await apiVerifiedOwner(h);
    const request = await call(h, 'POST', `/projects/${project.id}/agreement-requests`, investor, fixture('agreement-request'));
    await call(h, 'POST', `/agreement-requests/${request.id}/accept`, owner, fixture('agreement-accept'));
    const { page, context } = await pageAs(owner, PHONE);
    await page.goto('/dashboard/returns?view=repayments');
    const cards = page.getByRole('list', { name: 'Your repayments' });
    await cards.waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    const first = cards.getByRole('listitem').first();
    // The number, the date and the investor are said under the project; its step is a button inside the card.
    await expect.poll(() => first.textContent()).toMatch(/No\. 1 · due \d{1,2} [A-Z][a-z]{2} \d{4} · /);
    const mark = first.getByRole('button', { name: /^Mark instalment 1 of / });
    const [card, button] = [(await first.boundingBox())!, (await mark.boundingBox())!];
    expect(button.x + button.width).toBeLessThanOrEqual(card.x + card.width);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'repayments at 390 px');
    await screenshot(page, 'repayments-phone');
    // Its step asks how it was paid, then to confirm, inside the 390 px screen; the card then says how.
    await mark.click();
    const form = page.getByRole('dialog', { name: /^Mark instalment 1 of .+ paid$/ });
    await form.getByRole('radio', { name: 'Bank transfer' }).check();
    await form.getByLabel(field('Bank reference')).fill('BEFTN 2611-0042');
    await form.getByRole('button', { name: 'Continue' }).click();
    const question = page.getByRole('dialog', { name: 'Record instalment 1 as paid?' });
    const record = question.getByRole('button', { name: 'Record payment' });
    const [dialogBox, recordBox] = [(await question.boundingBox())!, (await record.boundingBox())!];
    expect(dialogBox.x).toBeGreaterThanOrEqual(0);
    expect(recordBox.x + recordBox.width).toBeLessThanOrEqual(PHONE);
    await record.click();
    await first.getByText('Paid — awaiting confirmation').waitFor();
    expect(await first.getByLabel('How instalment 1 was paid').textContent()).toMatch(/Bank transfer.*BEFTN 2611-0042/);
    expect(await first.getByRole('button', { name: /^Mark instalment 1 of / }).count()).toBe(0);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expectNoPageErrors(page);
    await page.setViewportSize({ width: DESKTOP, height: 900 });
    await page.getByRole('table', { name: 'Your repayments' }).waitFor();
    expect(await page.getByRole('list', { name: 'Your repayments' }).count()).toBe(0);
    await context.close();
  }, 120_000);
});
