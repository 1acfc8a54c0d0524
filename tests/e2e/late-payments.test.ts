/**
 * Late payments in a real browser at 390 and 1366 px (issue 30 §3): staff press "Run now" on the Scheduled jobs page
 * after an agreement's instalments have fallen behind; the owner's repayments say which instalment is overdue, that
 * the agreement is in default and what late charge for charity accrues (owed to charity, not the investor); staff see
 * the agreement in the Defaults queue, confirm the charge received on the Charity account page and record where the
 * money went; a visitor reads the owner's repayment record on the project page.
 *
 * The server runs on the wall clock, so the agreement is moved back in time while it is stopped: its acceptance and
 * instalments 100 days earlier, as if accepted then (its first instalment 100 days overdue).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sql } from 'kysely';
import { openDatabase } from '../../src/server/db/database';
import { addDays, dhakaToday } from '../../src/shared/format/dhaka-calendar';
import { expectAccessible, expectNoPageErrors, expectNoSidewaysScroll, expectToast, field, screenshot, signedInPage, startHarness, usePage, type Harness } from './harness';
import { apiStaff, apiVerifiedOwner, call, fixture, type ApiPerson } from './seed';

const WIDTHS = [390, 1366] as const;

let h: Harness;
let staff: ApiPerson;
let owner: ApiPerson;
let projectId: string;
let title: string;
beforeAll(async () => {
  h = await startHarness({ LATE_CHARITY_RATE_PA: '12', JOBS: 'off' });
  staff = await apiStaff(h);
  owner = await apiVerifiedOwner(h);
  const project = await call(h, 'POST', '/projects', owner, fixture('project-owner'));
  projectId = project.id as string;
  title = project.title as string;
  await call(h, 'POST', `/staff/projects/${projectId}/review`, staff, { decision: 'approve' });
  const investor = await apiVerifiedOwner(h);
  const request = await call(h, 'POST', `/projects/${projectId}/agreement-requests`, investor, fixture('agreement-request'));
  await call(h, 'POST', `/agreement-requests/${request.id}/accept`, owner, fixture('agreement-accept'));
  const first = ((await call(h, 'GET', '/me/repayments', owner)).items as { dueOn: string }[])[0]!.dueOn;
  const shift = Math.round((Date.parse(first) - Date.parse(addDays(dhakaToday(), -100))) / 86_400_000);
  await h.restartAround(async () => {
    const database = await openDatabase({ dataDir: h.dataDir });
    try {
      await sql`UPDATE instalments SET due_on = due_on - ${shift}::int WHERE agreement_id = ${request.id}::uuid`.execute(database.db);
      await sql`UPDATE agreement_requests SET decided_at = decided_at - make_interval(days => ${shift}::int), created_at = created_at - make_interval(days => ${shift}::int) WHERE id = ${request.id}::uuid`.execute(database.db);
    } finally {
      await database.close();
    }
  });
}, 300_000);
afterAll(() => h?.close());

/** Opens a page as someone at a width, checks it fits and is accessible, and keeps a screenshot of it. */
async function look(who: ApiPerson | null, width: number, path: string, ready: (page: Page) => Promise<unknown>, name: string) {
  const { page, context } = await signedInPage(h, who, width);
  await page.goto(path);
  if (!who) await usePage(page);
  await ready(page);
  await expectNoSidewaysScroll(page, `${name} at ${width} px`);
  await expectAccessible(page, `${name} at ${width} px`);
  await screenshot(page, `${name}-${width}`);
  expectNoPageErrors(page);
  await context.close();
}

describe('late payments in the browser', () => {
  it('runs the jobs now, shows the owner the overdue instalment, the default and the late charge, and staff the queue and the charity account', async () => {
    // —— Staff run the overdue and late-payments jobs now.
    const { page, context } = await signedInPage(h, staff, 1366);
    await page.goto('/dashboard/staff/jobs');
    await page.getByRole('button', { name: 'Run mark-overdue now' }).click();
    await page.getByRole('status').filter({ hasText: 'Ran now: marked 2 instalments overdue' }).waitFor();
    await page.getByRole('button', { name: 'Run late-payments now' }).click();
    await page.getByRole('status').filter({ hasText: 'Ran now: opened 2 late charges, 1 agreement into default, 0 agreements out of default' }).waitFor();
    expectNoPageErrors(page);
    await context.close();
    for (const width of WIDTHS) {
      await look(staff, width, '/dashboard/staff/jobs', (p) => p.getByRole('button', { name: 'Run late-payments now' }).waitFor(), 'staff-jobs-run-now');
    }

    // —— The owner's repayments: overdue, in default, and the charge for charity.
    for (const width of WIDTHS) {
      await look(
        owner,
        width,
        '/dashboard/returns?view=repayments',
        async (p) => {
          await p.getByText(/^Late charges for charity: ৳[\d,.]+ owing$/).waitFor();
          const text = (await p.locator('main').textContent()) ?? '';
          expect(text).toMatch(/Agreement in default since \d{1,2} [A-Z][a-z]{2} \d{4}/);
          expect(text).toMatch(/Late charge for charity: ৳[\d,.]+ so far, owed to the platform's charity account, not to the investor\. It accrues at 12% a year from/);
          expect(await p.getByText('Overdue', { exact: true }).count()).toBe(2);
        },
        'owner-late-charge',
      );
    }

    // —— Staff's queue of agreements in default.
    for (const width of WIDTHS) {
      await look(
        staff,
        width,
        '/dashboard/staff/defaults',
        async (p) => {
          const card = p.getByRole('list', { name: 'Agreements in default' }).getByRole('listitem').filter({ hasText: title });
          await card.getByText('৳58,850 overdue').waitFor();
          expect(await card.textContent()).toMatch(/2 instalments overdue, the oldest due .+ \(100 days\); in default since/);
        },
        'staff-defaults',
      );
    }

    // —— The owner pays the first instalment: its charge is fixed (93 days past the 7 of grace at 12 % a year).
    const first = ((await call(h, 'GET', '/me/repayments', owner)).items as { id: string }[])[0]!;
    const paid = await call(h, 'POST', `/instalments/${first.id}/paid`, owner, fixture('instalment-paid'));
    expect(paid.lateCharge).toMatchObject({ status: 'owed', amount: '899.67' });

    // —— Staff confirm it received, with the reference, and record where it went.
    const { page: desk, context: deskContext } = await signedInPage(h, staff, 1366);
    await desk.goto('/dashboard/staff/charity');
    await desk.getByRole('button', { name: `Confirm receipt of the late charge on ${title}, instalment 1` }).click();
    const dialog = desk.getByRole('dialog');
    await dialog.getByLabel(field("Reference of the payment")).fill('TRX8H2K9Q1');
    await dialog.getByRole('button', { name: 'Confirm receipt' }).click();
    await expectToast(desk, 'Received');
    await desk.getByRole('button', { name: 'Record a payment out' }).click();
    const out = desk.getByRole('dialog');
    await out.getByLabel(field('Paid to')).fill('Dhaka Shishu Hospital fund');
    await out.getByLabel(field('Amount (৳)')).fill('500');
    await out.getByLabel(field('Paid on')).fill(dhakaToday());
    await out.getByLabel(field('Reference of the payment')).fill('BANK-0115-77');
    await screenshot(desk, 'staff-charity-pay-out-1366');
    await out.getByRole('button', { name: 'Record payment' }).click();
    await expectToast(desk, 'Payment recorded');
    // The page reloads its figures after the toast: what the account holds now, less the payment.
    await expect.poll(() => desk.getByRole('list', { name: 'Charity account' }).getByRole('listitem').first().textContent()).toBe('Held now৳399.67received, less paid out');
    expectNoPageErrors(desk);
    await deskContext.close();
    for (const width of WIDTHS) {
      await look(staff, width, '/dashboard/staff/charity', (p) => p.getByRole('tab', { name: /Owing/ }).waitFor(), 'staff-charity');
    }

    // —— A visitor reads the owner's repayment record on the project page.
    for (const width of WIDTHS) {
      await look(
        null,
        width,
        `/projectDetails?id=${projectId}`,
        async (p) => {
          const record = p.getByRole('table', { name: "Owner's repayment record" });
          await record.waitFor();
          expect(await record.textContent()).toBe('Paid on time0 instalmentsPaid late1 instalmentOverdue now0 instalmentsUnpaid, in default1 instalment (1 agreement)');
        },
        'project-repayment-record',
      );
    }
  }, 600_000);
});
