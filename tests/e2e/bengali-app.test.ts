/**
 * The signed-in app in Bengali (issue 29 §3): an investor who reads Bengali opens the portfolio, statements, the
 * investment history, the returns, the profile, the settings, a project's page, the donate page and a blog post.
 * Each screen shows a known Bengali heading, its headings, buttons, tabs, labels and table heads carry no English
 * sentence left over (names people typed, the project's own words and a few Latin terms aside), axe finds nothing at
 * any impact level, nothing scrolls sideways, and each is photographed at 390 and 1366 px
 * (test-results/screenshots/bn-app-*.png) to look at.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, expectNoPageErrors, expectNoSidewaysScroll, ownNetworkIdle, screenshot, signedInPage, startHarness, type Harness } from './harness';
import { apiPerson, apiStaff, apiVerifiedOwner, call, fixture, type ApiPerson } from './seed';

let h: Harness;
let investor: ApiPerson;
let projectId: string;
let projectTitle: string;
beforeAll(async () => {
  h = await startHarness();
  const staff = await apiStaff(h);
  const owner = await apiVerifiedOwner(h);
  investor = await apiPerson(h);
  const form = fixture('project-owner');
  projectTitle = form.bname as string;
  const project = await call(h, 'POST', '/projects', owner, form);
  projectId = project.id as string;
  await call(h, 'POST', `/staff/projects/${projectId}/review`, staff, { decision: 'approve' });
  // An accepted agreement with its first instalment paid and confirmed (the portfolio, the returns, a statement year),
  // and a donation pledged (the history's donations).
  const request = await call(h, 'POST', `/projects/${projectId}/agreement-requests`, investor, { ...fixture('agreement-request'), investmentAmount: 100_000 });
  await call(h, 'POST', `/agreement-requests/${request.id}/accept`, owner, fixture('agreement-accept'));
  const first = ((await call(h, 'GET', `/me/returns?agreement=${request.id}`, investor)).items as { id: string; seq: number }[]).find((i) => i.seq === 1)!;
  await call(h, 'POST', `/instalments/${first.id}/paid`, owner, { method: 'cash' });
  await call(h, 'POST', `/instalments/${first.id}/confirm`, investor);
  await call(h, 'POST', `/projects/${projectId}/donations`, investor, fixture('donate'));
}, 300_000);
afterAll(() => h?.close());

/**
 * The words of a screen's headings, buttons, tabs, labels, table heads and list terms still written in English: a
 * run of three or more Latin letters, once the values people typed or chose (the project's own words, names, e-mail
 * addresses, agreement numbers and payment references such as HF-M-3CEF59BB) and the terms kept in Latin letters on purpose are taken out.
 */
async function englishLeft(page: Page, values: string[]): Promise<string[]> {
  // A part marked English (lang="en": the agreement's own words, which are English as its document is) is left out.
  const texts = await page
    .locator('main')
    .locator('h1, h2, h3, button, [role="tab"], label, th, dt, legend, summary, [role="tooltip"]')
    .evaluateAll((elements) =>
      elements.map((el) => {
        const copy = el.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('[lang="en"]').forEach((part) => part.remove());
        return el.closest('[lang="en"]') ? '' : (copy.textContent ?? '');
      }),
    );
  const kept = [...values, 'XIRR', 'SHA-256', 'PDF', 'CSV', 'actual/365'];
  return texts
    .map((text) => kept.reduce((rest, value) => rest.split(value).join(' '), text).replace(/\S+@\S+/g, ' ').replace(/\bHF-[A-Z0-9-]+/g, ' '))
    .filter((text) => /[A-Za-z]{3,}/.test(text))
    .map((text) => text.trim());
}

interface Screen {
  name: string;
  path: string;
  /** A Bengali text the screen shows once it has its data. */
  heading: string | RegExp;
  /** The values on it that stay as typed (the project's own words). */
  values?: () => string[];
}

const SCREENS: Screen[] = [
  { name: 'portfolio', path: '/dashboard/portfolio', heading: 'আপনার মুনাফা', values: () => [projectTitle] },
  { name: 'statements', path: '/dashboard/statements', heading: 'চলতি বছর' },
  { name: 'history', path: '/dashboard/history', heading: 'চুক্তির অনুরোধসমূহ', values: () => [projectTitle] },
  { name: 'history-donations', path: '/dashboard/history?tab=donations', heading: 'রসিদ ও পরিশোধের নিয়ম', values: () => [projectTitle] },
  { name: 'returns', path: '/dashboard/returns', heading: 'আমার পাওনা ফেরত', values: () => [projectTitle] },
  { name: 'profile', path: '/dashboard/profile', heading: 'প্রোফাইল কতটা সম্পূর্ণ' },
  { name: 'settings', path: '/dashboard/settings', heading: 'ইমেইল ও এসএমএস নোটিশ' },
  { name: 'project', path: '', heading: 'প্রকল্প সম্পর্কে', values: () => [projectTitle] },
  // With the project chosen, so its form is drawn too.
  { name: 'donate', path: '', heading: /^পরিমাণ \(৳\)/, values: () => [projectTitle] },
  { name: 'blog-post', path: '/blogs/what-is-murabaha', heading: 'মুরাবাহা কী, আর ঋণ থেকে এটি কীভাবে আলাদা?' },
];

const pathOf = (s: Screen) => (s.name === 'project' ? `/projectDetails?id=${projectId}` : s.name === 'donate' ? `/donate?project=${projectId}` : s.path);

describe.each([390, 1366])('the signed-in app in Bengali at %i px', (width) => {
  it('shows every screen after the dashboard in Bengali, accessible and fitting the window', async () => {
    const { page, context } = await signedInPage(h, investor, width);
    await context.addCookies([{ name: 'lang', value: 'bn', url: h.base }]);
    // The server-rendered pages (the project page, the blog post) are taken over by their code without a mismatch:
    // the server says each feature's words as the browser does once it has loaded them.
    const mismatches: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /hydrat|did not match|didn't match/i.test(m.text())) mismatches.push(m.text().slice(0, 300));
    });
    for (const screen of SCREENS) {
      await page.goto(pathOf(screen));
      await expect.poll(() => page.getByText(screen.heading, { exact: typeof screen.heading === 'string' }).first().isVisible(), { timeout: 30_000 }).toBe(true);
      await ownNetworkIdle(page);
      expect(await page.locator('html').getAttribute('lang')).toBe('bn');
      expect(await englishLeft(page, screen.values?.() ?? []), `${screen.name}: English left`).toEqual([]);
      await expectAccessible(page, `${screen.name} in Bengali at ${width} px`);
      await expectNoSidewaysScroll(page, `${screen.name} in Bengali at ${width} px`);
      await screenshot(page, `bn-app-${screen.name}-${width}`);
    }
    // Money, dates and counts in Bengali digits: the portfolio's total, the blog's date (not in capitals).
    await page.goto('/dashboard/portfolio');
    const totals = page.getByRole('list', { name: 'পোর্টফোলিওর মোট হিসাব' });
    await expect.poll(async () => (await totals.getByRole('listitem').first().textContent()) ?? '').toMatch(/^বিনিয়োগ৳১,০০,০০০/);
    await page.goto('/blogs');
    const date = page.getByText('১০ মার্চ ২০২৫', { exact: true });
    await expect.poll(() => date.isVisible()).toBe(true);
    expect(await date.evaluate((el) => getComputedStyle(el).textTransform)).toBe('none');
    expect(mismatches).toEqual([]);
    expectNoPageErrors(page);
    await context.close();
  });
});
