/**
 * Public pages on a mid-range phone (issue 15 §1): for `/`, `/projects`, a project page, `/login` and `/signup`, the
 * JavaScript (gzip bytes) a reader loads (the page left alone: its code comes once it has loaded and is idle), the
 * JavaScript once the page is used (a key pressed) and that before the first paint, the font bytes, and Lighthouse 12's
 * mobile scores (performance, accessibility, best practices, SEO) and desktop performance, each beside its goal and
 * beside the same page served by the peer: today's client-only build.
 *
 * Builds nothing: it runs the built app (`npm run build` first: dist/client and dist/server; BENCH_DIST names another
 * copy of dist, so a long run is not disturbed by a rebuild) on a database filled
 * by `npm run seed:demo`. The peer is a client-only build kept in BENCH_PEER_CLIENT_DIR (default tmp/peer-client;
 * make one with `git worktree add <dir> ef1a807`, the last commit before server rendering, then `npm ci && npm run
 * build` there, and copy its dist/client), served by the same server with server rendering off. Without it, the peer
 * figures are the issue's (stated in the notes).
 *
 * Load shedding is off (MAX_EVENT_LOOP_DELAY_MS=0): on a shared machine it would refuse the seeding and the pages.
 *
 * "Before the first paint" is measured in Chromium under Lighthouse's mobile conditions (150 ms RTT, 1.6 Mbit/s
 * down, CPU slowed 4×): the render-blocking scripts (Resource Timing's renderBlockingStatus) and, on a page drawn in
 * the browser, every script whose download ended before the first-contentful-paint entry.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { startDistServer } from '../lib/dist-server';
import { timeProcess } from '../lib/measure';
import { phoneProfile } from '../lib/phone';
import type { Benchmark, Figure, Goal } from '../types';

const ROOT = join(import.meta.dirname, '../../..');
const DIST = process.env.BENCH_DIST ? resolve(process.env.BENCH_DIST) : join(ROOT, 'dist');
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The issue's figures for today's client-only build, used when no peer build is at hand. */
const ISSUE_FIGURES: Record<string, Partial<Record<Metric, number>>> = {
  '/': { jsAll: 245, mobilePerformance: 61, fonts: 152 },
  '/login': { jsAll: 371 },
  '/signup': { mobilePerformance: 65 },
};

type Metric = 'jsAll' | 'jsUsed' | 'jsFirstPaint' | 'fonts' | 'mobilePerformance' | 'accessibility' | 'bestPractices' | 'seo' | 'desktopPerformance';

interface PageSpec {
  label: string;
  path: string;
  /** Form routes may load the form engine: 250 kB; the home page 130 kB; other pages no more than the peer. */
  jsGoal: Goal;
  firstPaintGoal: Goal;
}

/**
 * gzip bytes of a built file, from the .gz the build wrote beside it (small files have none: gzip them here). Code
 * the API serves (a published form's validator) is not a built file: its bytes on the wire are counted instead.
 */
function gzipBytes(clientDir: string, pathname: string, onWire: number): number {
  if (pathname.startsWith('/api/')) return onWire;
  const file = join(clientDir, decodeURIComponent(pathname));
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  if (!existsSync(file)) throw new Error(`the page loaded ${pathname}, which is not in ${clientDir}`);
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

interface Transfer {
  /** What a reader loads: the page left alone for a while after it loaded. */
  jsAll: number;
  jsFirstPaint: number;
  fonts: number;
  scripts: number;
  /** What the page has loaded once used (a key pressed) and taken over by its code. */
  jsUsed: number;
  scriptsUsed: number;
}

/** Loads the page in Chromium under mobile conditions and sums what it downloaded (kB). */
async function transfer(browser: Browser, base: string, path: string, clientDir: string, token?: string, formRoute = false): Promise<Transfer> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
  try {
    // A signed-in person's token is in local storage before the page's code runs, as after signing in.
    if (token) await context.addInitScript((t) => localStorage.setItem('token', t), token);
    const page = await context.newPage();
    await phoneProfile(page);
    await page.goto(base + path, { waitUntil: 'networkidle', timeout: 120_000 });
    // A page's code starts once it has loaded and is idle, or when it is used (boot.js): what a reader loads is counted first, after a
    // while with nothing done; then a key is pressed and what the used page loads is counted.
    await page.waitForTimeout(2000);
    const read = await downloaded(page, base, clientDir);
    await page.keyboard.press('Shift');
    // The page's own code is loaded lazily once the entry has run (seconds later on a slowed CPU): wait for it, then
    // for the network to settle again, so its code and fonts are counted.
    // A page's form (or, without one, its heading) is React's (rendered or hydrated) only once the page's code has
    // run; a server-rendered form is taken over once its validator has loaded, so that is counted too.
    // On a form route the form itself (a signed-in screen's heading is drawn before its form's code has arrived).
    await page.waitForFunction(
      (formOnly) => {
        const el = document.querySelector('main form') ?? (formOnly ? null : document.querySelector('main h1'));
        return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
      },
      formRoute,
      { timeout: 120_000 },
    );
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    const used = await downloaded(page, base, clientDir);
    return { ...read, jsUsed: used.jsAll, scriptsUsed: used.scripts };
  } finally {
    await context.close();
  }
}

/** The JavaScript (gzip kB, in all and before the first paint) and fonts the page has downloaded so far. */
async function downloaded(page: Page, base: string, clientDir: string): Promise<Omit<Transfer, 'jsUsed' | 'scriptsUsed'>> {
  const entries = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY;
    const resources = performance.getEntriesByType('resource') as (PerformanceResourceTiming & { renderBlockingStatus?: string })[];
    const serverRendered = document.getElementById('root')?.hasAttribute('data-server-rendered') ?? false;
    return {
      fcp,
      serverRendered,
      resources: resources.map((r) => ({ name: r.name, end: r.responseEnd, onWire: r.encodedBodySize, blocking: r.renderBlockingStatus === 'blocking' })),
    };
  });
  const result = { jsAll: 0, jsFirstPaint: 0, fonts: 0, scripts: 0 };
  for (const r of entries.resources) {
    const url = new URL(r.name);
    if (url.origin !== new URL(base).origin) continue;
    if (url.pathname.endsWith('.js')) {
      const kb = gzipBytes(clientDir, url.pathname, r.onWire) / 1000;
      result.jsAll += kb;
      result.scripts += 1;
      // Needed for the first paint: a script that holds rendering back; on a page drawn in the browser, any script
      // that arrived before that paint (nothing is drawn without the app's code). A server-rendered page is painted
      // from its HTML: a deferred script that happens to arrive first (boot.js) is not needed for it.
      if (r.blocking || (!entries.serverRendered && r.end <= entries.fcp)) result.jsFirstPaint += kb;
    } else if (/\.woff2?$/.test(url.pathname)) {
      result.fonts += statSync(join(clientDir, url.pathname)).size / 1000;
    }
  }
  return result;
}

interface Scores {
  mobilePerformance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  desktopPerformance: number;
}

/**
 * Lighthouse's scores for a page: the median of LIGHTHOUSE_RUNS runs (3 unless set), as Lighthouse's own guidance on
 * variability advises. Its simulated throttling scales the CPU time it observed, so on a shared machine one run can
 * be a few points off either way; the median of three is what the page scores, not what a neighbour did meanwhile.
 */
async function scores(url: string): Promise<Scores> {
  const runs: Scores[] = [];
  const count = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
  for (let i = 0; i < count; i++) runs.push(await scoresRetried(url));
  const median = (key: keyof Scores) => {
    const sorted = runs.map((r) => r[key]).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  return {
    mobilePerformance: median('mobilePerformance'),
    accessibility: median('accessibility'),
    bestPractices: median('bestPractices'),
    seo: median('seo'),
    desktopPerformance: median('desktopPerformance'),
  };
}

async function scoresRetried(url: string): Promise<Scores> {
  // A run Lighthouse itself failed (a trace it could not record: "Please run Lighthouse again") is run again, twice
  // at most; a page's own failure to load is not retried away, it fails on the same error each time.
  for (let attempt = 1; ; attempt++) {
    try {
      return await scoresOnce(url);
    } catch (err) {
      if (attempt === 3 || !/run Lighthouse again/i.test((err as Error).message)) throw err;
      console.log(`  (Lighthouse run ${attempt} for ${url} failed: ${(err as Error).message}; running it again)`);
    }
  }
}

async function scoresOnce(url: string): Promise<Scores> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  try {
    const flags = { port: chrome.port, output: 'json' as const, logLevel: 'error' as const };
    const mobile = await lighthouse(url, { ...flags, onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
    const desktop = await lighthouse(url, { ...flags, onlyCategories: ['performance'] }, desktopConfig);
    const score = (run: typeof mobile, id: string) => {
      const s = run?.lhr.categories[id]?.score;
      if (s === null || s === undefined) throw new Error(`Lighthouse gave no ${id} score for ${url}: ${run?.lhr.runtimeError?.message ?? 'unknown error'}`);
      return Math.round(s * 100);
    };
    return {
      mobilePerformance: score(mobile, 'performance'),
      accessibility: score(mobile, 'accessibility'),
      bestPractices: score(mobile, 'best-practices'),
      seo: score(mobile, 'seo'),
      desktopPerformance: score(desktop, 'performance'),
    };
  } finally {
    chrome.kill();
  }
}

type Measured = Transfer & Scores;

async function measureSite(base: string, pages: PageSpec[], clientDir: string): Promise<Map<string, Measured>> {
  const out = new Map<string, Measured>();
  const browser = await chromium.launch({ executablePath: CHROME, headless: true, args: CHROME_FLAGS.filter((f) => !f.startsWith('--headless')) });
  try {
    for (const spec of pages) {
      const t = await transfer(browser, base, spec.path, clientDir);
      const s = await scores(base + spec.path);
      out.set(spec.label, { ...t, ...s });
    }
  } finally {
    await browser.close();
  }
  return out;
}

/** The form routes a signed-in person uses (the seeded owner), measured for their JavaScript only. */
// The donation form is for a project: `project` is put in for the first listed one.
const SIGNED_IN_FORMS = ['/EditProjects/projectOwnerInfo', '/BasicInfoEdit/verified', '/investForm', '/donate?project='];

async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/auth/user/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: email, password: 'Demo@1234' }),
  });
  const body = (await res.json()) as { token?: string };
  if (!body.token) throw new Error(`signing in as ${email} failed (${res.status})`);
  return body.token;
}

async function measureSignedInForms(base: string, clientDir: string): Promise<Map<string, Transfer>> {
  const token = await signIn(base, 'rahim@example.com');
  const out = new Map<string, Transfer>();
  const browser = await chromium.launch({ executablePath: CHROME, headless: true, args: CHROME_FLAGS.filter((f) => !f.startsWith('--headless')) });
  try {
    const project = new URL(await firstProjectPath(base), base).searchParams.get('id')!;
    for (const path of SIGNED_IN_FORMS) out.set(path, await transfer(browser, base, path.endsWith('=') ? path + project : path, clientDir, token, true));
  } finally {
    await browser.close();
  }
  return out;
}

async function firstProjectPath(base: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/projects`);
  const page = (await res.json()) as { items?: { id: string }[] };
  const id = page.items?.[0]?.id;
  if (!id) throw new Error('the seeded database lists no project');
  return `/projectDetails?id=${id}`;
}

async function run(): Promise<Figure[]> {
  for (const built of ['client/index.html', 'server/server.mjs']) {
    if (!existsSync(join(DIST, built))) throw new Error(`${join(DIST, built)} is missing: run \`npm run build\` first`);
  }
  const peerDir = process.env.BENCH_PEER_CLIENT_DIR ?? join(ROOT, 'tmp/peer-client');
  const hasPeer = existsSync(join(peerDir, 'index.html'));
  mkdirSync(join(ROOT, 'tmp'), { recursive: true });
  const dataDir = mkdtempSync(join(ROOT, 'tmp', 'bench-pages-'));
  try {
    const seeded = await timeProcess(process.execPath, ['--import', 'tsx', 'scripts/seed-demo.ts'], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', MAX_EVENT_LOOP_DELAY_MS: '0' } });
    if (seeded.code !== 0) throw new Error(`seeding failed:\n${seeded.stderr || seeded.stdout}`);
    const ours = await startDistServer(ROOT, DIST, dataDir, { CLIENT_DIR: join(DIST, 'client') });
    let pages: PageSpec[];
    let oursMeasured: Map<string, Measured>;
    let oursForms: Map<string, Transfer> | undefined;
    try {
      const project = await firstProjectPath(ours.url);
      pages = [
        { label: 'home /', path: '/', jsGoal: { atMost: 130 }, firstPaintGoal: { atMost: 0 } },
        { label: '/projects', path: '/projects', jsGoal: { atMost: 130 }, firstPaintGoal: { ratioAtMost: 1 } },
        { label: 'a project page', path: project, jsGoal: { atMost: 130 }, firstPaintGoal: { ratioAtMost: 1 } },
        { label: '/login', path: '/login', jsGoal: { atMost: 250 }, firstPaintGoal: { ratioAtMost: 1 } },
        { label: '/signup', path: '/signup', jsGoal: { atMost: 250 }, firstPaintGoal: { ratioAtMost: 1 } },
        // Arriving from a project's Donate: drawn by the server since issue 33, its code comes on the first tap.
        { label: '/donate', path: `/donate?project=${new URL(project, ours.url).searchParams.get('id')}`, jsGoal: { atMost: 250 }, firstPaintGoal: { ratioAtMost: 1 } },
      ];
      // Each page in Bengali too (issue 29 §4), by its address's ?lang=bn: the same budgets in both languages.
      pages = [...pages, ...pages.map((p) => ({ ...p, label: `${p.label} in Bengali`, path: `${p.path}${p.path.includes('?') ? '&' : '?'}lang=bn` }))];
      // BENCH_PAGES=/,/login measures only those paths (a quicker run); the project page is "project", the donation
      // form "/donate".
      // "forms" adds the signed-in form routes.
      const only = process.env.BENCH_PAGES?.split(',').map((p) => p.trim());
      // BENCH_LANGS=bn (or en) measures one language.
      const languages = process.env.BENCH_LANGS?.split(',').map((l) => l.trim());
      if (languages) pages = pages.filter((p) => languages.includes(p.path.endsWith('lang=bn') ? 'bn' : 'en'));
      const bare = (path: string) => path.replace(/[?&]lang=bn$/, '');
      if (only) pages = pages.filter((p) => only.includes(bare(p.path).replace(/\?project=.*$/, '')) || (only.includes('project') && bare(p.path) === project));
      oursMeasured = await measureSite(ours.url, pages, join(DIST, 'client'));
      if (!only || only.includes('forms')) oursForms = await measureSignedInForms(ours.url, join(DIST, 'client'));
    } finally {
      await ours.stop();
    }
    let peerMeasured: Map<string, Measured> | undefined;
    let peerForms: Map<string, Transfer> | undefined;
    if (hasPeer) {
      const peer = await startDistServer(ROOT, DIST, dataDir, { CLIENT_DIR: peerDir, SERVER_RENDER: 'off' });
      try {
        peerMeasured = await measureSite(peer.url, pages, peerDir);
        if (oursForms) peerForms = await measureSignedInForms(peer.url, peerDir);
      } finally {
        await peer.stop();
      }
    }
    return [...figures(pages, oursMeasured, peerMeasured), ...formFigures(oursForms, peerForms)];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function figures(pages: PageSpec[], ours: Map<string, Measured>, peer: Map<string, Measured> | undefined): Figure[] {
  const out: Figure[] = [];
  for (const spec of pages) {
    const o = ours.get(spec.label)!;
    const p = peer?.get(spec.label);
    const peerOf = (metric: Metric): Figure['peer'] => {
      if (p) return { label: 'client-only build', value: p[metric] };
      const issue = ISSUE_FIGURES[spec.path]?.[metric];
      return issue === undefined ? undefined : { label: 'client-only build (issue 15 figure)', value: issue };
    };
    const line = (metric: Metric, label: string, unit: string, goal: Goal, note?: string): Figure => ({
      label: `${spec.label}: ${label}`,
      value: o[metric],
      unit,
      peer: peerOf(metric),
      goal,
      note,
    });
    out.push(
      line('jsAll', 'JavaScript loaded by a reader (gzip)', 'kB', spec.jsGoal, `${o.scripts} scripts${p ? `; peer ${p.scripts}` : ''}`),
      line('jsUsed', 'JavaScript once used (gzip)', 'kB', spec.jsGoal, `${o.scriptsUsed} scripts${p ? `; peer ${p.scriptsUsed}` : ''}`),
      line('jsFirstPaint', 'JavaScript before first paint (gzip)', 'kB', spec.firstPaintGoal),
      line('fonts', 'fonts loaded', 'kB', { ratioAtMost: 1 }),
      line('mobilePerformance', 'Lighthouse mobile performance', '', { atLeast: 95 }, `median of ${process.env.LIGHTHOUSE_RUNS ?? 3} runs`),
      line('accessibility', 'Lighthouse accessibility', '', { atLeast: 100 }),
      line('bestPractices', 'Lighthouse best practices', '', { atLeast: 100 }),
      line('seo', 'Lighthouse SEO', '', { atLeast: 100 }),
      line('desktopPerformance', 'Lighthouse desktop performance', '', { atLeast: 100 }),
    );
  }
  return out;
}

/** Signed-in form routes: their JavaScript in all, beside the goal for any form route (the peer: the issue gave none). */
function formFigures(ours: Map<string, Transfer> | undefined, peer: Map<string, Transfer> | undefined): Figure[] {
  if (!ours) return [];
  return [...ours].map(([path, o]) => {
    const p = peer?.get(path);
    return {
      label: `${path} (signed in): JavaScript loaded (gzip)`,
      value: o.jsUsed,
      unit: 'kB',
      peer: p ? { label: 'client-only build', value: p.jsUsed } : undefined,
      goal: { atMost: 250 },
      note: `${o.scriptsUsed} scripts${p ? `; peer ${p.scriptsUsed}` : ''}`,
    };
  });
}

const benchmark: Benchmark = { name: 'pages', run };
export default benchmark;
