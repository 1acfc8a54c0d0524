/**
 * The function-valued custom formats: `phone` (a valid mobile number for its region, parsed by libphonenumber-js)
 * and `email-or-phone` (what the sign-in box takes). Plain JavaScript for the same reason as ../phone/phone.js.
 */
import { isMobilePhone } from '../phone/phone.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export { isMobilePhone };

/**
 * An email address (it has an @) or a valid mobile number.
 * @param {string} text
 */
export function isEmailOrPhone(text) {
  return text.includes('@') ? EMAIL.test(text) : isMobilePhone(text);
}
