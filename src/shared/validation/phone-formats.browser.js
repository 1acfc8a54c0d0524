/**
 * The browser's `phone` and `email-or-phone` formats (the build puts this file in place of ./phone-formats.js for
 * the page; the server, the CLI and the tests keep that one). libphonenumber and its mobile metadata load on first
 * use: when a phone field is focused, when a sign-in box's text starts like a number, or when a number is validated.
 * Until then a number only has to look like one (7 to 15 digits); see ./lazy-formats.js for how the engine makes sure
 * that answer is never the last word. Plain JavaScript for the same reason as ../phone/phone.js.
 */
import { registerFormatWarmer, trackFormatLoading } from './lazy-formats.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LOOKS_LIKE_A_NUMBER = /^\+?\d{7,15}$/;
const STARTS_LIKE_A_NUMBER = /^\s*[+(\d]/;

/** @type {((text: string) => boolean) | undefined} */
let rule;
/** @type {Promise<void> | undefined} */
let loading;

/** Starts loading the rule (once; again after a failed attempt). */
export function loadPhoneRule() {
  if (!loading) {
    loading = import('../phone/phone.js').then(
      (m) => {
        rule = m.isMobilePhone;
      },
      (error) => {
        loading = undefined;
        throw error;
      },
    );
    trackFormatLoading(loading);
  }
  return loading;
}

/**
 * True when the text is a valid mobile number for its region; provisionally, until the rule has loaded, when it
 * looks like a phone number.
 * @param {string} text
 */
export function isMobilePhone(text) {
  if (rule) return rule(text);
  void loadPhoneRule().catch(() => undefined);
  return typeof text === 'string' && LOOKS_LIKE_A_NUMBER.test(text.replace(/[\s().-]/g, ''));
}

/**
 * An email address (it has an @) or a valid mobile number.
 * @param {string} text
 */
export function isEmailOrPhone(text) {
  return text.includes('@') ? EMAIL.test(text) : isMobilePhone(text);
}

registerFormatWarmer('phone', () => void loadPhoneRule().catch(() => undefined));
registerFormatWarmer('email-or-phone', (text) => {
  if (STARTS_LIKE_A_NUMBER.test(text)) void loadPhoneRule().catch(() => undefined);
});
