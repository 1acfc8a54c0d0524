/**
 * The first tap answers before the page's code has arrived (issue 33): the phone menu (the browser's own popover),
 * the home carousel's arrows (scroll-snap, moved by /boot.js until the code has them) and typing into the sign-in
 * form (plain inputs) work while every application script is held back; once the code arrives it takes each over
 * where the person left it, and nothing is done twice: the menu stays open, the carousel stays on its slide, the
 * sign-in request is sent exactly once; a category chosen meanwhile loads the server's page for it, once.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoPageErrors, field, newPage, screenshot, SHOTS, startHarness, type Harness } from './harness';
import { readFileSync } from 'node:fs';
import { apiPerson, apiStaff, apiVerifiedOwner, call, seedOpenProjects } from './seed';
import { ROOT } from '../server/helpers';

let h: Harness;
let projectIds: string[] = [];

beforeAll(async () => {
  h = await startHarness();
  projectIds = await seedOpenProjects(h, 5);
}, 400_000);
afterAll(async () => {
  await h?.close();
});

/** Whether React has taken the page over (it attaches its own property to the root's first element). */
function isHydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const first = document.getElementById('root')?.firstElementChild;
    return !!first && Object.keys(first).some((k) => k.startsWith('__reactFiber'));
  });
}

/** Holds back every application script (the entry and its chunks) until `release()`; counts those asked for. */
async function holdAppCode(page: Page): Promise<{ asked: string[]; release: () => void }> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const asked: string[] = [];
  await page.route(/\/assets\/[^/?]+\.js(\?|$)/, async (route) => {
    asked.push(new URL(route.request().url()).pathname);
    await held;
    // (A request of a page that has since been left is gone: nothing to continue.)
    await route.continue().catch(() => undefined);
  });
  return { asked, release };
}

/** The sign-in requests the page sends (their methods), as they leave. */
function signInsOf(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/v1/auth/user/sign-in') sent.push(r.method());
  });
  return sent;
}

describe('the first tap, before the code has arrived', () => {
  it('opens the phone menu at once, keeps it open when the code takes over, and its links then work in the page', async () => {
    const { context, page } = await newPage(h, 390);
    const code = await holdAppCode(page);
    await page.goto('/', { waitUntil: 'load' });
    const open = page.getByRole('button', { name: 'Open the menu' });
    const menu = page.getByRole('navigation', { name: 'Main' }).filter({ visible: true });
    expect(await menu.count()).toBe(0);
    await open.click();
    await menu.waitFor({ state: 'visible' });
    // The code was asked for (the page went idle, or the tap) and has not arrived: the browser opened the menu.
    expect(code.asked.length).toBeGreaterThan(0);
    expect(await isHydrated(page)).toBe(false);
    expect(await menu.getByRole('link', { name: 'Sign Up' }).count()).toBe(1);
    await page.screenshot({ path: join(SHOTS, 'first-tap-menu-390.png') }); // the window: the menu is over it
    // Escape closes it, as a tap outside would; it opens again.
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await open.click();
    await menu.waitFor({ state: 'visible' });

    code.release();
    await expect.poll(() => isHydrated(page), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => page.evaluate(() => Object.keys(document.getElementById('phone-menu')!).some((k) => k.startsWith('__reactProps')))).toBe(true);
    // Not pressed a second time (which would have closed it).
    expect(await menu.count()).toBe(1);
    // A link in it now goes to its page within the app, and the menu closes.
    await menu
      .getByRole('link', { name: /projects/i })
      .first()
      .click();
    await page.waitForURL('**/projects');
    await page.getByRole('heading', { level: 1 }).waitFor({ state: 'visible' });
    expect(await menu.count()).toBe(0);
    expectNoPageErrors(page);
    await context.close();
  });

  it('moves the home carousel on its arrow and dots at once, and the code takes it over on that slide, moving it once', async () => {
    const { context, page } = await newPage(h, 1366);
    // No autoplay (it would move the slides by itself once the code runs): what moves them here is the person.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const code = await holdAppCode(page);
    await page.goto('/', { waitUntil: 'load' });
    const carousel = page.getByRole('region', { name: 'Popular projects' });
    const slides = carousel.locator('[aria-roledescription="slide"]');
    const count = await slides.count();
    expect(count).toBeGreaterThan(3);
    const firstShown = () => carousel.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])').first().getAttribute('aria-label');
    const leftOfFirst = () => slides.first().evaluate((el) => el.getBoundingClientRect().left);
    const start = await leftOfFirst();
    expect(await firstShown()).toBe(`1 of ${count}`);

    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(leftOfFirst).toBeLessThan(start - 100);
    await expect.poll(firstShown).toBe(`2 of ${count}`);
    expect(await carousel.getByRole('button', { name: 'Go to slide 2' }).getAttribute('aria-current')).toBe('true');
    expect(await carousel.getByRole('button', { name: 'Go to slide 1' }).getAttribute('aria-current')).toBeNull();
    // The slide that came into view can be used (it is no longer inert): its card's link is reachable.
    expect(await slides.nth(3).getAttribute('inert')).toBeNull();
    expect(await slides.nth(0).getAttribute('inert')).toBe('');
    expect(await isHydrated(page)).toBe(false);
    await screenshot(page, 'first-tap-carousel-1366');
    await carousel.screenshot({ path: join(SHOTS, 'first-tap-carousel-moved-1366.png') });
    // A dot, and the arrow back, also work before the code.
    await carousel.getByRole('button', { name: 'Go to slide 3' }).click();
    await expect.poll(firstShown).toBe(`3 of ${count}`);
    await carousel.getByRole('button', { name: 'Previous slide' }).click();
    await expect.poll(firstShown).toBe(`2 of ${count}`);

    code.release();
    await expect.poll(() => isHydrated(page), { timeout: 30_000 }).toBe(true);
    await expect
      .poll(() => carousel.locator('button[aria-label="Next slide"]').evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps'))))
      .toBe(true);
    // Taken over where the person left it: still on slide 2, not moved again.
    expect(await firstShown()).toBe(`2 of ${count}`);
    expect(await carousel.getByRole('button', { name: 'Go to slide 2' }).getAttribute('aria-current')).toBe('true');
    // The code's own Next goes on from there, one slide.
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(firstShown).toBe(`3 of ${count}`);
    expect(await carousel.getByRole('button', { name: 'Go to slide 3' }).getAttribute('aria-current')).toBe('true');
    expectNoPageErrors(page);
    await context.close();
  });

  it('shows a project gallery\'s image on its thumbnail at once, and the code takes the gallery over on that image, moving it once', async () => {
    // A project with three images (the form's three image fields).
    const fixture = JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/forms/project-owner.valid.json'), 'utf8')) as Record<string, string>;
    const png = (name: string) => fixture.companyImage!.replace(/name=[^;]+;/, `name=${name};`);
    const owner = await apiVerifiedOwner(h);
    const created = await call(h, 'POST', '/projects', owner, { ...fixture, bname: 'Three pictures', projectProfileImage: png('a.png'), businessPhoto: png('b.png') });
    await call(h, 'POST', `/staff/projects/${created.id}/review`, await apiStaff(h), { decision: 'approve' });

    const { context, page } = await newPage(h, 390);
    const code = await holdAppCode(page);
    await page.goto(`/projectDetails?id=${created.id}`, { waitUntil: 'load' });
    const thumbs = page.getByRole('list', { name: 'Project images' }).getByRole('button');
    expect(await thumbs.count()).toBe(3);
    const shown = () => page.locator('.gallery-slide:not([hidden]) img').getAttribute('alt');
    const pressed = () => thumbs.evaluateAll((all) => all.map((b) => b.getAttribute('aria-pressed')));
    expect(await shown()).toBe('Three pictures, image 1');
    await thumbs.nth(1).click();
    expect(await shown()).toBe('Three pictures, image 2');
    expect(await pressed()).toEqual(['false', 'true', 'false']);
    expect(await page.locator('.gallery-slide:not([hidden])').count()).toBe(1);
    expect(await isHydrated(page)).toBe(false);
    await screenshot(page, 'first-tap-gallery-390');

    code.release();
    await expect.poll(() => isHydrated(page), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => thumbs.nth(2).evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps')))).toBe(true);
    // Taken over on the image the person chose, not back to the first, and not moved again.
    expect(await shown()).toBe('Three pictures, image 2');
    expect(await pressed()).toEqual(['false', 'true', 'false']);
    // The code's own thumbnails go on from there; the first again too.
    await thumbs.nth(2).click();
    await expect.poll(shown).toBe('Three pictures, image 3');
    await thumbs.nth(0).click();
    await expect.poll(shown).toBe('Three pictures, image 1');
    expect(await pressed()).toEqual(['true', 'false', 'false']);
    expectNoPageErrors(page);
    await context.close();
  });

  it('says at once that the language switch is on its way, before the code, and arrives in Bengali', async () => {
    const { context, page } = await newPage(h, 1366);
    await holdAppCode(page);
    // What the page showed between the tap and its leaving, kept across it: the mark, the link's busy state, the dimming.
    await page.addInitScript(() => {
      addEventListener('DOMContentLoaded', () =>
        new MutationObserver(() => {
          if (!document.documentElement.hasAttribute('data-switching') || sessionStorage.getItem('switching')) return;
          const link = document.querySelector('a[hreflang="bn"][aria-busy="true"]');
          const main = document.querySelector('main');
          sessionStorage.setItem('switching', JSON.stringify({ busy: !!link, opacity: main ? getComputedStyle(main).opacity : null }));
        }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-switching'] }),
      );
    });
    await page.goto('/', { waitUntil: 'load' });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.locator('a[hreflang="bn"]').filter({ visible: true }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 30_000 }).toBe('bn');
    const seen = JSON.parse((await page.evaluate(() => sessionStorage.getItem('switching'))) ?? 'null') as { busy: boolean; opacity: string } | null;
    expect(seen).toMatchObject({ busy: true });
    // The new page is not marked.
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-switching'))).toBe(false);
    await context.close();
  });

  it('loads the server\'s page for a category chosen before the code, naming it at once; once the code has the page, a choice answers in it', async () => {
    const { context, page } = await newPage(h, 390);
    const code = await holdAppCode(page);
    const documents: string[] = [];
    const lists: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (r.resourceType() === 'document') documents.push(url.pathname + url.search);
      if (url.pathname === '/api/v1/projects') lists.push(url.search);
    });
    await page.goto('/projects', { waitUntil: 'load' });
    const list = page.locator('#filter-category');
    const category = (await list.locator('option').nth(1).getAttribute('value'))!;
    expect(category).toBeTruthy();
    // What the person sees at once, before any code, read in the same task as the choice (the page is then left for
    // the server's page for it): the heading names the choice, the list shows it is being replaced.
    await page.evaluate(() =>
      document.addEventListener('change', () =>
        sessionStorage.setItem(
          'seen',
          JSON.stringify({
            heading: document.querySelector('h1')?.textContent,
            busy: document.querySelector('[data-filter-results]')?.getAttribute('aria-busy'),
            hydrated: Object.keys(document.getElementById('root')!.firstElementChild!).some((k) => k.startsWith('__reactFiber')),
          }),
        ),
      ),
    );
    await list.selectOption(category);
    await page.waitForURL((url) => url.searchParams.get('category') === category);
    await page.waitForLoadState('load');
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('seen')))!)).toEqual({ heading: `${category} projects`, busy: 'true', hydrated: false });
    // One page asked for, with the choice; drawn by the server with that category's projects.
    expect(documents).toEqual(['/projects', `/projects?category=${encodeURIComponent(category)}`]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`${category} projects`);
    expect(await list.inputValue()).toBe(category);
    expect(await page.locator('[data-filter-results]').getAttribute('aria-busy')).toBeNull();
    expect(await page.locator('[data-filter-results] .grid > *').count()).toBeGreaterThan(0);

    // The code arrives on the new page: it takes it over where it is, asking nothing again (the page came with its
    // projects) and applying nothing a second time.
    code.release();
    await expect.poll(() => isHydrated(page), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => list.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps')))).toBe(true);
    await page.waitForTimeout(300);
    expect(lists).toEqual([]);
    expect(new URL(page.url()).searchParams.get('category')).toBe(category);

    // Now the code answers a choice in the page: the heading at once, the list asked for once, the address after.
    await list.selectOption('');
    await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor({ timeout: 5_000 });
    await expect.poll(() => new URL(page.url()).searchParams.has('category')).toBe(false);
    await expect.poll(() => page.locator('[data-filter-results]').getAttribute('aria-busy')).toBeNull();
    expect(lists).toHaveLength(1);
    expect(lists[0]).not.toContain('category=');
    expect(documents).toHaveLength(2);
    expectNoPageErrors(page);
    await context.close();
  });

  it('takes typing into the sign-in form before its code, sends it at once on Enter, and signs in exactly once though Sign in was pressed too', async () => {
    const who = await apiPerson(h);
    const { context, page } = await newPage(h, 390);
    const code = await holdAppCode(page);
    const signIns = signInsOf(page);
    await page.goto('/login', { waitUntil: 'load' });
    await page.locator('#root_email').click();
    await page.keyboard.type(who.email);
    await page.locator('#root_password').click();
    await page.keyboard.type(who.password);
    expect(await page.locator('#root_email').inputValue()).toBe(who.email);
    expect(await isHydrated(page)).toBe(false);
    await page.locator('#root_password').press('Enter');
    // Sent at once, before the code (the server checks it with the same schema); the bare form not submitted (no
    // password in the address); a press of Sign in meanwhile sends nothing more.
    await expect.poll(() => signIns).toEqual(['POST']);
    const button = page.getByRole('button', { name: 'Sign in' });
    await button.click();
    expect(await button.getAttribute('aria-busy')).toBe('true');
    expect(await isHydrated(page)).toBe(false);
    expect(page.url()).not.toContain('password');
    await screenshot(page, 'first-tap-login-held-390');

    code.release();
    await page.getByRole('dialog', { name: 'Welcome' }).waitFor({ state: 'visible', timeout: 30_000 });
    expect(signIns).toEqual(['POST']);
    // What was typed is what the code has.
    expect(await page.locator('#root_email').inputValue()).toBe(who.email);
    await page.getByRole('dialog', { name: 'Welcome' }).getByRole('button').first().click();
    await page.waitForURL(/\/dashboard/, { timeout: 30_000 });
    expect(signIns).toEqual(['POST']);
    expectNoPageErrors(page);
    await context.close();
  });

  it('sends a sign-in a password manager filled as soon as Enter is pressed; a refusal is said once the code arrives, and a corrected one signs in', async () => {
    const who = await apiPerson(h);
    const { context, page } = await newPage(h, 1366);
    const code = await holdAppCode(page);
    const signIns = signInsOf(page);
    await page.goto('/login', { waitUntil: 'load' });
    // A password manager fills both fields without a key pressed; the person presses Enter.
    await page.evaluate(
      ([email, password]) => {
        (document.getElementById('root_email') as HTMLInputElement).value = email!;
        (document.getElementById('root_password') as HTMLInputElement).value = password!;
      },
      [who.email, `${who.password}x`],
    );
    await page.locator('#root_password').press('Enter');
    await expect.poll(() => signIns).toEqual(['POST']);
    expect(await isHydrated(page)).toBe(false);

    code.release();
    // The wrong password is said as the code says any refusal, once.
    const failed = page.getByRole('dialog', { name: 'Login Failed' });
    await failed.waitFor({ state: 'visible', timeout: 30_000 });
    expect(signIns).toEqual(['POST']);
    await failed.getByRole('button').first().click();
    await page.locator('#root_password').fill(who.password);
    await page.locator('#root_password').press('Enter');
    await page.getByRole('dialog', { name: 'Welcome' }).waitFor({ state: 'visible', timeout: 30_000 });
    expect(signIns).toEqual(['POST', 'POST']);
    expectNoPageErrors(page);
    await context.close();
  });

  it('sends nothing early when a field is empty: the code, once it arrives, says what is missing', async () => {
    const who = await apiPerson(h);
    const { context, page } = await newPage(h, 390);
    const code = await holdAppCode(page);
    const signIns = signInsOf(page);
    await page.goto('/login', { waitUntil: 'load' });
    await page.locator('#root_email').click();
    await page.keyboard.type(who.email);
    await page.keyboard.press('Enter');
    const button = page.getByRole('button', { name: 'Sign in' });
    expect(await button.getAttribute('aria-busy')).toBe('true');
    code.release();
    await page.getByText('Password is required').first().waitFor({ state: 'visible', timeout: 30_000 });
    expect(signIns).toEqual([]);
    expectNoPageErrors(page);
    await context.close();
  });

  it('takes a donation typed into /donate before its code: the amount is kept, the Donate press held, and one pledge is made', async () => {
    const projectId = projectIds[0]!;
    const { context, page } = await newPage(h, 390);
    const code = await holdAppCode(page);
    const pledges: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === `/api/v1/projects/${projectId}/donations`) pledges.push(r.method());
    });
    await page.goto(`/donate?project=${projectId}`, { waitUntil: 'load' });
    // The server drew the project's choice and the form: the amount takes keys before any of the page's code runs.
    const amount = page.getByLabel(field('Amount (৳)'));
    await amount.click();
    await page.keyboard.type('2500');
    expect(await amount.inputValue()).toBe('2500');
    expect(await page.locator('#donate-project').inputValue()).toBe(projectId);
    expect(await isHydrated(page)).toBe(false);
    await screenshot(page, 'first-tap-donate-typed-390');

    code.release();
    await expect.poll(() => isHydrated(page), { timeout: 30_000 }).toBe(true);
    // The code has what was typed; the method offered for 2,500, chosen while the code takes the form over, is
    // kept too, and the pledge is sent once.
    await page.getByRole('combobox', { name: field('Payment method') }).selectOption({ label: 'Mobile Banking' });
    expect(await amount.inputValue()).toBe('2500');
    await page.getByRole('button', { name: 'Donate' }).last().click();
    await page.getByText('Thank you for your donation').waitFor({ state: 'visible', timeout: 30_000 });
    expect(pledges).toEqual(['POST']);
    expect(await page.getByText('2,500').first().isVisible()).toBe(true);
    expectNoPageErrors(page);
    await context.close();
  });

  it('loads the server\'s /donate for a project chosen before the code, once', async () => {
    const { context, page } = await newPage(h, 1366);
    const code = await holdAppCode(page);
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(new URL(r.url()).search);
    });
    await page.goto('/donate', { waitUntil: 'load' });
    expect(await page.getByLabel(field('Amount (৳)')).count()).toBe(0);
    await page.locator('#donate-project').selectOption(projectIds[1]!);
    await page.waitForURL(`**/donate?project=${projectIds[1]}`);
    await page.getByLabel(field('Amount (৳)')).waitFor({ state: 'visible' });
    expect(await page.locator('#donate-project').inputValue()).toBe(projectIds[1]);
    code.release();
    // A page whose content is a form takes its code on its first use.
    await page.getByLabel(field('Amount (৳)')).click();
    await expect.poll(() => isHydrated(page), { timeout: 30_000 }).toBe(true);
    expect(await page.locator('#donate-project').inputValue()).toBe(projectIds[1]);
    expect(documents).toEqual(['', `?project=${projectIds[1]}`]);
    expectNoPageErrors(page);
    await context.close();
  });
});
