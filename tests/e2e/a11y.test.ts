/**
 * Issue 12 §6: axe-core finds nothing, at any impact level (minor included), on any screen of screens.json, for each
 * kind of visitor: signed out, a project owner, an investor (who sent an agreement request on the owner's project) and
 * staff. Screens a visitor may not open show what that visitor gets there (the sign-in page, a redirect), which must
 * be accessible too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screensConfig } from '../../src/client/config';
import { axeViolations, expectNoPageErrors, signedInPage, startHarness, WIDTHS, type Harness } from './harness';
import type { ApiPerson } from './seed';
import { seedScreenRecords, type ScreenRecords } from './screens';

let h: Harness;
let records: ScreenRecords;

beforeAll(async () => {
  h = await startHarness();
  records = await seedScreenRecords(h);
}, 240_000);
afterAll(() => h?.close());

const visitors: [string, () => ApiPerson | null][] = [
  ['signed out', () => null],
  ['a project owner', () => records.owner],
  ['an investor', () => records.investor],
  ['staff', () => records.staff],
];

/** Opens an address inside the running app (as a link would), so that each screen does not reload the whole bundle. */
async function open(page: Page, address: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, address);
}

/** Waits until no request has been under way for half a second and no loading line shows. */
async function settled(page: Page, inflight: () => number): Promise<void> {
  let quietSince = Date.now();
  while (Date.now() - quietSince < 500) {
    if (inflight() > 0) quietSince = Date.now();
    await page.waitForTimeout(100);
  }
  await page.locator('main').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[role=status] .MuiCircularProgress-root, [role=status] .spinner'));
}

describe('no axe violation at any impact on any screen', () => {
  for (const [name, who] of visitors) {
    it(`finds none for ${name}`, async () => {
      const { context, page } = await signedInPage(h, who(), WIDTHS.desktop);
      let inflight = 0;
      page.on('request', () => inflight++);
      page.on('requestfinished', () => inflight--);
      page.on('requestfailed', () => inflight--);
      await page.goto('/');
      const found: string[] = [];
      // A screen this visitor may not open sends them to one they may (sign in, the dashboard): checked once.
      const checked = new Set<string>();
      let visited = 0;
      for (const screen of screensConfig.screens) {
        const address = records.addressOf(screen);
        if (!address) continue;
        await open(page, address);
        await settled(page, () => inflight);
        visited++;
        const landed = new URL(page.url());
        const key = landed.pathname + landed.search;
        if (checked.has(key)) continue;
        checked.add(key);
        for (const v of await axeViolations(page)) {
          const line = `${screen.id} (${address}${key === address ? '' : ` → ${key}`}): ${v}`;
          if (process.env.A11Y_LOG) console.log(line);
          found.push(line);
        }
      }
      expect(visited).toBe(screensConfig.screens.length);
      expect(found).toEqual([]);
      expectNoPageErrors(page);
      await context.close();
    }, 900_000);
  }
});
