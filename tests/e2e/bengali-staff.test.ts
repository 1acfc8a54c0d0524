/**
 * The staff pages and the form studio in Bengali (issue 29 §3): a staff member reading Bengali opens every staff page
 * (the verification and project queues with a record open, donations, jobs, defaults, charity, refunds, investors,
 * the Shariah queue) and the studio (the forms list, one form's studio with its translation view, the site content),
 * and each says its heading and its own words in Bengali, with axe finding nothing at any impact level and nothing
 * wider than the window. Screenshots at 390 and 1366 px (test-results/screenshots/bn-staff-*.png) are to look at:
 * Bengali is taller and longer than English.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, expectNoPageErrors, expectNoSidewaysScroll, newPage, screenshot, startHarness, usePage, type Harness } from './harness';
import { apiPerson, apiStaff, apiVerifiedOwner, call, fixture, seedOpenProjects, type ApiPerson } from './seed';

let h: Harness;
let staff: ApiPerson;
let waitingPerson: ApiPerson;
beforeAll(async () => {
  h = await startHarness();
  staff = await apiStaff(h);
  // Something in each queue: a verification and a project waiting for review, and a pledged donation.
  waitingPerson = await apiPerson(h);
  await call(h, 'PUT', '/profile/verification', waitingPerson, fixture('verification'));
  const owner = await apiVerifiedOwner(h);
  await call(h, 'POST', '/projects', owner, { ...fixture('project-owner'), bname: 'Bengali review project' });
  const [open] = await seedOpenProjects(h, 1);
  await call(h, 'POST', `/projects/${open}/donations`, null, fixture('donate'));
}, 240_000);
afterAll(() => h?.close());

/** A page of a staff member who reads Bengali (the language cookie, as the switch leaves it). */
async function bengaliStaffPage(width: number): Promise<{ page: Page; close: () => Promise<void> }> {
  const { page, context } = await newPage(h, width);
  await context.addCookies([{ name: 'lang', value: 'bn', url: h.base }]);
  await context.addInitScript((token) => {
    if (window.top === window) localStorage.setItem('token', token);
  }, staff.token);
  return { page, close: () => context.close() };
}

/** Opens a page and waits for its Bengali heading and one of its own Bengali texts. */
async function open(page: Page, path: string, heading: string, text: string | RegExp): Promise<void> {
  await page.goto(path);
  await usePage(page);
  expect(await page.locator('html').getAttribute('lang')).toBe('bn');
  await expect.poll(() => page.getByRole('heading', { level: 1, name: heading }).isVisible(), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 30_000 }).toBe(true);
}

/** axe at every impact level, nothing wider than the window, and a screenshot. */
async function check(page: Page, name: string, width: number): Promise<void> {
  await expectAccessible(page, `${name} in Bengali at ${width} px`);
  await expectNoSidewaysScroll(page, `${name} in Bengali at ${width} px`);
  await screenshot(page, `bn-staff-${name}-${width}`);
}

/** The staff pages, each with its heading and a text of its own. */
async function staffPages(width: number): Promise<void> {
  const { page, close } = await bengaliStaffPage(width);

  // Verifications, with the waiting one open: its decision form and what the queue says.
  await open(page, '/dashboard/staff/verifications', 'যাচাইয়ের সারি', 'অপেক্ষমাণ');
  await page.getByRole('button', { name: new RegExp(waitingPerson.email.replace(/[.+]/g, '\\$&')) }).first().click();
  await expect.poll(() => page.getByRole('heading', { level: 2, name: new RegExp(waitingPerson.email.replace(/[.+]/g, '\\$&')) }).isVisible(), { timeout: 30_000 }).toBe(true);
  expect(await page.getByRole('tablist', { name: 'যাচাইয়ের অবস্থা' }).isVisible()).toBe(true);
  await check(page, 'verifications', width);

  // Projects, with the waiting one open: its terms and its Shariah review panel in Bengali.
  await open(page, '/dashboard/staff/projects', 'প্রকল্প পর্যালোচনা', 'অপেক্ষমাণ');
  await page.getByRole('button', { name: /Bengali review project/ }).click();
  await expect.poll(() => page.getByText(/^লক্ষ্য ৳[০-৯,]+, সর্বনিম্ন ৳[০-৯,]+, .*মার্কআপ/).isVisible(), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => page.getByRole('heading', { name: 'শরিয়াহ পর্যালোচনা' }).isVisible()).toBe(true);
  await expect.poll(() => page.getByRole('link', { name: 'প্রকল্পের পাতা খুলুন' }).isVisible()).toBe(true);
  await check(page, 'projects', width);

  // Donations: the pledged one, its amount in Bengali digits, and the gateway's table.
  await open(page, '/dashboard/staff/donations', 'দান নিশ্চিতকরণ', /মোবাইল ব্যাংকিং-এ ৳৫,০০০/);
  await expect.poll(() => page.getByRole('heading', { name: 'পেমেন্ট গেটওয়ের কলব্যাক' }).isVisible()).toBe(true);
  await check(page, 'donations', width);

  await open(page, '/dashboard/staff/jobs', 'নির্ধারিত কাজ', 'শেষ তারিখ পেরিয়ে যাওয়া ক্যাম্পেইন বন্ধ করে।');
  await check(page, 'jobs', width);

  await open(page, '/dashboard/staff/defaults', 'খেলাপি চুক্তি', 'কোনো চুক্তি খেলাপি নয়।');
  await check(page, 'defaults', width);

  await open(page, '/dashboard/staff/charity', 'দাতব্য হিসাব', 'এখন জমা আছে');
  await check(page, 'charity', width);

  await open(page, '/dashboard/staff/refunds', 'ফেরত', 'কোনো ফেরত দেয় নেই।');
  await check(page, 'refunds', width);

  // Investors: a search that finds the waiting person, opened.
  await open(page, '/dashboard/staff/people', 'বিনিয়োগকারীগণ', /বিনিয়োগকারী অবস্থা দেখতে/);
  await page.getByLabel('ইমেইল, ফোন বা নাম').fill(waitingPerson.email);
  await page.getByRole('button', { name: 'খুঁজুন' }).click();
  await page.getByRole('button', { name: new RegExp(waitingPerson.email.replace(/[.+]/g, '\\$&')) }).first().click();
  await expect.poll(() => page.getByText('খুচরা বিনিয়োগকারী', { exact: true }).isVisible(), { timeout: 30_000 }).toBe(true);
  await check(page, 'people', width);

  await open(page, '/dashboard/shariah', 'শরিয়াহ পর্যালোচনা', /চালু হওয়ার অপেক্ষায় থাকা বিনিয়োগ প্রকল্প/);
  await check(page, 'shariah', width);

  expectNoPageErrors(page);
  await close();
}

/** The forms list, the invest form's studio with its translation view, and the site content. */
async function studio(width: number): Promise<void> {
  const { page, close } = await bengaliStaffPage(width);

  await open(page, '/staff/forms', 'ফর্ম স্টুডিও', /ফর্মের ঘর, নিয়ম ও বার্তা বদলান/);
  const forms = page.getByRole('table', { name: 'ফর্ম' });
  await expect.poll(() => forms.getByRole('columnheader', { name: 'সংস্করণ' }).isVisible()).toBe(true);
  // A form's title from its Bengali words, its version in Bengali digits.
  await expect.poll(() => forms.getByRole('link', { name: 'অ্যাকাউন্ট খুলুন' }).first().isVisible(), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => forms.getByText('v১', { exact: true }).first().isVisible()).toBe(true);
  await check(page, 'forms', width);

  await open(page, '/staff/forms/invest', 'ফর্ম স্টুডিও', /নম্বর সংস্করণ প্রকাশিত/);
  await expect.poll(() => page.getByRole('heading', { name: 'প্রিভিউ' }).isVisible()).toBe(true);
  await expect.poll(() => page.getByRole('heading', { name: 'পরীক্ষার নমুনা' }).isVisible()).toBe(true);
  await page.getByRole('tab', { name: /^অনুবাদ/ }).click();
  const words = page.getByRole('region', { name: 'বাংলা অনুবাদ' }).or(page.locator('section[aria-label="বাংলা অনুবাদ"]'));
  await expect.poll(() => words.getByText(/টি লেখার প্রতিটির বাংলা আছে।$/).isVisible(), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => words.getByText('শিরোনাম', { exact: true }).first().isVisible()).toBe(true);
  await check(page, 'studio-translations', width);

  await open(page, '/staff/content', 'সাইটের বিষয়বস্তু', /নম্বর সংস্করণ প্রকাশিত; নতুন সংস্করণ দর্শকেরা/);
  await expect.poll(() => page.getByRole('tab', { name: 'সম্পাদনা' }).isVisible()).toBe(true);
  // The content form itself is drawn with its Bengali words.
  await expect.poll(() => page.getByLabel(/^সাইটের নাম/).isVisible(), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => page.getByRole('button', { name: 'প্রকাশ করুন' }).isVisible()).toBe(true);
  await check(page, 'content', width);
  // The content's Bengali beside its English: the texts without one counted (help and policy pages have none yet).
  await page.getByRole('tab', { name: /^বাংলা \([০-৯]+টি বাকি\)$/ }).click();
  const contentWords = page.locator('section[aria-label="বাংলা অনুবাদ"]');
  await expect.poll(() => contentWords.getByText(/টি লেখার বাংলা নেই: আপনি না লেখা পর্যন্ত বাংলা পাঠকেরা এগুলো ইংরেজিতে দেখবেন।$/).isVisible(), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => contentWords.getByText('প্রথম পাতা', { exact: true }).first().isVisible()).toBe(true);
  await check(page, 'content-translations', width);

  expectNoPageErrors(page);
  await close();
}

describe('a staff member reading Bengali', () => {
  it('reads every staff page in Bengali on a wide screen', () => staffPages(1366), 600_000);
  it('reads every staff page in Bengali on a phone', () => staffPages(390), 600_000);
  it('reads the form studio and the site content in Bengali on a wide screen', () => studio(1366), 600_000);
  it('reads the form studio and the site content in Bengali on a phone', () => studio(390), 600_000);
});
