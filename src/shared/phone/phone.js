/**
 * Phone numbers, one way everywhere: parsed with libphonenumber-js in a default region, kept in E.164
 * (+8801812345678), shown as +880 1812-345678.
 *
 * Plain JavaScript (an ES module with `phone.d.ts` beside it) on purpose: the precompiled form validators
 * (Ajv standalone code, CommonJS) `require` the `phone` format from here at run time, in Node (the CLI, the tests)
 * as in the browser bundle, so this file must load without a TypeScript step.
 *
 * Why `libphonenumber-js/mobile`: the `min` metadata cannot tell number types apart (getType() is undefined), so it
 * would accept a Dhaka landline as a sign-up phone that can never receive the code. The `mobile` build's metadata
 * only knows mobile numbers, so isValid() is exactly "a valid mobile number for its region". It costs ~24 kB gzip
 * in the browser (min: ~19 kB), loaded with the form chunks only.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

/** The `<meta name="…">` through which the server tells a page its DEFAULT_PHONE_REGION. */
export const PHONE_REGION_META = 'phone-region';

/**
 * The region at load. In Node (the server, the CLI and the precompiled validators it loads) the setting is read from
 * the environment, so every copy of this module agrees even when a bundle carries its own. The browser has no
 * `process`: it reads the region the server put into the page (src/server/plugins/client.ts), which is there before
 * any script runs, so a local number is read as the server will read it. BD otherwise.
 * @returns {string}
 */
function regionAtLoad() {
  if (typeof process !== 'undefined' && process.env && process.env.DEFAULT_PHONE_REGION) return process.env.DEFAULT_PHONE_REGION;
  if (typeof document !== 'undefined') {
    const meta = document.querySelector(`meta[name="${PHONE_REGION_META}"]`);
    if (meta && meta.getAttribute('content')) return /** @type {string} */ (meta.getAttribute('content'));
  }
  return 'BD';
}

let region = regionAtLoad().toUpperCase();

/**
 * Sets the region a number without a country code belongs to (DEFAULT_PHONE_REGION). The server and the CLI call
 * it at start; the browser reads it from its page.
 * @param {string} next ISO 3166-1 alpha-2 code, e.g. "BD"
 */
export function setDefaultPhoneRegion(next) {
  region = next.toUpperCase();
}

/** @returns {string} the region numbers without a country code are read in. */
export function defaultPhoneRegion() {
  return region;
}

/**
 * @param {string} text
 * @param {string} [inRegion] the region of a number typed without a country code (the default region if omitted)
 * @returns {import('libphonenumber-js').PhoneNumber | undefined}
 */
function parseMobile(text, inRegion = region) {
  if (typeof text !== 'string' || text.length > 40) return undefined;
  const parsed = parsePhoneNumberFromString(text.trim(), /** @type {any} */ (inRegion));
  return parsed && parsed.isValid() ? parsed : undefined;
}

/**
 * The E.164 form of a valid mobile number however it was typed, or undefined when it is not one.
 * @param {string} text e.g. "01812345678", "8801812345678", "+880 1812-345678"
 * @param {string} [inRegion] the region of a number without a country code (the default region if omitted)
 * @returns {string | undefined} e.g. "+8801812345678"
 */
export function toE164(text, inRegion) {
  return parseMobile(text, inRegion)?.number;
}

/**
 * True when the text is a valid mobile number for its region (the Ajv `phone` format).
 * @param {string} text
 */
export function isMobilePhone(text) {
  return parseMobile(text) !== undefined;
}

/**
 * The one readable form of a phone number for screens: "+880 1812-345678" (country code, a space, the national
 * number's groups joined by dashes). Text that is not a number comes back unchanged, trimmed.
 * @param {string} text
 * @returns {string}
 */
export function formatPhone(text) {
  const parsed = parseMobile(text);
  if (!parsed) return typeof text === 'string' ? text.trim() : '';
  const [country, ...groups] = parsed.formatInternational().split(' ');
  return groups.length > 0 ? `${country} ${groups.join('-')}` : String(country);
}
