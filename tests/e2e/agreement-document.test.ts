/**
 * The Murabaha agreement in a real browser (issue 28 §8), at 390 and 1366 px: the owner accepts a proposal without
 * uploading anything; the investor downloads the agreement PDF (its bytes hash to the fingerprint the card shows)
 * and agrees by ticking the statement that names the agreement and the amounts; the owner agrees on the proposal
 * card; each sees who agreed when, and the agreement's page says what the PDF says.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, expectNoPageErrors, expectNoSidewaysScroll, screenshot, SHOTS, signedInPage, startHarness, type Harness } from './harness';
import { apiStaff, apiVerifiedOwner, call, fixture, type ApiPerson } from './seed';

let h: Harness;
let owner: ApiPerson;
let investor: ApiPerson;
let projectId: string;
beforeAll(async () => {
  h = await startHarness();
  const staff = await apiStaff(h);
  owner = await apiVerifiedOwner(h);
  investor = await apiVerifiedOwner(h);
  await call(h, 'PUT', '/profile', owner, { ...fixture('profile'), name: 'Rahim Uddin', email: owner.email, phone: owner.phone });
  await call(h, 'PUT', '/profile', investor, { ...fixture('profile'), name: 'Farhana Akter', email: investor.email, phone: investor.phone });
  const project = await call(h, 'POST', '/projects', owner, { ...fixture('project-owner'), askamu: 500000, roi: 17.7, reduration: 7, return: 'Recurring', returningTime: 1, totalDuration: 7 });
  await call(h, 'POST', `/staff/projects/${project.id}/review`, staff, { decision: 'approve' });
  projectId = project.id as string;
}, 300_000);
afterAll(() => h?.close());

/** The agreement's panel on a card. */
const panel = (page: Page) => page.getByRole('region', { name: /^Murabaha agreement HF-M-/ });

const WIDTH = { phone: 390, desktop: 1366 } as const;

describe('the agreement document in the browser', () => {
  it.each([
    ['phone', 'desktop'],
    ['desktop', 'phone'],
  ] as const)('investor on %s downloads and agrees, owner on %s agrees', async (investorWidth, ownerWidth) => {
    const amount = investorWidth === 'phone' ? 100000 : 60000;
    const request = await call(h, 'POST', `/projects/${projectId}/agreement-requests`, investor, {
      ...fixture('agreement-request'),
      investmentAmount: amount,
      investmentType: 'Halal Way',
      investorName: 'Farhana Akter',
    });

    // —— The owner accepts with no upload: documents are optional evidence.
    const { context: ownerContext, page: ownerPage } = await signedInPage(h, owner, WIDTH[ownerWidth]);
    await ownerPage.goto(`/agreementRequest/agreementAccept?id=${request.id}`);
    await ownerPage.getByText('the Murabaha agreement is made from the proposal').waitFor();
    await ownerPage.getByRole('button', { name: 'Accept agreement' }).click();
    const accepted = ownerPage.getByRole('dialog', { name: 'Agreement accepted' });
    await accepted.waitFor();
    await accepted.getByRole('button', { name: 'OK' }).click();
    await ownerPage.waitForURL('**/dashboard/returns?view=repayments&agreement=*');
    // Where acceptance lands: the agreement to download and agree to, above its schedule.
    await panel(ownerPage).getByText('Owner (you): has not agreed yet').waitFor();
    await screenshot(ownerPage, `agreement-owner-returns-${ownerWidth}`);

    // —— The investor downloads the PDF from their history; its bytes are the fingerprint shown.
    const { context: investorContext, page: investorPage } = await signedInPage(h, investor, WIDTH[investorWidth]);
    await investorPage.goto('/dashboard/history');
    const mine = panel(investorPage).first();
    await mine.waitFor();
    const heading = (await mine.getByRole('heading').textContent())!;
    const number = heading.replace('Murabaha agreement ', '');
    const shown = (await mine.getByText(/^Fingerprint \(SHA-256\):/).textContent())!.replace('Fingerprint (SHA-256): ', '').trim();
    const [download] = await Promise.all([investorPage.waitForEvent('download'), mine.getByRole('button', { name: 'Download the agreement (PDF)' }).click()]);
    expect(download.suggestedFilename()).toBe(`${number}-murabaha-agreement.pdf`);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(shown);

    // —— Agreeing is a tick on words that name the agreement and the amounts, then Agree.
    const money = amount === 100000 ? 'BDT 100,000.00' : 'BDT 60,000.00';
    const statement = mine.getByRole('checkbox', { name: new RegExp(`^I have read Murabaha financing agreement ${number} and agree to its terms: I provide ${money}`) });
    const agree = mine.getByRole('button', { name: `Agree to agreement ${number}` });
    expect(await agree.isDisabled()).toBe(true);
    await screenshot(investorPage, `agreement-investor-before-${investorWidth}`);
    await statement.check();
    await agree.click();
    await mine.getByText(/^You agreed on \d+ \w+ \d{4}, \d\d:\d\d/).waitFor();
    expect(await mine.textContent()).toMatch(/Investor \(you\): Farhana Akter agreed on/);
    expect(await mine.textContent()).toContain('Owner: has not agreed yet');
    await expectNoSidewaysScroll(investorPage, `investment history at ${investorWidth}`);
    await expectAccessible(investorPage, `investment history with an agreement at ${investorWidth}`);
    await screenshot(investorPage, `agreement-investor-${investorWidth}`);

    // —— The owner sees the investor's consent on the proposal card and agrees too.
    await ownerPage.goto(`/agreementRequest?project=${projectId}`);
    const card = ownerPage.getByRole('region', { name: `Murabaha agreement ${number}` });
    await card.waitFor();
    expect(await card.textContent()).toMatch(/Investor: Farhana Akter agreed on/);
    await card.getByRole('checkbox', { name: new RegExp(`I receive ${money} from Farhana Akter and pay`) }).check();
    await card.getByRole('button', { name: `Agree to agreement ${number}` }).click();
    await card.getByText(/^You agreed on/).waitFor();
    expect(await card.textContent()).toMatch(/Owner \(you\): Rahim Uddin agreed on/);
    await expectNoSidewaysScroll(ownerPage, `proposal cards at ${ownerWidth}`);
    await expectAccessible(ownerPage, `proposal cards with an agreement at ${ownerWidth}`);
    await screenshot(ownerPage, `agreement-owner-${ownerWidth}`);

    // —— The agreement's page: both consents, the same fingerprint, the words of the PDF.
    await investorPage.reload();
    await panel(investorPage).first().getByText(/Owner: Rahim Uddin agreed on/).waitFor();
    await investorPage.getByRole('link', { name: 'Read it here' }).first().click();
    const article = investorPage.getByRole('article', { name: 'Murabaha Financing Agreement' });
    await article.waitFor();
    expect(await investorPage.getByText(shown).count()).toBe(1);
    const words = (await article.textContent())!;
    for (const text of [number, 'Farhana Akter', 'Rahim Uddin', money, 'It is not interest (riba)', 'National ID ending 6789']) expect(words).toContain(text);
    expect(words).not.toContain('1990123456789');
    await expectNoSidewaysScroll(investorPage, `agreement page at ${investorWidth}`);
    await screenshot(investorPage, `agreement-page-${investorWidth}`);
    await investorPage.screenshot({ path: join(SHOTS, `agreement-page-top-${investorWidth}.png`) });
    expectNoPageErrors(investorPage);
    expectNoPageErrors(ownerPage);
    await investorContext.close();
    await ownerContext.close();
  });
});
