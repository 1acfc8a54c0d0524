/**
 * The whole marketplace story in a real browser, with three people in three browser contexts — an owner, an
 * investor and a staff member made with the staff CLI — plus a donor and a stranger:
 * profile and verification with real images → staff verifies → the four-step project form (left half-way, draft
 * restored) → staff approves → the investor offers and sends two agreement requests → the owner declines one and
 * accepts the other with a document (optional evidence) → figures and tiles move → both see the schedule → the owner marks an instalment
 * paid, the investor confirms → a donation is pledged and staff confirm it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from '../server/helpers';
import { expectAccessible, expectNoPageErrors, expectNoSidewaysScroll, expectToast, field, makeStaffWithCli, newPage, screenshot, signUpInBrowser, startHarness, WIDTHS, type Harness, signedInPage } from './harness';
import { apiPerson, apiSignIn, type ApiPerson } from './seed';

const IMAGES = join(ROOT, 'tests/fixtures/images');

let h: Harness;
let staffAccount: ApiPerson;
beforeAll(async () => {
  h = await startHarness();
  staffAccount = await apiPerson(h);
  await makeStaffWithCli(h, staffAccount.email);
  staffAccount = await apiSignIn(h, staffAccount);
});
afterAll(() => h?.close());

/** Opens a page signed in as someone made through the API. */
const pageAs = (who: ApiPerson, width: number = WIDTHS.desktop) => signedInPage(h, who, width);

async function fill(page: Page, label: string, value: string | number) {
  await page.getByLabel(field(label)).fill(String(value));
}

/** Types into an autocomplete field and picks the suggestion, as a person would. */
async function pick(page: Page, label: string, value: string) {
  await page.getByLabel(field(label)).fill(value);
  await page.getByRole('option', { name: value, exact: true }).click();
}

/** Picks an option of a closed list (the browser's own select). */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: field(label) }).selectOption({ label: option });
}

/** Waits for a stepped form to show a step; when it does not, says which messages held it back. */
async function expectStep(page: Page, heading: string) {
  const shown = page.getByRole('heading', { name: heading, level: 2 });
  await shown.waitFor({ timeout: 15_000 }).catch(() => undefined);
  if (await shown.isVisible()) return;
  const messages = await page.locator('[id$="__error"]').allTextContents();
  const focused = await page.evaluate(() => document.activeElement?.id ?? document.activeElement?.tagName);
  throw new Error(`the step "${heading}" did not show; messages: ${JSON.stringify(messages.filter(Boolean))}; focus on ${focused}`);
}

async function upload(page: Page, fieldId: string, file: string) {
  await page.locator(`input[data-field-input="${fieldId}"]`).setInputFiles(join(IMAGES, file));
  await page.getByRole('img', { name: /^Preview of/ }).first().waitFor();
}

async function closeDialog(page: Page, title: string | RegExp) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'OK' }).click();
}

async function tile(page: Page, label: string): Promise<string> {
  const card = page.locator('.MuiCard-root', { has: page.getByText(label, { exact: true }) });
  await expect.poll(() => card.locator('p').last().textContent()).not.toBe('');
  return (await card.locator('p').last().textContent()) ?? '';
}

describe('the marketplace story', () => {
  it('goes from verification to repayment and donation across owner, investor and staff', async () => {
    // —— Owner: sign up, profile (40 %), verification with three real images (60 %).
    const { page: owner } = await newPage(h);
    const ownerWho = await signUpInBrowser(h, owner);
    await owner.goto('/EditProjects/projectOwnerInfo');
    await expect.poll(() => owner.getByText(/Verify your identity before you submit a project/).isVisible()).toBe(true);

    await owner.goto('/BasicInfoEdit/basic');
    await expect.poll(() => owner.getByLabel(field('Email')).inputValue()).toBe(ownerWho.email);
    await fill(owner, 'Full name', 'Rahim Uddin');
    // Country starts as Bangladesh.
    expect(await owner.getByLabel(field('Country')).inputValue()).toBe('Bangladesh');
    await owner.getByRole('button', { name: 'Save profile' }).click();
    await expectToast(owner, 'Profile saved');
    await owner.waitForURL('**/dashboard/profile');
    await expect.poll(() => owner.getByText('40%').first().isVisible()).toBe(true);

    await owner.goto('/BasicInfoEdit/verified');
    await fill(owner, 'National ID number', '1990123456789');
    await upload(owner, 'root_nidImage', 'id-card.png');
    await fill(owner, "Father's name", 'Karim Uddin');
    await upload(owner, 'root_nidfImage', 'father.png');
    await fill(owner, 'Nominee name', 'Ayesha Begum');
    await upload(owner, 'root_nomineeImage', 'nominee.jpg');
    await fill(owner, 'Date of birth', '1990-05-17');
    await fill(owner, 'Passport number', 'BX0123456');
    await fill(owner, 'Occupation', 'Farmer');
    await fill(owner, 'Address', 'House 12, Road 5, Dhanmondi');
    await pick(owner, 'City', 'Dhaka');
    await fill(owner, 'Postal code', '1205');
    await pick(owner, 'Region', 'Dhaka');
    expect(await owner.getByLabel(field('Country')).inputValue()).toBe('Bangladesh');
    await expectAccessible(owner, 'verification form');
    await screenshot(owner, 'verification-desktop');
    await owner.getByRole('button', { name: 'Submit for verification' }).click();
    await expectToast(owner, 'Submitted for review');
    await expect.poll(() => owner.getByText('Under review').isVisible()).toBe(true);
    await expect.poll(() => owner.getByText('60%').first().isVisible()).toBe(true);

    // —— Staff (made with the CLI): verify with the images in view, leaving an audit row.
    const { page: staff } = await pageAs(staffAccount);
    await staff.goto('/dashboard/staff/verifications');
    await staff.getByRole('button', { name: /Rahim Uddin/ }).click();
    await expect.poll(() => staff.getByRole('link', { name: 'National ID image (opens the full image)' }).isVisible()).toBe(true);
    await expectAccessible(staff, 'staff verification review');
    await screenshot(staff, 'staff-verification-desktop');
    await staff.getByRole('radio', { name: 'Approve' }).check();
    await staff.getByRole('button', { name: 'Record decision' }).click();
    await expectToast(staff, 'Verified');

    await owner.goto('/dashboard/profile');
    await expect.poll(() => owner.getByText('100%').first().isVisible()).toBe(true);
    await expect.poll(() => owner.getByText('Verified', { exact: true }).isVisible()).toBe(true);

    // —— Owner: the four-step project form; leave half-way and find the draft restored.
    await owner.goto('/EditProjects/projectOwnerInfo');
    // It starts from what the owner gave already (the profile and the verification): nothing to type twice.
    await expect.poll(() => owner.getByLabel(field('Full name')).inputValue()).toBe('Rahim Uddin');
    expect(await owner.getByLabel(field('Email')).inputValue()).toBe(ownerWho.email);
    expect(await owner.getByLabel(field('Country')).inputValue()).toBe('Bangladesh');
    expect(await owner.getByLabel(field('City')).inputValue()).toBe('Dhaka');
    expect(await owner.getByLabel(field('Region')).inputValue()).toBe('Dhaka');
    expect(await owner.getByLabel(field('National ID number')).inputValue()).toBe('1990123456789');
    await owner.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => owner.locator('#root_etin__error').textContent()).toBe('e-TIN is required');
    await fill(owner, 'e-TIN', '123456789012');
    await owner.getByRole('button', { name: 'Next' }).click();
    await fill(owner, 'Business name', 'Green Harvest Agro');
    await expect.poll(() => owner.getByText(/Draft saved at/).isVisible(), { timeout: 10_000 }).toBe(true);
    await owner.goto('/dashboard/dashboardBtn');
    await owner.goto('/EditProjects/projectOwnerInfo');
    await expect.poll(() => owner.getByText(/We restored the draft you were working on/).isVisible()).toBe(true);
    expect(await owner.getByLabel(field('Full name')).inputValue()).toBe('Rahim Uddin');
    await owner.getByRole('button', { name: 'Next' }).click();
    expect(await owner.getByLabel(field('Business name')).inputValue()).toBe('Green Harvest Agro');
    await choose(owner, 'Business category', 'Organic Foods');
    await fill(owner, 'Office address', 'House 12, Road 5, Dhanmondi, Dhaka');
    await choose(owner, 'Business type', 'Product');
    await choose(owner, 'Business size', 'Small');
    await fill(owner, 'Asking amount (৳)', 300000);
    await fill(owner, 'Return for investors (Murabaha markup %)', 17.7);
    await fill(owner, 'Repayment duration (months)', 12);
    await fill(owner, 'Initial instalment (৳)', 0);
    await fill(owner, 'Trade licence number', 'TRAD/DNCC/012345/2024');
    await fill(owner, 'Business TIN', 'BIN-000123456');
    await upload(owner, 'root_projectProfileImage', 'id-card.png');
    await owner.getByRole('button', { name: 'Next' }).click();
    await choose(owner, 'Investment type', 'Halal Way');
    await choose(owner, 'Shariah contract', 'Murabaha');
    await fill(owner, 'Goods or asset financed', 'Organic seed, fertiliser and a cold room');
    await choose(owner, 'Financial document', 'Bank Statement');
    await choose(owner, 'Security', 'Bank Cheque');
    await choose(owner, 'Return', 'Recurring');
    await fill(owner, 'Repayment every (months)', 3);
    await fill(owner, 'Total duration (months)', 12);
    await fill(owner, 'Account number', '0123456789012');
    await fill(owner, 'Account name', 'Green Harvest Agro');
    await fill(owner, 'Bank name', 'Islami Bank Bangladesh');
    await fill(owner, 'Branch name', 'Dhanmondi');
    await fill(owner, 'Branch routing number', '125261234');
    await fill(owner, 'Branch address', 'Road 2, Dhanmondi, Dhaka');
    await fill(owner, 'Share percentage', 30);
    await owner.getByRole('button', { name: 'Next' }).click();
    // Next moved on; it did not submit (no messages on the new step before the user touched it).
    await expectStep(owner, 'Additional Information');
    expect(await owner.getByText(/Please correct the/).count()).toBe(0);
    expect(await owner.locator('#root_briefDescrip__error').count()).toBe(0);
    await fill(owner, 'Brief description', 'Organic vegetables for Dhaka supermarkets.');
    await fill(owner, 'Business explainer video link', 'https://www.youtube.com/watch?v=abc123xyz');
    await expectAccessible(owner, 'project form, last step');
    await screenshot(owner, 'project-form-desktop');
    await owner.getByRole('button', { name: 'Submit project' }).click();
    await expectToast(owner, 'Project submitted');
    await owner.waitForURL('**/dashboard/project');
    await expect.poll(() => owner.getByText('Waiting for review').isVisible()).toBe(true);
    const href = await owner.getByRole('link', { name: 'See Details' }).first().getAttribute('href');
    const projectId = new URLSearchParams(href!.split('?')[1]).get('id')!;

    // —— Staff: approve the project.
    await staff.goto('/dashboard/staff/projects');
    await staff.getByRole('button', { name: /Green Harvest Agro/ }).click();
    await staff.getByRole('radio', { name: 'Approve' }).check();
    await staff.getByRole('button', { name: 'Record decision' }).click();
    await expectToast(staff, 'Project approved');

    // —— Investor: an offer from the project page, then two agreement requests.
    const investorAccount = await apiPerson(h);
    const { page: investor } = await pageAs(investorAccount);
    await investor.goto(`/projectDetails?id=${projectId}`);
    await expect.poll(() => investor.getByRole('heading', { name: 'Green Harvest Agro' }).isVisible()).toBe(true);
    await investor.locator('#main').getByRole('link', { name: 'Make an offer', exact: true }).click();
    await investor.waitForURL('**/investForm?project=*');
    await fill(investor, 'Name', 'Karim Ahmed');
    await pick(investor, 'Location', 'Dhaka');
    await fill(investor, 'Phone Number', investorAccount.phone);
    await fill(investor, 'Email', investorAccount.email);
    await investor.getByRole('radio', { name: 'Investment' }).check();
    await choose(investor, 'Business category', 'Organic Foods');
    await fill(investor, 'Total amount', 150000);
    await investor.getByRole('combobox', { name: field('Currency') }).fill('BD');
    await investor.getByRole('option', { name: 'BDT' }).click();
    await fill(investor, 'Duration (months)', 12);
    await investor.getByRole('radio', { name: 'On-time' }).check();
    await fill(investor, 'Security policy', 'Bank cheque');
    await choose(investor, 'Investment method', 'Bank');
    await fill(investor, 'Description', 'Bank solvency certificate');
    await upload(investor, 'root_documents_0_file', 'father.png');
    await investor.getByRole('button', { name: 'Submit' }).click();
    await expectToast(investor, 'Offer published');
    await investor.waitForURL('**/dashboard/invest');
    await expect.poll(() => investor.getByText('Karim Ahmed').first().isVisible()).toBe(true);

    for (const amount of [50000, 100000]) {
      await investor.goto(`/investmentAgreementForm?project=${projectId}`);
      await fill(investor, 'Investment date', '2026-12-01');
      await choose(investor, 'Investor type', 'Individual');
      await fill(investor, 'Investor name', amount === 50000 ? 'Karim Ahmed (small)' : 'Karim Ahmed');
      await fill(investor, 'Investor address', 'Gulshan 2, Dhaka');
      await fill(investor, 'Investment amount (৳)', amount);
      await choose(investor, 'Investment type', 'Halal Way');
      await fill(investor, 'Description', 'Bank statement');
      await upload(investor, 'root_documents_0_file', 'nominee.jpg');
      await investor.getByRole('button', { name: 'Send agreement request' }).click();
      await expectToast(investor, 'Request sent');
    }

    // —— A stranger cannot open the owner's proposals.
    const { page: stranger } = await pageAs(await apiPerson(h));
    await stranger.goto(`/agreementRequest?project=${projectId}`);
    await expect.poll(() => stranger.getByRole('heading', { name: 'Page not found' }).isVisible()).toBe(true);

    // —— Owner: the proposal cards; decline one with a reason, accept the other with documents.
    await owner.goto(`/agreementRequest?project=${projectId}`);
    // The project's own figures: nobody accepted yet, two requests waiting.
    await expect.poll(() => owner.getByText('0 investors with an accepted agreement · 0 backers in all · 2 requests waiting').isVisible()).toBe(true);
    await expectAccessible(owner, 'proposal cards');
    await screenshot(owner, 'proposals-desktop');
    await owner.getByRole('button', { name: 'Decline the request of Karim Ahmed (small)' }).click();
    const declineDialog = owner.getByRole('dialog', { name: /Decline the request/ });
    await declineDialog.getByRole('button', { name: 'Decline request' }).click();
    await expect.poll(() => declineDialog.locator('#root_reason__error').textContent()).toBe('Tell the investor why you decline');
    await declineDialog.getByLabel(field('Reason')).fill('We prefer one investor for the whole amount.');
    await declineDialog.getByRole('button', { name: 'Decline request' }).click();
    await expectToast(owner, 'Request declined');
    await owner.getByRole('link', { name: 'Accept the request of Karim Ahmed' }).click();
    await owner.waitForURL('**/agreementRequest/agreementAccept?id=*');
    // Documents are optional evidence now (the agreement itself is made at acceptance): add one to attach it.
    await owner.getByRole('button', { name: 'Add document' }).click();
    await fill(owner, 'Description', 'Signed Murabaha agreement');
    await upload(owner, 'root_documents_0_file', 'id-card.png');
    await owner.getByRole('button', { name: 'Accept agreement' }).click();
    await closeDialog(owner, 'Agreement accepted');
    await owner.waitForURL('**/dashboard/returns?view=repayments&agreement=*');

    // —— The figures and the tiles moved.
    await investor.goto(`/projectDetails?id=${projectId}`);
    const figures = investor.getByRole('table', { name: 'Project figures' });
    await expect.poll(() => figures.textContent()).toContain('Raised৳1,00,000');
    expect(await figures.textContent()).toContain('Awaiting acceptance৳0');
    expect(await figures.textContent()).toContain('Murabaha Markup Return %17.70 %');
    await expectAccessible(investor, 'project detail');
    await screenshot(investor, 'project-detail-desktop');
    await owner.goto('/dashboard/dashboardBtn');
    expect(await tile(owner, 'Your Received Amount')).toBe('৳1,00,000');
    await investor.goto('/dashboard/dashboardBtn');
    expect(await tile(investor, 'Your Total Investment')).toBe('৳1,00,000');

    // —— The schedule: owner marks the first instalment paid, the investor confirms it.
    await owner.goto('/dashboard/returns');
    await owner.getByRole('tab', { name: 'My repayments' }).click();
    await expect.poll(() => owner.getByRole('row').count()).toBe(5);
    expect(await owner.getByRole('table').textContent()).toContain('৳29,425');
    await owner.getByRole('button', { name: 'Mark instalment 1 of Green Harvest Agro paid' }).click();
    const payment = owner.getByRole('dialog', { name: 'Mark instalment 1 of Green Harvest Agro paid' });
    await payment.getByRole('radio', { name: 'Cheque' }).check();
    await payment.getByLabel(field('Cheque number')).fill('CDA 1234567');
    await payment.getByRole('button', { name: 'Continue' }).click();
    await owner.getByRole('dialog', { name: 'Record instalment 1 as paid?' }).getByRole('button', { name: 'Record payment' }).click();
    await expect.poll(() => owner.getByText('Paid — awaiting confirmation').isVisible()).toBe(true);
    await investor.goto('/dashboard/returns');
    await investor.getByRole('button', { name: 'Confirm receipt of instalment 1 of Green Harvest Agro' }).click();
    const receipt = investor.getByRole('dialog', { name: 'Confirm you received instalment 1?' });
    await receipt.getByText('CDA 1234567', { exact: true }).waitFor();
    await receipt.getByRole('button', { name: 'Confirm receipt' }).click();
    // Instalment 1's own status chip (the first body row), not the "Confirmed" total's label, which is always on the
    // page: matching that proved nothing and, once the chip also said it, broke on two matches.
    const firstInstalment = investor.getByRole('table', { name: 'Returns to you' }).getByRole('row').nth(1);
    // Polled: the schedule is drawn again after the confirmation, and a slow machine can read it between the two.
    await expect.poll(() => firstInstalment.getByRole('cell').allTextContents()).toEqual(expect.arrayContaining(['Green Harvest Agro', '1']));
    await expect.poll(() => firstInstalment.getByText('Confirmed', { exact: true }).isVisible()).toBe(true);
    await expectAccessible(investor, 'returns');
    await screenshot(investor, 'returns-desktop');
    await investor.goto('/dashboard/history');
    await expect.poll(() => investor.getByText('Accepted').isVisible()).toBe(true);
    expect(await investor.getByText('Declined').isVisible()).toBe(true);

    // —— A donation, pledged by a visitor and confirmed by staff.
    const { page: donor } = await newPage(h, WIDTHS.phone);
    await donor.goto(`/donate?project=${projectId}`);
    await fill(donor, 'Amount (৳)', 60000);
    await choose(donor, 'Payment method', 'Cheque');
    await donor.getByRole('button', { name: 'Donate' }).last().click();
    await expect.poll(() => donor.getByText('Thank you for your donation').isVisible()).toBe(true);
    expect(await donor.getByRole('heading', { name: 'How to pay by Cheque' }).isVisible()).toBe(true);
    const reference = (await donor.getByTestId('payment-reference').textContent()) ?? '';
    expect(reference).toMatch(/^HF-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{2}$/);
    await screenshot(donor, 'donation-receipt-phone');
    // Staff find it by its reference, typed loosely.
    await staff.goto('/dashboard/staff/donations');
    await staff.getByLabel('Find by payment reference').fill(reference.toLowerCase().replace(/-/g, ' '));
    await staff.getByRole('button', { name: 'Find' }).click();
    await staff.getByRole('button', { name: `Review donation ${reference}` }).click();
    await staff.getByRole('radio', { name: 'Approve' }).check();
    await staff.getByRole('button', { name: 'Record decision' }).click();
    await expectToast(staff, 'Donation confirmed');
    await investor.goto(`/projectDetails?id=${projectId}`);
    await expect.poll(() => investor.getByRole('table', { name: 'Project figures' }).textContent()).toContain('Raised৳1,60,000');

    for (const p of [owner, staff, investor, donor, stranger]) expectNoPageErrors(p);
  });

  it('shows every dashboard screen at phone width without errors', async () => {
    const who = await apiPerson(h);
    const { page } = await pageAs(who, WIDTHS.phone);
    for (const path of ['/dashboard/dashboardBtn', '/dashboard/profile', '/dashboard/project', '/dashboard/invest', '/dashboard/history', '/dashboard/returns', '/dashboard/success-story', '/dashboard/settings', '/RelevantInvestorCards']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);
      // Nothing spills sideways.
      await expectNoSidewaysScroll(page, path);
      await expectAccessible(page, path);
      await screenshot(page, `phone${path.replace(/\//g, '-')}`);
    }
    expectNoPageErrors(page);
  });
});
