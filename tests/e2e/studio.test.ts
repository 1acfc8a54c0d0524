/**
 * The form studio, end to end (issue 13, "Done when"): staff add a required field with its message to the invest
 * form in the studio, see it in the preview, see the lint refuse publishing until the message is there, publish;
 * then, with nothing restarted, a person's form shows the field and the browser validates it with the validator the
 * server compiled (a page whose Content-Security-Policy has no 'unsafe-eval'), the server refuses a request
 * without it with that message, the CLI with `--from` the running server agrees, the new submission records version
 * 2 and the old one still version 1. Then staff roll back from the history. Last, four eyes (issue 31 §6): with a
 * second staff member a change waits until the other approves it.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ROOT } from '../server/helpers';
import { expectAccessible, expectNoPageErrors, expectNoSidewaysScroll, expectToast, field, makeStaffWithCli, screenshot, signedInPage, startHarness, type Harness } from './harness';
import { apiPerson, apiSignIn, apiStaff, call, type ApiPerson } from './seed';
import { bengaliFor } from '../server/content-words';

const run = promisify(execFile);
const PHONE = 390;
const DESKTOP = 1366;

let h: Harness;
let staff: ApiPerson;
let user: ApiPerson;
beforeAll(async () => {
  h = await startHarness();
  staff = await apiStaff(h);
  user = await apiPerson(h);
}, 240_000);
afterAll(() => h?.close());

const invest = JSON.parse(readFileSync(join(ROOT, 'schemas/invest.schema.json'), 'utf8')) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a schema file
const withReferral = (message: boolean) => ({
  ...invest,
  properties: { ...invest.properties, referral: { type: 'string', title: 'Referral code', maxLength: 40, errorMessage: { type: 'Referral code is required', maxLength: 'Referral code must be at most 40 characters' } } },
  required: [...invest.required, 'referral'],
  errorMessage: { ...invest.errorMessage, required: { ...invest.errorMessage.required, ...(message ? { referral: 'Referral code is required' } : {}) } },
});
/** The Bengali of the referral field's texts, typed in the studio's Translations tab. */
const REFERRAL_BN: [string, string][] = [
  ['Referral code', 'রেফারেল কোড'],
  ['Referral code is required', 'রেফারেল কোড দিতে হবে'],
  ['Referral code must be at most 40 characters', 'রেফারেল কোড সর্বোচ্চ ৪০ অক্ষরের হতে পারে'],
];

/** Types each missing Bengali word in the Translations tab (Publish waits for them), with screenshots at both widths. */
async function translateReferral(page: Page, shots = true): Promise<void> {
  const tab = page.getByRole('tab', { name: /^Translations/ });
  await expect.poll(() => tab.textContent()).toBe(`Translations (${REFERRAL_BN.length})`);
  expect(await page.getByRole('button', { name: 'Publish', exact: true }).isDisabled()).toBe(true);
  await page.getByRole('button', { name: 'Show the missing texts' }).click();
  const panel = page.getByRole('region', { name: 'Bengali translations' });
  await panel.getByRole('checkbox', { name: 'Missing only' }).check();
  if (shots) {
    await expectAccessible(page, 'studio translations at 1366 px');
    await screenshot(page, 'studio-translations-missing-1366');
  }
  for (const [en, bn] of REFERRAL_BN) await panel.getByRole('textbox', { name: en, exact: true }).fill(bn);
  await expect.poll(() => tab.textContent()).toBe('Translations');
  await panel.getByRole('checkbox', { name: 'Missing only' }).uncheck();
  if (!shots) return void (await page.getByRole('tab', { name: /^Schema/ }).click());
  await screenshot(page, 'studio-translations-1366');
  await page.setViewportSize({ width: PHONE, height: 844 });
  await screenshot(page, 'studio-translations-390');
  await page.setViewportSize({ width: DESKTOP, height: 900 });
  await page.getByRole('tab', { name: /^Schema/ }).click();
}

const offer = (who: ApiPerson) => ({ name: 'Amina Rahman', location: 'Dhaka', phone: who.phone, email: who.email, investmentType: 'Donate' });

/** Replaces the text of a CodeMirror editor as a paste would. */
async function replaceText(page: Page, label: string, text: string): Promise<void> {
  const editor = page.getByLabel(label, { exact: true });
  await editor.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText(text);
}

/** The History table fits its column: nothing to scroll sideways, every Restore button inside it. */
async function expectHistoryFits(page: Page): Promise<void> {
  const table = page.getByRole('table', { name: 'Versions' });
  const frame = await table.evaluate((el) => {
    const box = el.parentElement!;
    return { scroll: box.scrollWidth - box.clientWidth, right: box.getBoundingClientRect().right };
  });
  expect(frame.scroll).toBeLessThanOrEqual(0);
  const buttons = table.getByRole('button', { name: /^Restore version \d+$/ });
  expect(await buttons.count()).toBeGreaterThan(0);
  for (const button of await buttons.all()) {
    const b = (await button.boundingBox())!;
    expect(b.x + b.width).toBeLessThanOrEqual(frame.right);
    expect(await button.isVisible()).toBe(true);
  }
}

async function publish(page: Page, note: string): Promise<void> {
  await page.getByLabel('Note for this version').fill(note);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
}

async function postOffer(body: unknown): Promise<{ status: number; json: Record<string, any> }> { // eslint-disable-line @typescript-eslint/no-explicit-any -- API JSON
  const res = await fetch(`${h.base}/api/v1/offers`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- API JSON
}

describe('the form studio', () => {
  it('publishes a new required field that browsers, the server and the CLI use at once, then rolls it back', async () => {
    // A submission made with version 1.
    const before = await postOffer(offer(user));
    expect(before.status).toBeLessThan(300);

    // —— Staff: the list, then the invest form.
    const { page } = await signedInPage(h, staff, DESKTOP);
    await page.goto('/staff/forms');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Invest or donate' }) });
    await expect.poll(() => row.textContent()).toContain('v1');
    expect(await row.textContent()).toContain('v1: 1');
    await expectAccessible(page, 'studio list at 1366 px');
    await screenshot(page, 'studio-list-1366');
    await row.getByRole('link', { name: 'Invest or donate' }).click();
    await page.getByLabel('Schema of invest', { exact: true }).waitFor();

    // A required field without its message: it shows in the preview, and the lint refuses it.
    await replaceText(page, 'Schema of invest', JSON.stringify(withReferral(false), null, 2));
    // Only the preview has form fields on this page.
    await page.getByLabel(field('Referral code')).waitFor();
    await translateReferral(page);
    const problems = page.locator('[aria-label="Problems to fix before publishing"]');
    await expect.poll(() => problems.textContent()).toContain('required field "referral" has no message');
    await expect.poll(() => page.getByRole('status').filter({ hasText: /^Draft saved/ }).count()).toBe(1);
    await publish(page, 'Ask for a referral code');
    const refusal = page.getByRole('alert').filter({ hasText: 'Not published' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/referral/);
    await screenshot(page, 'studio-refused-1366');

    // With its message: published as version 2.
    await replaceText(page, 'Schema of invest', JSON.stringify(withReferral(true), null, 2));
    await expect.poll(() => problems.count()).toBe(0);
    await publish(page, 'Ask for a referral code');
    await expectToast(page, 'Published version 2');
    await page.getByRole('heading', { level: 2 }).filter({ hasText: 'version 2 published' }).waitFor();
    await page.getByRole('tab', { name: 'Changes' }).click();
    await page.locator('section[aria-label="Schema changes"]').waitFor();
    // The folds of unchanged lines say so in words, with no character the fonts lack (drawn as empty boxes).
    const fold = page.locator('.cm-collapsedLines').first();
    await fold.waitFor();
    expect(await fold.textContent()).toMatch(/^\d+ unchanged lines$/);
    expect(await fold.evaluate((el) => [getComputedStyle(el, '::before').content, getComputedStyle(el, '::after').content])).toEqual(['""', 'none']);
    await screenshot(page, 'studio-editor-1366');
    expectNoPageErrors(page);

    // —— A person's form, nothing restarted: the field is there and the browser validates it with version 2's
    // validator, loaded from the server as a module under a CSP without 'unsafe-eval'.
    const { page: form } = await signedInPage(h, user, DESKTOP);
    const validators: string[] = [];
    form.on('response', (r) => {
      if (r.url().includes('/validator.js')) validators.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    const doc = await form.goto('/investForm');
    expect(doc!.headers()['content-security-policy']).toBeTruthy();
    expect(doc!.headers()['content-security-policy']).not.toContain('unsafe-eval');
    await form.getByLabel(field('Referral code')).waitFor();
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByText('Referral code is required').waitFor();
    expect(validators).toEqual(['200 /api/v1/forms/invest/versions/2/validator.js']);
    expectNoPageErrors(form);

    // A person reading Bengali sees the Bengali typed in the studio: the field and its message.
    const bengali = await signedInPage(h, user, PHONE);
    await bengali.context.addCookies([{ name: 'lang', value: 'bn', url: h.base }]);
    await bengali.page.goto('/investForm');
    await bengali.page.getByLabel(field('রেফারেল কোড')).waitFor();
    await bengali.page.locator('button[type="submit"]').click();
    await bengali.page.getByText('রেফারেল কোড দিতে হবে').first().waitFor();
    await screenshot(bengali.page, 'studio-published-bengali-390');
    expectNoPageErrors(bengali.page);

    // The server refuses a request without it, with that message; with it, the offer records version 2.
    const refused = await postOffer(offer(user));
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toContainEqual({ path: '/referral', message: 'Referral code is required' });
    const accepted = await postOffer({ ...offer(user), referral: 'FRIEND-1' });
    expect(accepted.status).toBeLessThan(300);
    const { items } = await call(h, 'GET', '/me/offers', user);
    expect(items.map((o: { formVersion: number }) => o.formVersion)).toEqual([2, 1]);

    // —— Roll back: restore version 1 from the history (published again as version 3).
    await page.getByRole('tab', { name: 'History' }).click();
    const versions = page.getByRole('table', { name: 'Versions' });
    await expect.poll(() => versions.getByRole('row').count()).toBe(3);
    await expectHistoryFits(page);
    await screenshot(page, 'studio-history-1366');
    await versions.getByRole('row').filter({ hasText: 'v1' }).getByRole('button', { name: 'Restore version 1' }).click();
    await page.getByRole('dialog', { name: 'Restore version 1?' }).getByRole('button', { name: 'Restore version 1' }).click();
    await expectToast(page, 'Restored as version 3');
    await form.reload();
    await form.getByLabel(field('Name')).waitFor();
    expect(await form.getByLabel(field('Referral code')).count()).toBe(0);
    expect((await postOffer(offer(user))).status).toBeLessThan(300);
    expectNoPageErrors(page);
  });

  it('the CLI validates with the published version when given --from the running server', async () => {
    const { page } = await signedInPage(h, staff, DESKTOP);
    await page.goto('/staff/forms/invest');
    await page.getByLabel('Schema of invest', { exact: true }).waitFor();
    await replaceText(page, 'Schema of invest', JSON.stringify(withReferral(true), null, 2));
    await translateReferral(page, false);
    await expect.poll(() => page.getByRole('status').filter({ hasText: /^Draft saved/ }).count()).toBe(1);
    await publish(page, 'Referral code again');
    await expectToast(page, 'Published version');

    const dir = mkdtempSync(join(tmpdir(), 'studio-cli-'));
    const file = join(dir, 'offer.json');
    writeFileSync(file, JSON.stringify(offer(user)));
    const withFrom = await run('npm', ['run', '-s', 'validate', '--', '--from', h.base, 'invest', file], { cwd: ROOT }).then(
      (r) => ({ code: 0, out: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
    );
    expect(withFrom.code).toBe(1);
    expect(withFrom.out).toContain('Referral code is required');
    // Without --from, the files (which have no referral field) accept it.
    const files = await run('npm', ['run', '-s', 'validate', '--', 'invest', file], { cwd: ROOT });
    expect(files.stdout).toBe(`${file}: valid invest\n`);
  });

  it('is usable on a phone: the editor, the preview and the test cases stack', async () => {
    const { page } = await signedInPage(h, staff, PHONE);
    await page.goto('/staff/forms/invest');
    await page.getByLabel('Schema of invest', { exact: true }).waitFor();
    await page.getByLabel(field('Name')).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'studio-editor-390');
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('table', { name: 'Versions' }).waitFor();
    await expectHistoryFits(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'studio-history-390');
    await page.goto('/staff/forms');
    await page.getByRole('table', { name: 'Forms' }).waitFor();
    await screenshot(page, 'studio-list-390');
    expectNoPageErrors(page);
  });
  it('edits the site content through the form made from its schema, refuses a broken one, publishes it to every page', async () => {
    // Every text's Bengali but the ones this test writes: the bundled words leave the pages, blog and help without.
    const live = await call(h, 'GET', '/content');
    await call(h, 'PUT', '/content/draft', staff, { baseVersion: live.version, content: live.content, translations: bengaliFor(live.content, live.translations) });
    const { page } = await signedInPage(h, staff, DESKTOP);
    await page.goto('/staff/content');
    const tagline = page.getByLabel(field('Tagline'));
    await tagline.waitFor();
    await expectAccessible(page, 'site content at 1366 px');

    // A required text emptied: the draft saves, the server's problem is listed, publishing is refused.
    await page.getByLabel(field('Site name')).fill('');
    const problems = page.locator('[aria-label="Problems to fix before publishing"]');
    await expect.poll(() => problems.textContent()).toContain("must have required property 'siteName'");
    await publish(page, 'Empty name');
    await page.getByRole('alert').or(problems).filter({ hasText: 'Not published' }).first().waitFor();
    const home = await fetch(`${h.base}/`).then((r) => r.text());
    expect(home).toContain('<title>Halal Fund');

    // Fixed, and a new tagline: published as version 2; a visitor's next page has it, nothing rebuilt.
    await page.getByLabel(field('Site name')).fill('Halal Fund');
    await tagline.fill('Fund what matters, the halal way');
    await expect.poll(() => problems.count()).toBe(0);
    // The new tagline has no Bengali: counted, and refused until it is written beside the English.
    await page.getByRole('tab', { name: 'Bengali (1 missing)' }).click();
    const words = page.getByRole('region', { name: 'Bengali translations' });
    await words.getByRole('textbox', { name: 'Fund what matters, the halal way', exact: true }).fill('হালাল পথে যা জরুরি, তাতে অর্থায়ন করুন');
    await page.getByRole('tab', { name: 'Bengali', exact: true }).waitFor();
    await expect.poll(() => page.getByRole('status').filter({ hasText: /^Draft saved/ }).count()).toBe(1);
    await page.getByRole('tab', { name: /Changes/ }).click();
    await page.locator('section[aria-label="Site content"]').waitFor();
    await screenshot(page, 'site-content-changes-1366');
    await publish(page, 'A clearer tagline');
    await expectToast(page, 'Version 2 published');
    const { page: visitor } = await signedInPage(h, null, PHONE);
    await visitor.goto('/');
    expect(await visitor.title()).toBe('Halal Fund — Fund what matters, the halal way');
    expectNoPageErrors(visitor);
    // A Bengali visitor reads the Bengali published with it, on the server's page and once the browser takes over.
    const { page: bengali } = await signedInPage(h, null, PHONE);
    await bengali.goto('/?lang=bn');
    expect(await bengali.title()).toBe('হালাল ফান্ড — হালাল পথে যা জরুরি, তাতে অর্থায়ন করুন');
    await bengali.reload();
    await bengali.locator('html[lang="bn"]').waitFor();
    await expect.poll(() => bengali.title()).toBe('হালাল ফান্ড — হালাল পথে যা জরুরি, তাতে অর্থায়ন করুন');
    expectNoPageErrors(bengali);

    // Back to version 1 from the history, as version 3.
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('list', { name: 'Published versions' }).getByRole('listitem').filter({ hasText: 'Version 1' }).getByRole('button', { name: 'Start from it' }).click();
    await page.getByRole('dialog', { name: 'Start from version 1?' }).getByRole('button', { name: 'Start from it' }).click();
    await expect.poll(() => page.getByLabel(field('Tagline')).inputValue()).toBe('Raise your hand to promote the best products');
    await publish(page, 'Back to the first tagline');
    await expectToast(page, 'Version 3 published');
    await visitor.reload();
    expect(await visitor.title()).toBe('Halal Fund — Raise your hand to promote the best products');
    await page.setViewportSize({ width: PHONE, height: 844 });
    await screenshot(page, 'site-content-390');
    expectNoPageErrors(page);
  });

  it('four eyes: with a second staff member, a form change waits until the other approves it, then a person gets it', async () => {
    // Last in this file: from here on there are two staff, so publishing waits for approval (STUDIO_REQUIRE_APPROVAL=auto).
    const first = await apiPerson(h);
    await makeStaffWithCli(h, first.email);
    const checker = await apiSignIn(h, first);
    const live = await call(h, 'GET', '/forms/invest');
    const promo = { type: 'string', title: 'Promo code', maxLength: 20, errorMessage: { type: 'Promo code must be text', maxLength: 'Promo code must be at most 20 characters' } };
    const schema = { ...live.schema, properties: { ...live.schema.properties, promo } };
    const bn = { ...live.translations?.bn, 'Promo code': 'প্রোমো কোড', 'Promo code must be text': 'প্রোমো কোড লেখায় দিন', 'Promo code must be at most 20 characters': 'প্রোমো কোড সর্বোচ্চ ২০ অক্ষরের' };
    const proposed = await call(h, 'POST', '/forms/invest/publish', staff, { baseVersion: live.version, schema, uiSchema: live.uiSchema, translations: { bn }, note: 'Ask for a promo code' });
    expect(proposed).toEqual({ version: live.version + 1, status: 'pending_approval' });
    expect((await call(h, 'GET', '/forms/invest')).version).toBe(live.version);

    // The author, on a phone: it waits; no buttons to approve it.
    const { page: mine } = await signedInPage(h, staff, PHONE);
    await mine.goto('/staff/forms/invest');
    const waiting = mine.getByRole('region', { name: 'Waiting for approval' });
    await waiting.getByRole('heading', { name: `Your version ${proposed.version} is waiting for approval` }).waitFor();
    expect(await waiting.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await expectNoSidewaysScroll(mine, 'studio with a version waiting at 390 px');
    await screenshot(mine, 'studio-waiting-390');

    // The other staff member sees the change in the diff and approves it.
    const { page } = await signedInPage(h, checker, DESKTOP);
    await page.goto('/staff/forms/invest');
    const pending = page.getByRole('region', { name: 'Waiting for approval' });
    await pending.getByRole('heading', { name: `Version ${proposed.version} is waiting for your approval` }).waitFor();
    await expect.poll(() => pending.locator('section[aria-label="Schema changes"]').textContent()).toContain('Promo code');
    await expectAccessible(page, 'studio approval at 1366 px');
    await screenshot(page, 'studio-approve-1366');
    await pending.getByRole('button', { name: 'Approve' }).click();
    await expectToast(page, `Version ${proposed.version} approved`);
    await page.getByRole('heading', { level: 2 }).filter({ hasText: `version ${proposed.version} published` }).waitFor();
    expectNoPageErrors(page);

    // A person's form has the field now.
    const { page: form } = await signedInPage(h, user, PHONE);
    await form.goto('/investForm');
    await form.getByLabel(field('Promo code')).waitFor();
    expectNoPageErrors(form);
  });
});
