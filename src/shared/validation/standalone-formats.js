/**
 * The format functions the precompiled validators call. Ajv standalone code cannot inline a function-valued format,
 * so it emits `require("<this file>").formats.<name>` instead (scripts/compile-validators.ts sets Ajv's
 * `code.formats` to that expression). One `code.formats` serves every format, so this table also carries
 * ajv-formats' own (date, time, …) next to ours. Plain JavaScript for the same reason as ../phone/phone.js.
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { isEmailOrPhone, isMobilePhone } from './phone-formats.js';

// The engine the precompiled validators compile their patterns with, from the module they already require (so the
// page loads no file more for it): RE2 in Node, the browser's RegExp in the page (see ./pattern-engine.js).
export { patternRegExp } from './pattern-engine.js';

export const formats = { ...fullFormats, phone: isMobilePhone, 'email-or-phone': isEmailOrPhone };

/**
 * The global through which a validator the server compiled for a published version finds this table. The page already
 * has it (and libphonenumber, which the phone widget uses too), so the served module does not carry a second copy:
 * that copy was three quarters of its weight (40 kB of 41 kB compressed for the sign-in form).
 */
export const FORMATS_GLOBAL = '__formEngineFormats';

/** Makes the table reachable to served validators; call before importing one. */
export function shareFormats() {
  globalThis[FORMATS_GLOBAL] ??= formats;
}
