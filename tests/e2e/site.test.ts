/**
 * The public site and the account flows in a real browser: sign-up with the code from the outbox, OTP countdown and
 * resend, sign-in failures, sign-out, guarded routes, the newsletter, the home carousels at three widths, the 404
 * page, accessibility of each page, and screenshots of them to look at.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { person } from '../server/helpers';
import { figureParts, formatFigure } from '../../src/shared/format/figure';
import type { PlatformFigures } from '../../src/shared/api/platform-figures';
import {
  expectAccessible,
  expectNoPageErrors,
  expectNoSidewaysScroll,
  expectToast,
  field,
  newPage,
  outboxCode,
  screenshot,
  SHOTS,
  signInInBrowser,
  signUpInBrowser,
  signUpToOtp,
  startHarness,
  usePage,
  WIDTHS,
  type Harness,
} from './harness';

let h: Harness;
beforeAll(async () => {
  // The OTP screen counts down the server's resend cooldown (from the sign-up code, on the real clock): shortened here
  // so the OTP test sees the timer reach zero and its resend go through in seconds.
  h = await startHarness({ OTP_RESEND_SECONDS: '2' });
});
afterAll(() => h?.close());

describe('account flows', () => {
  it('signs up, verifies the code read from the outbox, and lands on the dashboard signed in', async () => {
    const { page, context } = await newPage(h);
    const who = await signUpInBrowser(h, page);
    await expect.poll(() => page.getByText(`Welcome, ${who.email}.`).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[\w-]{40,}$/);
    await expectAccessible(page, 'dashboard');
    await screenshot(page, 'dashboard-desktop');
    expectNoPageErrors(page);
    await context.close();
  });

  it("shows 'Signup Failed' with the server's message for an email already registered", async () => {
    const { page, context } = await newPage(h);
    const who = await signUpInBrowser(h, page);
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/signup');
    await page.getByLabel(field('Email')).fill(who.email);
    await page.getByLabel(field('Phone Number')).fill(person().phone);
    await page.getByLabel(field('Password')).fill(who.password);
    await page.getByLabel(field('Confirm Password')).fill(who.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Signup Failed' });
    await expect.poll(() => dialog.textContent()).toContain('An account with this email already exists.');
    await context.close();
  });

  it('knows one phone number however it is typed: signs up with 01…, signs in with +880…, refuses the other form and a landline', async () => {
    const { page, context } = await newPage(h);
    const who = person();
    const local = `0${who.phone.slice(4)}`; // +8801712345678 → 01712345678
    await signUpToOtp(page, { ...who, phone: local });
    // The OTP page shows the number in the one readable form.
    const readable = `+880 ${who.phone.slice(4, 8)}-${who.phone.slice(8)}`;
    await expect.poll(() => page.getByText(`We sent a 4-digit code to ${readable}.`).isVisible()).toBe(true);
    await page.getByLabel(field('Verification code')).fill(await outboxCode(h, who.phone));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('dialog', { name: 'Welcome' }).getByRole('button', { name: 'OK' }).click();
    await page.waitForURL('**/dashboard/dashboardBtn');
    await page.evaluate(() => localStorage.clear());
    await signInInBrowser(page, who.phone, who.password);
    await page.waitForURL('**/dashboard/**');

    await page.evaluate(() => localStorage.clear());
    await page.goto('/signup');
    await page.getByLabel(field('Phone Number')).fill('02 9123456');
    await page.getByRole('button', { name: 'Create account' }).click();
    // The precompiled validator (no eval) calls libphonenumber-js like the server.
    await expect.poll(() => page.locator('#root_phone__error').textContent()).toContain('Enter a valid phone number');
    const other = person();
    await page.getByLabel(field('Email')).fill(other.email);
    await page.getByLabel(field('Phone Number')).fill(`+880 ${who.phone.slice(4, 8)}-${who.phone.slice(8)}`);
    await page.getByLabel(field('Password')).fill(other.password);
    await page.getByLabel(field('Confirm Password')).fill(other.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Signup Failed' });
    await expect.poll(() => dialog.textContent()).toContain('An account with this phone number already exists.');
    await context.close();
  });

  it('shows the schema messages under the fields before anything is sent', async () => {
    const { page, context } = await newPage(h);
    await page.goto('/signup');
    await page.getByLabel(field('Password')).fill('abc');
    await page.getByLabel(field('Email')).click();
    await expect.poll(() => page.locator('#root_password__error').textContent()).toContain('Password must be at least 6 characters');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.locator('#root_email__error').textContent()).toContain('Email is required');
    await expect.poll(() => page.locator('#root_phone__error').textContent()).toContain('Phone Number is required');
    await expectAccessible(page, 'sign-up with errors');
    await screenshot(page, 'signup-errors-desktop');
    await context.close();
  });

  it("shows 'Login Failed' for a wrong password, with the server's message (which does not say whether the account exists)", async () => {
    const { page, context } = await newPage(h);
    const who = await signUpInBrowser(h, page);
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await page.getByLabel(field('Email or phone')).fill(who.email);
    await page.getByLabel(field('Password')).fill('Wrong1!pass');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Login Failed' });
    await dialog.waitFor();
    expect((await dialog.textContent())?.trim()).toBe('Login FailedThe email/phone or the password is not correct.OK');
    await expectAccessible(page, 'login failed');
    await context.close();
  });

  it('counts down the time the server says is left, then resends, alerts and restarts the timer on the same page', async () => {
    const { page, context } = await newPage(h);
    await page.clock.install();
    const who = await signUpToOtp(page);
    const timer = page.getByTestId('otp-timer');
    // The server's cooldown is 2 s here (see startHarness): the timer starts from what is left of it, never above.
    await expect.poll(() => timer.textContent()).toMatch(/^00:0[0-2]$/);
    await page.clock.runFor(3_000);
    await expect.poll(() => timer.textContent()).toBe('00:00');
    const first = await outboxCode(h, who.phone);
    // The server's cooldown runs on the real clock from the sign-up code.
    await new Promise((r) => setTimeout(r, 2100));
    await page.getByRole('button', { name: 'Resend OTP' }).click();
    await expectToast(page, 'OTP has been resent!');
    expect(new URL(page.url()).pathname).toBe('/OTP');
    // Restarted from the resend's answer (the whole cooldown), and counting.
    await expect.poll(() => timer.textContent()).toBe('00:02');
    await expect.poll(() => page.getByText('You can resend after timer ends').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Resend OTP' }).count()).toBe(0);
    await page.clock.runFor(1_000);
    await expect.poll(() => timer.textContent()).toBe('00:01');
    // The new code works (the old one was replaced) and signs the user in.
    const second = await outboxCode(h, who.phone);
    expect(typeof first).toBe('string');
    await page.getByLabel(field('Verification code')).fill(second);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('dialog', { name: 'Welcome' }).getByRole('button', { name: 'OK' }).click();
    await page.waitForURL('**/dashboard/dashboardBtn');
    await context.close();
  });

  it('says a wrong code under the code field, about the code, with no Login Failed popup', async () => {
    const { page, context } = await newPage(h);
    const who = await signUpToOtp(page);
    const real = await outboxCode(h, who.phone);
    await page.getByLabel(field('Verification code')).fill(real === '0000' ? '1111' : '0000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.locator('#root_otp__error').textContent()).toContain('The code is not correct.');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await screenshot(page, 'otp-wrong-code-desktop');
    await context.close();
  });

  it('sends a signed-out visitor from a guarded page to sign in, and back afterwards', async () => {
    const { page, context } = await newPage(h);
    const who = await signUpInBrowser(h, page);
    await page.evaluate(() => localStorage.clear());
    await page.goto('/dashboard/profile');
    await page.waitForURL('**/login');
    await page.getByLabel(field('Email or phone')).fill(who.phone);
    await page.getByLabel(field('Password')).fill(who.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('dialog', { name: 'Welcome' }).getByRole('button', { name: 'OK' }).click();
    await page.waitForURL('**/dashboard/profile');
    await context.close();
  });

  it('signs out from the account menu: the token stops working and guarded pages ask to sign in', async () => {
    const { page, context } = await newPage(h);
    const who = await signUpInBrowser(h, page);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await page.getByRole('button', { name: `Account menu for ${who.email}` }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const me = await fetch(`${h.base}/api/v1/auth/user/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(401);
    await page.goto('/dashboard/dashboardBtn');
    await page.waitForURL('**/login');
    await signInInBrowser(page, who.email, who.password);
    await page.waitForURL('**/dashboard/dashboardBtn');
    await context.close();
  });

  it('resets a forgotten password with the code, then signs in with the new one', async () => {
    const { page, context } = await newPage(h);
    const who = await signUpInBrowser(h, page);
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await page.getByLabel(field('Email or phone')).fill(who.email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expectToast(page, 'Code sent');
    await page.waitForURL('**/resetPass/code');
    expect(await page.getByLabel(field('Email or phone')).inputValue()).toBe(who.email);
    await page.getByLabel(field('Verification code')).fill(await outboxCode(h, who.phone));
    await page.getByLabel(field('New password')).fill('Newpass1!');
    await page.getByLabel(field('Confirm new password')).fill('Newpass1!');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expectToast(page, 'Password changed');
    await page.waitForURL('**/login');
    await signInInBrowser(page, who.email, 'Newpass1!');
    await page.waitForURL('**/dashboard/dashboardBtn');
    await context.close();
  });
});

describe('public site', () => {
  it('subscribes to the newsletter from the footer, with a clear confirmation and error', async () => {
    const { page, context } = await newPage(h);
    await page.goto('/about');
    const box = page.getByRole('form', { name: 'Newsletter sign-up' });
    await box.getByLabel('Your email').fill('not-an-email');
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => box.textContent()).toContain('Enter a valid email address');
    await box.getByLabel('Your email').fill('reader@example.com');
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => box.textContent()).toContain('Thank you! reader@example.com is subscribed');
    await box.getByLabel('Your email').fill('reader@example.com');
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => box.textContent()).toContain('already subscribed');
    await context.close();
  });

  it('shows a real 404 page for an unknown path', async () => {
    const { page, context } = await newPage(h);
    const res = await page.goto('/no/such/page');
    // 404 for search engines and monitors, with the page a person reads.
    expect(res?.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).isVisible()).toBe(true);
    await expectAccessible(page, '404');
    await context.close();
  });

  it('leads every header entry and policy page to a real page', async () => {
    const { page, context } = await newPage(h);
    for (const [path, heading] of [
      ['/invest', 'Invest the Halal Way'],
      ['/fundraising', 'Raise funds for your project'],
      ['/projects', 'Projects'],
      ['/terms', 'Terms and Conditions'],
      ['/refunds', 'Refunds and Returns'],
      ['/privacy', 'Privacy Policy'],
      ['/conflict-of-interest', 'Conflict of Interest Policy'],
      ['/blogs', 'Blogs'],
      ['/about', 'About Halal Fund'],
    ]) {
      await page.goto(path!);
      await expect.poll(() => page.getByRole('heading', { level: 1, name: heading }).isVisible()).toBe(true);
      await expectAccessible(page, path!);
    }
    await page.goto('/');
    await page.getByRole('button', { name: 'About Us' }).click();
    await page.getByRole('menuitem', { name: 'Privacy Policy' }).click();
    await page.waitForURL('**/privacy');
    await context.close();
  });

  it('filters the project list by category and sorts it, kept in the address', async () => {
    await seedProjects(h, 4);
    const { page, context } = await newPage(h);
    await page.goto('/projects', { waitUntil: 'networkidle' });
    await usePage(page);
    const category = page.getByRole('combobox', { name: 'Category' });
    await category.selectOption('Technology');
    await page.waitForURL(/category=Technology/);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Technology projects' }).isVisible()).toBe(true);
    // Only that category's cards: the seeded Technology project is there, the Education one is not.
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Seeded project 3' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 2, name: 'Seeded project 1' }).count()).toBe(0);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Most funded first' });
    await page.waitForURL(/sort=most_funded/);
    // The address is the page: opened afresh, it shows the same filters and cards.
    await page.reload({ waitUntil: 'networkidle' });
    expect(await page.getByRole('combobox', { name: 'Category' }).inputValue()).toBe('Technology');
    expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('most_funded');
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Seeded project 3' }).isVisible()).toBe(true);
    await expectAccessible(page, 'projects filtered');
    await context.close();
  });

  it('does not download the form engine on the home page', async () => {
    const { page, context } = await newPage(h);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    expect(scripts.some((u) => /form-engine|FormScreen|precompiled|validator/i.test(u))).toBe(false);
    await page.goto('/login', { waitUntil: 'networkidle' });
    // The sign-in form loads the engine once the person taps into it (its code arrives while they type).
    await page.locator('#root_email').click();
    await expect.poll(() => scripts.some((u) => /form-engine/.test(u))).toBe(true);
    await context.close();
  });
});

describe('home page at three widths', () => {
  it.each([
    ['desktop', WIDTHS.desktop, 3, true],
    ['tablet', WIDTHS.tablet, 2, false],
    ['phone', WIDTHS.phone, 1, false],
  ] as const)('%s (%d px): the project carousel shows %d card(s); arrows only on desktop', async (name, width, perView, arrows) => {
    // Enough open projects for the carousels to move: made through the API as staff would.
    await seedProjects(h, 4);
    const { page, context } = await newPage(h, width);
    await page.goto('/', { waitUntil: 'networkidle' });
    const carousel = page.getByRole('region', { name: 'Popular projects' });
    // The dots shown (CSS hides those a wider screen does not need): a reader's page, before any code, has this
    // width's dots, not a desktop's.
    const shownDots = () => carousel.locator('button[aria-label^="Go to slide"]').evaluateAll((dots) => dots.filter((d) => getComputedStyle(d).display !== 'none').length);
    const readerDots = await shownDots();
    await usePage(page);
    await carousel.waitFor();
    // The server draws for a desktop (CSS sizes the slides for the real width meanwhile); hydration then counts.
    await expect.poll(() => carousel.getAttribute('data-per-view')).toBe(String(perView));
    const visible = carousel.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])');
    expect(await visible.count()).toBe(perView);
    const slides = await carousel.locator('[aria-roledescription="slide"]').count();
    expect(await shownDots()).toBe(slides - perView + 1);
    expect(readerDots).toBe(slides - perView + 1);
    expect(await carousel.getByRole('button', { name: 'Next slide' }).count()).toBe(arrows ? 1 : 0);
    // Dots and the keyboard move it.
    const first = await visible.first().getAttribute('aria-label');
    await carousel.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => visible.first().getAttribute('aria-label')).not.toBe(first);
    await carousel.getByRole('button', { name: 'Go to slide 1' }).click();
    await expect.poll(() => visible.first().getAttribute('aria-label')).toBe(first);
    const donate = page.getByRole('region', { name: 'Projects asking for donations' });
    expect(await donate.getAttribute('data-per-view')).toBe(width >= 1024 ? '2' : width >= 464 ? '2' : '1');
    await expectAccessible(page, `home ${name}`);
    await screenshot(page, `home-${name}`);
    expectNoPageErrors(page);
    await context.close();
  });

  it.each([
    ['phone', WIDTHS.phone],
    ['wide', 1366],
  ] as const)("shows the platform's real figures in the reader's page and restarts them from 0 each time they scroll into view (%s)", async (name, width) => {
    await seedMoney(h);
    const { figures } = (await (await fetch(`${h.base}/api/v1/platform/figures`)).json()) as PlatformFigures;
    const expected = [figureParts(figures.raised, 'money'), figureParts(figures.backedProjects, 'count'), figureParts(figures.investors, 'count'), figureParts(figures.donors, 'count')];
    expect(figures.investors).toBeGreaterThan(0);
    expect(figures.donors).toBeGreaterThan(0);
    const { page, context } = await newPage(h, width);
    await page.goto('/', { waitUntil: 'networkidle' });
    const band = page.getByRole('region', { name: 'Our reach' });
    // A reader's page (no code run yet) already says them, under the labels of the site content.
    const told = () => band.locator('.visually-hidden').allTextContents();
    expect(await told()).toEqual(expected.map((p) => formatFigure(p)));
    expect(await band.locator('p.t-body').allTextContents()).toEqual(['Raised for projects', 'Projects backed', 'Investors', 'Donors']);
    await usePage(page);
    const first = band.locator('.counter-value > [aria-hidden="true"]').first();
    await band.scrollIntoViewIfNeeded();
    await expect.poll(() => first.textContent(), { timeout: 5000 }).toBe(formatFigure(expected[0]!));
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await band.scrollIntoViewIfNeeded();
    await page.waitForTimeout(60);
    const early = (await first.textContent()) ?? '';
    expect(Number(early.replace(/[^\d.]/g, ''))).toBeLessThan(expected[0]!.value);
    await expect.poll(() => first.textContent(), { timeout: 5000 }).toBe(formatFigure(expected[0]!));
    await band.screenshot({ path: join(SHOTS, `home-counters-${name}.png`) });
    await expectNoSidewaysScroll(page, `home counters ${name}`);
    expectNoPageErrors(page);
    await context.close();
  });
});

let moneyMoved = false;
/** Money that moves the platform's figures (once per file): an accepted investment and a confirmed guest donation. */
async function seedMoney(harness: Harness): Promise<void> {
  if (moneyMoved) return;
  const { apiPerson, apiStaff, apiVerifiedOwner, call, fixture } = await import('./seed');
  const staff = await apiStaff(harness);
  const owner = await apiVerifiedOwner(harness);
  const project = await call(harness, 'POST', '/projects', owner, { ...fixture('project-owner'), bname: 'Counted Project', askamu: 1_000_000 });
  await call(harness, 'POST', `/staff/projects/${project.id}/review`, staff, { decision: 'approve' });
  const investor = await apiPerson(harness);
  const request = await call(harness, 'POST', `/projects/${project.id}/agreement-requests`, investor, { ...fixture('agreement-request'), investmentAmount: 246_689 });
  await call(harness, 'POST', `/agreement-requests/${request.id}/accept`, owner, fixture('agreement-accept'));
  const gift = await call(harness, 'POST', `/projects/${project.id}/donations`, null, { amount: 9_689, paymentMethod: 'Cash', name: 'Shapla Club' });
  await call(harness, 'POST', `/staff/donations/${gift.id}/review`, staff, { decision: 'approve' });
  moneyMoved = true;
}

let seeded = 0;
/** Makes `n` open projects (once per file): a verified owner submits them and a staff member approves them. */
async function seedProjects(harness: Harness, n: number): Promise<void> {
  if (seeded >= n) return;
  const { seedOpenProjects } = await import('./seed');
  await seedOpenProjects(harness, n - seeded);
  seeded = n;
}
