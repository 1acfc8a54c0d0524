/**
 * Browser-test harness: the real server (built front end, a fresh PGlite data directory, outbox SMS) on a free port,
 * Debian's Chromium driven by playwright-core, an axe-core check, and screenshots to look at.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { expect } from 'vitest';
import { freshDataDir, person, ROOT } from '../server/helpers';
import { startServerProcess, type ServerProcess } from '../server/process';

const run = promisify(execFile);

export const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
export const SHOTS = join(ROOT, 'test-results', 'screenshots');

/** Matches a form field's label exactly, with or without the required asterisk (MUI puts a thin space before it). */
export function field(label: string): RegExp {
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`);
}

/** How long the server may take to start: a new PGlite data directory is slow to open on a busy shared machine. */
const SERVER_START_MS = 240_000;

/** The widths the site is checked at. */
export const WIDTHS = { desktop: 1280, tablet: 800, phone: 390 } as const;

export interface Harness {
  server: ServerProcess;
  base: string;
  dataDir: string;
  browser: Browser;
  /** Stops the server, runs `fn` (e.g. a CLI on the data directory), starts it again (on a new port). */
  restartAround(fn: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/** Starts the server and the browser. The front end must be built (npm test builds it first). */
export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  if (!existsSync(CHROME)) throw new Error(`Chromium not found at ${CHROME}: install it with \`apt-get install -y chromium\` or set CHROME_PATH.`);
  if (!existsSync(join(ROOT, 'dist/client/index.html'))) throw new Error('The front end is not built: run `npm run build` first.');
  const dataDir = await freshDataDir();
  // Load shedding off (tests/server/load-shedding.test.ts proves it): on a busy 2-core machine running Chromium beside
  // the server, a late event-loop sample would refuse a test's requests with 503 for reasons that are not the page's.
  // The Shariah review before opening is off unless a test turns it on (shariah-review.test.ts): the tests that open a
  // project through the API are about something else.
  const serverEnv = { DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_MINUTE: '100000', SIGNIN_RATE_LIMIT_PER_MINUTE: '100000', MAX_EVENT_LOOP_DELAY_MS: '0', SHARIAH_REVIEW_REQUIRED: '0', ...env };
  const server = await startServerProcess(serverEnv, SERVER_START_MS);
  const browser = await chromium.launch({
    executablePath: CHROME,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const harness: Harness = {
    server,
    base: server.url,
    dataDir,
    browser,
    restartAround: async (fn) => {
      await harness.server.stop();
      await fn();
      harness.server = await startServerProcess(serverEnv, SERVER_START_MS);
      harness.base = harness.server.url;
    },
    close: async () => {
      await browser.close();
      await harness.server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** Makes an existing account staff with the real CLI (`npm run staff -- add`), which needs the server stopped. */
export async function makeStaffWithCli(h: Harness, email: string): Promise<void> {
  await h.restartAround(async () => {
    const { stdout } = await run('npm', ['run', 'staff', '--', 'add', email], { cwd: ROOT, env: { ...process.env, DATA_DIR: h.dataDir, DATABASE_URL: '' } });
    expect(stdout).toContain('is now staff');
  });
}

/** A new browser context (a separate person) at a width. */
export async function newPage(h: Harness, width: number = WIDTHS.desktop, height = 900): Promise<{ context: BrowserContext; page: Page }> {
  const context = await h.browser.newContext({ viewport: { width, height }, baseURL: h.base });
  const page = await context.newPage();
  const errors: string[] = [];
  pageErrors.set(page, errors);
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  // Requests to our own server under way (an embedded video's frame asks a host this machine cannot reach and never
  // settles, so the browser's own "network idle" may never come).
  const own = { inflight: 0, quietSince: Date.now() };
  ownRequests.set(page, own);
  const ours = (url: string) => url.startsWith(h.base);
  const done = (r: { url(): string }) => {
    if (!ours(r.url())) return;
    own.inflight = Math.max(0, own.inflight - 1);
    if (own.inflight === 0) own.quietSince = Date.now();
  };
  page.on('request', (r) => {
    if (ours(r.url())) own.inflight++;
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  // What went wrong on the page, written as it happens: when a test times out on a machine we cannot look at (CI),
  // its log says whether a chunk failed to load, the server refused a request or a script failed.
  const trouble = (what: string) => console.error(`[browser ${new URL(page.url() || h.base, h.base).pathname}] ${what.slice(0, 400)}`);
  page.on('requestfailed', (r) => {
    // ERR_ABORTED is the browser dropping a page's requests as it leaves for the next one: not trouble.
    if (ours(r.url()) && r.failure()?.errorText !== 'net::ERR_ABORTED') trouble(`request failed: ${r.method()} ${r.url().slice(h.base.length)} (${r.failure()?.errorText ?? 'unknown'})`);
  });
  page.on('response', (r) => {
    if (ours(r.url()) && r.status() >= 500) trouble(`${r.status()} for ${r.request().method()} ${r.url().slice(h.base.length)}`);
  });
  page.on('pageerror', (e) => trouble(`script error: ${e.message}`));
  return { context, page };
}

/**
 * A new browser context signed in as someone (their token in local storage before any script runs), or signed out
 * for `null`. Only the top page gets it: embedded video frames have no storage of ours.
 */
export async function signedInPage(h: Harness, who: { token: string } | null, width: number = WIDTHS.desktop): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(h, width);
  if (who) {
    await context.addInitScript((token) => {
      if (window.top === window) localStorage.setItem('token', token);
    }, who.token);
  }
  return { context, page };
}

const pageErrors = new WeakMap<Page, string[]>();
const ownRequests = new WeakMap<Page, { inflight: number; quietSince: number }>();

/** Waits until no request to our server has been under way for half a second (30 s at most). */
export async function ownNetworkIdle(page: Page): Promise<void> {
  const own = ownRequests.get(page);
  if (!own) return page.waitForLoadState('networkidle');
  const deadline = Date.now() + 30_000;
  while (own.inflight > 0 || Date.now() - own.quietSince < 500) {
    if (Date.now() > deadline) throw new Error(`${own.inflight} request(s) to the server still under way after 30 s on ${page.url()}`);
    await page.waitForTimeout(100);
  }
}

/**
 * Whether React has taken the page over: its frame (the root's first element) and the screen itself (the first and
 * last elements of <main>, drawn by the screen's own code, which may arrive after the frame's).
 */
function isTakenOver(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const reacts = (el: Element | null | undefined) => !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
    const main = document.querySelector('#root main');
    return reacts(document.getElementById('root')?.firstElementChild) && (!main || (reacts(main.firstElementChild ?? main) && reacts(main.lastElementChild ?? main)));
  });
}

/**
 * A signed-out visitor's server-rendered page to read (home, the project list, a project) starts its code only when
 * it is used (public/boot.js): presses Shift, a key that does nothing else, and waits until React has the page.
 */
export async function usePage(page: Page): Promise<void> {
  // The starter is a deferred script: it listens from DOMContentLoaded on.
  await page.waitForLoadState('domcontentloaded');
  await page.keyboard.press('Shift');
  await expect.poll(() => isTakenOver(page), { timeout: 30_000, message: 'the page is taken over by its code' }).toBe(true);
}

/** Fails when a script error happened on the page. */
export function expectNoPageErrors(page: Page): void {
  expect(pageErrors.get(page) ?? []).toEqual([]);
}

/**
 * The axe-core violations of the current page at every impact level (minor included), with axe's default rule set
 * (WCAG 2.x A and AA, and best practices such as landmarks and heading order), one line each.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // The page as people use it: taken over by its code (a server-rendered page's buttons are disabled until then), and
  // its colours at rest, not halfway through a CSS transition (such a button fading from its disabled grey to its
  // colour). Running animations (spinners) never finish: only transitions are waited for. A page to read is used
  // first (its code waits for that).
  if (!(await isTakenOver(page))) await usePage(page);
  // A signed-in person's page is drawn anew over the server's HTML: its own answers first.
  await ownNetworkIdle(page);
  await page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    for (let i = 0; i < 20; i++) {
      await frame();
      const moving = document.getAnimations().filter((a) => a instanceof CSSTransition && a.playState === 'running');
      if (moving.length === 0) return;
      await Promise.all(moving.map((a) => a.finished.catch(() => undefined)));
    }
  });
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

/** Fails on any axe-core violation of the current page, whatever its impact. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  expect(await axeViolations(page), `accessibility of ${label}`).toEqual([]);
}

/** Waits for the success toast with this title (a polite status that goes away by itself: nothing to click). */
export async function expectToast(page: Page, title: string): Promise<void> {
  await page.getByRole('status').filter({ hasText: title }).first().waitFor();
}

/** Saves a full-page screenshot to test-results/screenshots/<name>.png (to look at). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** The newest code the outbox "sent" to a phone. */
export async function outboxCode(h: Harness, phone: string): Promise<string> {
  const res = await fetch(`${h.base}/api/v1/dev/outbox?to=${encodeURIComponent(phone)}`);
  const { messages } = (await res.json()) as { messages: { code: string }[] };
  if (!messages[0]) throw new Error(`no code sent to ${phone}`);
  return messages[0].code;
}

/** How far the page is wider than the window, and the widest element sticking out (to find the culprit). */
export async function overflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number; culprit: string }> {
  return page.evaluate(() => {
    const vw = window.innerWidth;
    let culprit = '';
    let widest = vw;
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const right = el.getBoundingClientRect().right;
      if (right > widest + 0.5) {
        widest = right;
        culprit = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].slice(0, 3).join('.')} (right edge ${Math.round(right)})`;
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: vw, culprit };
  });
}

/**
 * Waits for the page to fit its window (a transition or a font still arriving may stick out for a moment) and fails
 * with the widest element sticking out when it does not.
 */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  let last = await overflow(page);
  const end = Date.now() + 5_000;
  while (last.scrollWidth > last.innerWidth && Date.now() < end) {
    await page.waitForTimeout(100);
    last = await overflow(page);
  }
  expect(last.scrollWidth, `${what}: ${last.scrollWidth} px wide in a ${last.innerWidth} px window; ${last.culprit}`).toBeLessThanOrEqual(last.innerWidth);
}

/** Fills the sign-up form and follows the Welcome popup to the OTP screen. */
export async function signUpToOtp(page: Page, who = person()) {
  await page.goto('/signup');
  await page.getByLabel(field('Email')).fill(who.email);
  await page.getByLabel(field('Phone Number')).fill(who.phone);
  await page.getByLabel(field('Password')).fill(who.password);
  await page.getByLabel(field('Confirm Password')).fill(who.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  const welcome = page.getByRole('dialog', { name: 'Welcome' });
  await welcome.waitFor();
  await welcome.getByRole('button', { name: 'OK' }).click();
  await page.waitForURL('**/OTP');
  return who;
}

/** Signs a new person up through the UI: sign-up, Welcome, OTP screen, code from the outbox, dashboard. */
export async function signUpInBrowser(h: Harness, page: Page, who = person()) {
  await signUpToOtp(page, who);
  await page.getByLabel(field('Verification code')).fill(await outboxCode(h, who.phone));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('dialog', { name: 'Welcome' }).getByRole('button', { name: 'OK' }).click();
  await page.waitForURL('**/dashboard/dashboardBtn');
  return who;
}

/** Signs in through the UI. */
export async function signInInBrowser(page: Page, identifier: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(field('Email or phone')).fill(identifier);
  await page.getByLabel(field('Password')).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('dialog', { name: 'Welcome' }).getByRole('button', { name: 'OK' }).click();
}
