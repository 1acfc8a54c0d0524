/**
 * No page scrolls sideways (issue 12 §1): every screen of screens.json, at a phone, a tablet and a laptop width,
 * signed out for public pages, as a project owner for the account pages and as staff for the staff queues. Routes
 * that need a record get a real one, made through the API: an open project with an agreement request on it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screensConfig } from '../../src/client/config';
import { expectNoPageErrors, overflow, screenshot, startHarness, WIDTHS, type Harness, signedInPage } from './harness';
import type { ApiPerson } from './seed';
import { seedScreenRecords, type ScreenRecords } from './screens';

let h: Harness;
let owner: ApiPerson;
let staff: ApiPerson;
let records: ScreenRecords;

beforeAll(async () => {
  h = await startHarness();
  records = await seedScreenRecords(h);
  ({ owner, staff } = records);
}, 240_000);
afterAll(() => h?.close());

/** Opens a page as this person (null: signed out). */
const pageAs = (who: ApiPerson | null, width: number) => signedInPage(h, who, width);

describe('no page scrolls sideways', () => {
  for (const [name, width] of Object.entries({ phone: WIDTHS.phone, tablet: WIDTHS.tablet, laptop: 1366 })) {
    it(`keeps every screen within ${width} px (${name})`, async () => {
      const people = { signedOut: await pageAs(null, width), owner: await pageAs(owner, width), staff: await pageAs(staff, width) };
      const wide: string[] = [];
      let checked = 0;
      for (const screen of screensConfig.screens) {
        const address = records.addressOf(screen);
        if (!address) continue;
        const who = screen.auth === 'staff' ? people.staff : screen.auth === 'user' ? people.owner : people.signedOut;
        await who.page.goto(address);
        await who.page.waitForLoadState('networkidle');
        // The screen's own heading or content has rendered (not a loading line).
        await who.page.locator('main').first().waitFor();
        const o = await overflow(who.page);
        checked++;
        if (o.scrollWidth > o.innerWidth) wide.push(`${screen.id} (${address}): ${o.scrollWidth} px wide in a ${o.innerWidth} px window; ${o.culprit}`);
        if (['home', 'agreement-accept', 'profile'].includes(screen.id)) await screenshot(who.page, `${screen.id}-${name}`);
      }
      expect(checked).toBe(screensConfig.screens.length);
      expect(wide).toEqual([]);
      for (const p of Object.values(people)) {
        expectNoPageErrors(p.page);
        await p.context.close();
      }
    }, 600_000);
  }
});
