/**
 * The Shariah review in a real browser (issue 31 §5), with SHARIAH_REVIEW_REQUIRED on: a Shariah adviser given the
 * role from the command line (not staff) records a request for changes on their own queue (phone), then staff record
 * an approval with the signed opinion as a PDF (desktop) on the staff projects page; the
 * project then opens, and its public page shows "Shariah review: approved by <adviser> on <date>" with a link to the
 * opinion that anyone can read.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promisify } from 'node:util';
import { execFile } from 'node:child_process';
import { expectNoPageErrors, expectNoSidewaysScroll, expectToast, screenshot, signedInPage, startHarness, type Harness } from './harness';
import { apiPerson, apiStaff, apiVerifiedOwner, call, fixture, type ApiPerson } from './seed';
import { opinionPdf } from '../../scripts/lib/opinion-pdf';

let h: Harness;
let staff: ApiPerson;
let adviser: ApiPerson;
let projectId: string;
beforeAll(async () => {
  h = await startHarness({ SHARIAH_REVIEW_REQUIRED: '1' });
  staff = await apiStaff(h);
  // A Shariah adviser who is not staff: given the role with the real command line (the server stopped meanwhile).
  adviser = await apiPerson(h);
  await h.restartAround(async () => {
    const { stdout } = await promisify(execFile)('npm', ['run', 'staff', '--', 'shariah', adviser.email], { cwd: join(import.meta.dirname, '../..'), env: { ...process.env, DATA_DIR: h.dataDir, DATABASE_URL: '' } });
    expect(stdout).toContain('is now a Shariah reviewer');
  });
  const owner = await apiVerifiedOwner(h);
  projectId = (await call(h, 'POST', '/projects', owner, { ...fixture('project-owner'), bname: 'Halal Rice Traders' })).id as string;
}, 300_000);
afterAll(() => h?.close());

describe('Shariah review in the browser', () => {
  it.each([
    ['phone', 'the Shariah adviser on their own queue', 390, 'changes_requested', '/dashboard/shariah'],
    ['desktop', 'staff on the staff projects page', 1366, 'approved', '/dashboard/staff/projects'],
  ] as const)('on %s: %s record the review', async (name, _who, width, decision, path) => {
    const { context, page } = await signedInPage(h, path === '/dashboard/shariah' ? adviser : staff, width);
    expectNoPageErrors(page);
    await page.goto(path);
    await page.getByRole('button', { name: /Halal Rice Traders/ }).click();
    const panel = page.getByRole('region', { name: 'Shariah review' });
    await panel.waitFor();
    if (decision === 'changes_requested') await panel.getByRole('radio', { name: 'Changes requested' }).check();
    await panel.getByLabel('Shariah adviser').fill('Mufti Abdur Rahman');
    await panel.getByLabel('Note').fill(decision === 'approved' ? 'Murabaha terms and goods checked.' : 'Name the goods financed.');
    if (decision === 'approved') {
      const file = join(mkdtempSync(join(tmpdir(), 'opinion-')), 'opinion.pdf');
      writeFileSync(file, opinionPdf(['Shariah opinion', 'Halal Rice Traders: approved']));
      // The schema form's document upload (a PDF or an image): its hidden file input.
      await panel.locator('input[type=file]').setInputFiles(file);
      await panel.getByText('opinion.pdf').waitFor();
    }
    await panel.getByRole('button', { name: 'Record Shariah review' }).click();
    await expectToast(page, 'Shariah review recorded');
    await panel.getByText(decision === 'approved' ? /Approved by Mufti Abdur Rahman .* \(in force\)/ : /Changes requested by Mufti Abdur Rahman/).waitFor();
    // The queue's line for the project says what was just recorded, without a reload.
    if (path === '/dashboard/shariah') await page.getByRole('button', { name: /Halal Rice Traders.*changes requested/ }).waitFor();
    await screenshot(page, `shariah-staff-${name}`);
    await expectNoSidewaysScroll(page, 'the staff Shariah review');
    await context.close();
  });

  it('staff mark a person a qualified investor with an evidence PDF on the Investors page, and take it back', async () => {
    const { context, page } = await signedInPage(h, staff, 1366);
    expectNoPageErrors(page);
    await page.goto('/dashboard/staff/people');
    await page.getByLabel('E-mail, phone or name').fill(adviser.email);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await page.getByRole('button', { name: new RegExp(`${adviser.email.replace(/[.+]/g, '\\$&')}.*retail`) }).click();
    const pane = page.getByRole('region', { name: `Investor status of ${adviser.email}` });
    await pane.getByText(/Retail investor: limits apply/).waitFor();
    const file = join(mkdtempSync(join(tmpdir(), 'evidence-')), 'net-worth.pdf');
    writeFileSync(file, opinionPdf(['Net worth statement']));
    await pane.locator('input[type=file]').setInputFiles(file);
    await pane.getByText('net-worth.pdf').waitFor();
    await pane.getByLabel('Note').fill('Net worth statement seen');
    await pane.getByRole('button', { name: 'Record status' }).click();
    await expectToast(page, 'Status recorded');
    await pane.getByText(/Qualified investor: no retail limits/).waitFor();
    await pane.getByRole('button', { name: 'Evidence' }).waitFor();
    await screenshot(page, 'staff-investors-desktop');
    await pane.getByLabel('Note').fill('Evidence expired');
    await pane.getByRole('button', { name: 'Record status' }).click();
    await pane.getByText(/Retail investor: limits apply/).waitFor();
    await pane.getByText(/Retail again .* Evidence expired/).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'staff-investors-phone');
    await expectNoSidewaysScroll(page, 'the staff Investors page');
    await context.close();
  });

  it('the public project page shows the approval and the opinion, on a phone and a desktop', async () => {
    await call(h, 'POST', `/staff/projects/${projectId}/review`, staff, { decision: 'approve' });
    for (const [name, width] of [['phone', 390], ['desktop', 1366]] as const) {
      const { context, page } = await signedInPage(h, null, width);
      expectNoPageErrors(page);
      await page.goto(`/projectDetails?id=${projectId}`);
      await page.getByText(/^Shariah review: approved by Mufti Abdur Rahman on \d/).waitFor();
      const link = page.getByRole('link', { name: 'Read the signed opinion' });
      const opinion = await page.request.get(new URL((await link.getAttribute('href'))!, h.base).toString());
      expect(opinion.status()).toBe(200);
      expect(opinion.headers()['content-type']).toBe('application/pdf');
      await screenshot(page, `shariah-project-${name}`);
      await context.close();
    }
  });
});
