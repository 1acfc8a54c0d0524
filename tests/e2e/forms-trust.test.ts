/**
 * What a new user meets in the forms and around signing in (issue 28, points 9 to 13), in a real browser at phone
 * and desktop widths: the verification form counts the fields it marks; the project owner form starts from what the
 * person already gave, Country as Bangladesh, its long labels whole and the initial instalment explained; a failed
 * sign-in says why; the OTP screen counts down from the time really left, also after a reload; the dashboard greets by
 * name, and by an e-mail address broken only at its @ and dots.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { person } from '../server/helpers';
import { expectAccessible, expectNoPageErrors, expectNoSidewaysScroll, field, screenshot, signedInPage, signUpToOtp, startHarness, newPage, SHOTS, type Harness } from './harness';
import { apiPerson, call, fixture } from './seed';

const DESKTOP = 1366;
const PHONE = 390;
const WIDTHS = [PHONE, DESKTOP] as const;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 300_000);
afterAll(() => h?.close());

/** Labels of the page's form cut short (drawn with an ellipsis): their text, with how much is hidden. */
function cutLabels(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('form label'))
      .filter((l) => l.offsetParent !== null && l.scrollWidth > l.clientWidth + 1)
      .map((l) => `${l.textContent} (${l.scrollWidth} > ${l.clientWidth})`),
  );
}

/** The seconds an OTP timer shows (mm:ss). */
async function timerSeconds(page: Page): Promise<number> {
  const text = (await page.getByTestId('otp-timer').textContent()) ?? '';
  const m = /^(\d\d):(\d\d)$/.exec(text);
  if (!m) throw new Error(`the timer shows "${text}"`);
  return Number(m[1]) * 60 + Number(m[2]);
}

describe('forms a new user meets', () => {
  it('verification: the count is the number of fields marked', async () => {
    const who = await apiPerson(h);
    for (const width of WIDTHS) {
      const { page, context } = await signedInPage(h, who, width);
      await page.goto('/BasicInfoEdit/verified');
      await page.getByLabel(field('National ID number')).fill('1234');
      await page.getByRole('button', { name: 'Submit for verification' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'highlighted' });
      await alert.waitFor();
      // Country starts as Bangladesh: 13 fields are left to fill, and as many show their message.
      expect(await alert.textContent()).toBe('Please correct the 13 highlighted fields.');
      expect(await page.locator('form [id$="__error"]').count()).toBe(13);
      expect(await page.locator('#root_nid__error').textContent()).toBe('Enter the 10, 13 or 17 digits of your National ID number, without spaces or dashes');
      expect(await page.getByRole('combobox', { name: /Country/ }).inputValue()).toBe('Bangladesh');
      await expectNoSidewaysScroll(page, `verification at ${width}`);
      await screenshot(page, `verification-errors-${width}`);
      // Bengali digits are digits: the field's message goes once they make 13.
      await page.getByLabel(field('National ID number')).fill('১৯৯০১২৩৪৫৬৭৮৯');
      await page.getByLabel(field('Father\'s name')).click();
      await expect.poll(() => page.locator('#root_nid__error').count()).toBe(0);
      await expect.poll(() => alert.textContent()).toBe('Please correct the 12 highlighted fields.');
      expectNoPageErrors(page);
      await context.close();
    }
  });

  it('project owner: prefilled from the profile and the verification, long labels whole, the initial instalment explained', async () => {
    const who = await apiPerson(h);
    await call(h, 'PUT', '/profile', who, { name: 'Farhana Akter', email: 'farhana.contact@example.com', phone: '01811 222333', country: 'Bangladesh' });
    await call(h, 'PUT', '/profile/verification', who, { ...fixture('verification'), nid: '১৯৯০১২৩৪৫৬৭৮৯', city: 'Sylhet', region: 'Sylhet' });
    for (const width of WIDTHS) {
      const { page, context } = await signedInPage(h, who, width);
      await page.goto('/EditProjects/projectOwnerInfo');
      const name = page.getByLabel(field('Full name'));
      await expect.poll(() => name.inputValue()).toBe('Farhana Akter');
      expect(await page.getByLabel(field('Email')).inputValue()).toBe('farhana.contact@example.com');
      expect(await page.getByLabel(field('Phone Number')).inputValue()).toBe('+8801811222333');
      expect(await page.getByRole('combobox', { name: /City/ }).inputValue()).toBe('Sylhet');
      expect(await page.getByRole('combobox', { name: /Region/ }).inputValue()).toBe('Sylhet');
      expect(await page.getByRole('combobox', { name: /Country/ }).inputValue()).toBe('Bangladesh');
      // The number as verified (stored in English digits).
      expect(await page.getByLabel(field('National ID number')).inputValue()).toBe('1990123456789');
      expect(await cutLabels(page)).toEqual([]);
      await expectNoSidewaysScroll(page, `project owner at ${width}`);
      await screenshot(page, `project-owner-prefilled-${width}`);

      // The next step: the long labels are whole (above their outline on a phone), the initial instalment says what it is.
      await page.getByLabel(field('e-TIN')).fill('123456789012');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: 'Business Information', level: 2 }).waitFor();
      const roi = page.getByLabel(field('Return for investors (Murabaha markup %)'));
      await roi.waitFor();
      expect(await cutLabels(page)).toEqual([]);
      expect(await page.getByText('Your first repayment to all investors together, shared by what each invested. 0 for none.').isVisible()).toBe(true);
      if (width === PHONE) {
        // Above the outline, which is whole: the label ends where the field's box begins.
        const label = await page.locator('label', { hasText: 'Return for investors' }).boundingBox();
        const input = await roi.boundingBox();
        expect(label!.y + label!.height).toBeLessThanOrEqual(input!.y);
      }
      await roi.fill('17.7');
      await screenshot(page, `project-owner-business-${width}`);
      // The window as the person sees it there (a full-page picture has the phone's bottom bar over the middle).
      await roi.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: join(SHOTS, `project-owner-long-label-${width}.png`) });
      if (width === DESKTOP) await expectAccessible(page, 'project owner, business step');
      expectNoPageErrors(page);
      await context.close();
    }
    // Someone who gave nothing yet: Country is Bangladesh all the same, the rest empty (but the account's e-mail).
    const fresh = await apiPerson(h);
    const { page } = await signedInPage(h, fresh, PHONE);
    await page.goto('/EditProjects/projectOwnerInfo');
    await expect.poll(() => page.getByRole('combobox', { name: /Country/ }).inputValue()).toBe('Bangladesh');
    expect(await page.getByLabel(field('Email')).inputValue()).toBe(fresh.email);
    expect(await page.getByLabel(field('Full name')).inputValue()).toBe('');
  });

  it('sign-in failure: the title and the server\'s message, the same for an unknown account and a wrong password', async () => {
    const who = await apiPerson(h);
    for (const width of WIDTHS) {
      for (const [identifier, label] of [[who.email, 'wrong-password'], ['nobody.here@example.com', 'unknown']] as const) {
        const { page, context } = await newPage(h, width);
        await page.goto('/login');
        await page.getByLabel(field('Email or phone')).fill(identifier);
        await page.getByLabel(field('Password')).fill('Wrong1!pass');
        await page.getByRole('button', { name: 'Sign in' }).click();
        const dialog = page.getByRole('dialog', { name: 'Login Failed' });
        await dialog.waitFor();
        expect(await dialog.getByText('The email/phone or the password is not correct.').isVisible()).toBe(true);
        await screenshot(page, `sign-in-failed-${label}-${width}`);
        expectNoPageErrors(page);
        await context.close();
      }
    }
  });

  it('OTP: the timer counts down from the time left, on arrival and after a reload', async () => {
    for (const width of WIDTHS) {
      const { page, context } = await newPage(h, width);
      await signUpToOtp(page, person());
      const timer = page.getByTestId('otp-timer');
      await expect.poll(() => timer.textContent()).toMatch(/^0[23]:\d\d$/);
      const first = await timerSeconds(page);
      expect(first).toBeGreaterThan(150);
      expect(first).toBeLessThanOrEqual(180);
      expect(await page.getByText('You can resend after timer ends').isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Resend OTP' }).count()).toBe(0);
      await screenshot(page, `otp-arrival-${width}`);
      // It moves.
      await expect.poll(() => timerSeconds(page), { timeout: 5_000 }).toBeLessThan(first);
      // A reload keeps counting down from the server's time left: not back to 03:00, not 00:00.
      await page.waitForTimeout(1_000);
      const before = await timerSeconds(page);
      await page.reload();
      await expect.poll(() => timer.textContent()).toMatch(/^0[0-3]:\d\d$/);
      const after = await timerSeconds(page);
      expect(after).toBeGreaterThan(before - 10);
      expect(after).toBeLessThanOrEqual(before);
      expectNoPageErrors(page);
      await context.close();
    }
  });

  it('the dashboard greets by name, and by an e-mail address broken only at its @ and dots', async () => {
    const named = await apiPerson(h);
    await call(h, 'PUT', '/profile', named, { ...fixture('profile'), name: 'Farhana Akter' });
    const unnamed = await apiPerson(h, { ...person(), email: `farhana.akter.rahman.chowdhury${Date.now() % 1000}@example.com` });
    for (const width of WIDTHS) {
      for (const [who, label] of [[named, 'name'], [unnamed, 'email']] as const) {
        const { page, context } = await signedInPage(h, who, width);
        await page.goto('/dashboard/dashboardBtn');
        const greeting = page.getByText(/^Welcome, /);
        await greeting.waitFor();
        if (label === 'name') expect(await greeting.textContent()).toBe('Welcome, Farhana Akter.');
        else expect(await greeting.textContent()).toBe(`Welcome, ${who.email}.`);
        // Where each line starts: only after a space, after a dot of the address or at its @.
        const breaks = await greeting.evaluate((el) => {
          const text = el.textContent ?? '';
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          const tops: { index: number; top: number }[] = [];
          let offset = 0;
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (let i = 0; i < node.textContent!.length; i++) {
              const range = document.createRange();
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              const rect = range.getClientRects()[0];
              if (rect) tops.push({ index: offset + i, top: Math.round(rect.top) });
            }
            offset += node.textContent!.length;
          }
          const out: string[] = [];
          for (let i = 1; i < tops.length; i++) if (tops[i]!.top > tops[i - 1]!.top + 2) out.push(`${text.slice(Math.max(0, tops[i]!.index - 3), tops[i]!.index)}|${text.slice(tops[i]!.index, tops[i]!.index + 3)}`);
          return out;
        });
        for (const b of breaks) expect(b, `a line break inside the greeting at ${width} px`).toMatch(/(\s|\.)\||\|@/);
        if (width === PHONE && label === 'email') expect(breaks.length).toBeGreaterThan(0);
        await expectNoSidewaysScroll(page, `dashboard at ${width}`);
        await screenshot(page, `dashboard-greeting-${label}-${width}`);
        expectNoPageErrors(page);
        await context.close();
      }
    }
  });
});
