/**
 * The newcomer's path in Bengali (issue 29, "Done when"): a visitor switches to Bengali on the home page, signs up
 * typing the phone in Bengali digits, fails and then passes the password rule with Bengali messages, verifies the code
 * and reaches a Bengali dashboard, which a reload keeps in Bengali. Every screen on the way is checked by axe at every
 * impact level, fits its window, is drawn without a hydration mismatch, and is photographed at 390 and 1366 px
 * (test-results/screenshots/bn-*.png) to look at: Bengali is taller and longer than English.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { person } from '../server/helpers';
import { expectAccessible, expectNoPageErrors, expectNoSidewaysScroll, field, newPage, outboxCode, screenshot, startHarness, usePage, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

/** A phone number as a Bengali reader types it: `+8801812345678` → `০১৮১২৩৪৫৬৭৮`. */
const bengaliDigits = (phone: string) => `0${phone.slice(4)}`.replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!);

/** React's complaints on the console (a hydration mismatch among them), collected as they come. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /hydrat|did not match|didn't match/i.test(m.text())) errors.push(m.text().slice(0, 300));
  });
  return errors;
}

/** A screen checked the same way at every width: axe, fitting the window, and a screenshot to look at. */
async function check(page: Page, name: string, width: number): Promise<void> {
  await expectAccessible(page, `${name} in Bengali at ${width} px`);
  await expectNoSidewaysScroll(page, `${name} in Bengali at ${width} px`);
  await screenshot(page, `bn-${name}-${width}`);
}

async function newcomerInBengali(width: number): Promise<void> {
  const { page, context } = await newPage(h, width);
  const complaints = consoleErrors(page);

  // The home page in English, and its switch (in the header, or in the phone's menu) to Bengali.
  await page.goto('/');
  expect(await page.locator('html').getAttribute('lang')).toBe('en');
  if (width < 900) {
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await page.locator('#phone-menu').getByRole('link', { name: 'বাংলা' }).click();
  } else {
    await page.getByRole('banner').getByRole('link', { name: 'বাংলা' }).click();
  }
  await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('bn');
  // Server-rendered in Bengali: the words are there before the page's code runs, and stay when it takes over.
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('সেরা উদ্যোগের পাশে দাঁড়াতে হাত বাড়ান');
  await usePage(page);
  expect(await page.title()).toBe('হালাল ফান্ড — সেরা উদ্যোগের পাশে দাঁড়াতে হাত বাড়ান');
  await expect.poll(() => page.getByRole('heading', { name: 'আমাদের প্রকল্পগুলো দেখুন' }).isVisible()).toBe(true);
  await check(page, 'home', width);

  // Sign-up: the phone in Bengali digits, a password the rule refuses (said in Bengali), then one it takes.
  await page.getByRole('banner').getByRole('link', { name: 'অ্যাকাউন্ট খুলুন' }).click();
  await page.waitForURL('**/signup');
  await expect.poll(() => page.getByRole('heading', { level: 1, name: 'অ্যাকাউন্ট খুলুন' }).isVisible()).toBe(true);
  const who = person();
  await page.getByLabel(field('ইমেইল')).fill(who.email);
  await page.getByLabel(field('ফোন নম্বর')).fill(bengaliDigits(who.phone));
  await page.getByLabel(field('পাসওয়ার্ড')).fill('abcdefgh');
  await page.getByLabel(field('পাসওয়ার্ড আবার লিখুন')).fill('abcdefgh');
  await page.getByRole('button', { name: 'অ্যাকাউন্ট খুলুন' }).click();
  await expect
    .poll(() => page.locator('#root_password__error').textContent())
    .toContain('পাসওয়ার্ডে বড় হাতের অক্ষর, ছোট হাতের অক্ষর, সংখ্যা ও বিশেষ চিহ্ন (! @ # $ & *) থাকতে হবে');
  // The phone typed in Bengali digits is a valid number: no message under it.
  expect((await page.locator('#root_phone__error').allTextContents()).join('').trim()).toBe('');
  await check(page, 'signup-errors', width);
  await page.getByLabel(field('পাসওয়ার্ড')).fill(who.password);
  await page.getByLabel(field('পাসওয়ার্ড আবার লিখুন')).fill(who.password);
  await page.getByRole('button', { name: 'অ্যাকাউন্ট খুলুন' }).click();
  const welcome = page.getByRole('dialog', { name: 'স্বাগতম' });
  // Hashing the password is slow on a busy machine: the answer may take longer than a page's usual wait.
  await expect.poll(() => welcome.textContent(), { timeout: 90_000 }).toContain('অ্যাকাউন্ট খোলা হয়েছে।');
  await screenshot(page, `bn-signup-welcome-${width}`);
  await welcome.getByRole('button', { name: 'ঠিক আছে' }).click();

  // The code, sent to the number the Bengali digits named.
  await page.waitForURL('**/OTP');
  await expect.poll(() => page.getByRole('heading', { level: 1, name: 'আপনার ফোন যাচাই করুন' }).isVisible()).toBe(true);
  await expect.poll(() => page.getByText(/আমরা .+ নম্বরে ৪ অঙ্কের একটি কোড পাঠিয়েছি।/).isVisible()).toBe(true);
  await check(page, 'otp', width);
  await page.getByLabel(field('যাচাইয়ের কোড')).fill(await outboxCode(h, who.phone));
  await page.getByRole('button', { name: 'যাচাই করুন' }).click();
  const verified = page.getByRole('dialog', { name: 'স্বাগতম' });
  await expect.poll(() => verified.textContent(), { timeout: 90_000 }).toContain('আপনার ফোন নম্বর যাচাই হয়েছে।');
  await verified.getByRole('button', { name: 'ঠিক আছে' }).click();

  // The dashboard in Bengali, and again after a reload.
  await page.waitForURL('**/dashboard/dashboardBtn');
  const dashboardInBengali = async () => {
    await expect.poll(() => page.getByText(`স্বাগতম, ${who.email}।`).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'দ্রুত যান' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('মোট বিনিয়োগ', { exact: true }).isVisible()).toBe(true);
    expect(await page.locator('html').getAttribute('lang')).toBe('bn');
    expect(await page.title()).toBe('ড্যাশবোর্ড · হালাল ফান্ড');
  };
  await dashboardInBengali();
  await check(page, 'dashboard', width);
  await page.reload();
  await dashboardInBengali();

  expect(complaints).toEqual([]);
  expectNoPageErrors(page);
  await context.close();
}

describe('a newcomer in Bengali', () => {
  it('switches, signs up with Bengali digits and reaches a Bengali dashboard on a wide screen', () => newcomerInBengali(1366));
  it('does the same on a phone, through the phone menu', () => newcomerInBengali(390));
});

describe('a Bengali reader arriving at a server-rendered form', () => {
  it('gets the sign-up page in Bengali from the server, and its code takes it over without a mismatch', async () => {
    const html = await (await fetch(`${h.base}/signup`, { headers: { cookie: 'lang=bn' } })).text();
    expect(html).toContain('<html lang="bn"');
    expect(html).toContain('<title>অ্যাকাউন্ট খুলুন · হালাল ফান্ড</title>');
    expect(html).toMatch(/<h1[^>]*>অ্যাকাউন্ট খুলুন<\/h1>/);
    expect(html).toContain('আগে থেকেই অ্যাকাউন্ট আছে?');

    const { page, context } = await newPage(h, 390);
    await context.addCookies([{ name: 'lang', value: 'bn', url: h.base }]);
    const complaints = consoleErrors(page);
    await page.goto('/signup');
    await usePage(page);
    await expect.poll(() => page.getByRole('link', { name: 'সাইন ইন', exact: true }).first().isVisible()).toBe(true);
    await page.getByRole('button', { name: 'অ্যাকাউন্ট খুলুন' }).click();
    await expect.poll(() => page.locator('#root_email__error').textContent()).toContain('ইমেইল দিতে হবে');
    expect(complaints).toEqual([]);
    expectNoPageErrors(page);
    await context.close();
  });
});

describe('an English reader', () => {
  it('never downloads the Bengali words', async () => {
    const { page, context } = await newPage(h, 1366);
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await page.goto('/signup');
    await usePage(page);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Create account' }).isVisible()).toBe(true);
    // The Bengali catalogues are one chunk of their own (screens.bn…, words.bn…, content.bn…), fetched only in Bengali.
    expect(fetched.filter((p) => /\/(screens|words|content)\.bn\b/.test(p))).toEqual([]);
    await context.close();
  });
});
