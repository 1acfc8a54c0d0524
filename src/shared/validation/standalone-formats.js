/**
 * The format functions the precompiled validators call. Ajv standalone code cannot inline a function-valued format,
 * so it emits `require("<this file>").formats.<name>` instead (scripts/compile-validators.ts sets Ajv's
 * `code.formats` to that expression). One `code.formats` serves every format, so this table also carries
 * ajv-formats' own (date, time, …) next to ours. Plain JavaScript for the same reason as ../phone/phone.js.
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { isEmailOrPhone, isMobilePhone } from './phone-formats.js';

export const formats = { ...fullFormats, phone: isMobilePhone, 'email-or-phone': isEmailOrPhone };
