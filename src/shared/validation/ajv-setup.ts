/**
 * The one Ajv set-up shared by the browser (RJSF, runtime or precompiled), the server and the CLI.
 * Every consumer builds its Ajv instance from these pieces, so a schema can never mean two things.
 */
import Ajv2019 from 'ajv/dist/2019.js';
import type { Options, KeywordCxt, Code, Name } from 'ajv';
import { _ } from 'ajv';
import addFormats from 'ajv-formats';
import addErrors from 'ajv-errors';
import { isEmailOrPhone, isMobilePhone } from './phone-formats.js';
import { patternRegExp } from './pattern-engine.js';

type AjvInstance = InstanceType<typeof Ajv2019>;

/** The Ajv class: draft 2019-09, so `unevaluatedProperties` can see through `if/then` branches. */
export const AjvClass = Ajv2019;

/**
 * Options. They include RJSF's own defaults (verbose, strict off, multipleOfPrecision) so the RJSF validator
 * built from them behaves exactly like the server's. `removeAdditional` stays off: unknown fields are refused.
 */
export const AJV_OPTIONS: Options = {
  allErrors: true,
  verbose: true,
  strict: false,
  multipleOfPrecision: 8,
  discriminator: false,
  removeAdditional: false,
  useDefaults: false,
  coerceTypes: false,
};

/**
 * Custom formats. `upload` is a RegExp, which standalone code inlines. `phone` and `email-or-phone` are functions
 * (libphonenumber-js decides what a valid mobile number is, see src/shared/phone/phone.js); the precompiled
 * validators call them through `standalone-formats.js` (see scripts/compile-validators.ts).
 * - `phone`: a valid mobile number for its region, typed any usual way ("01812345678", "+880 1812-345678").
 * - `email-or-phone`: what the sign-in box accepts.
 * - `upload`: a file field's value, a `data:` URL (a new upload) or `file:<uuid>` (a file the server already holds).
 */
export const CUSTOM_FORMATS: Record<string, RegExp | ((data: string) => boolean)> = {
  phone: isMobilePhone,
  'email-or-phone': isEmailOrPhone,
  upload: /^(?:data:[^,]*,|file:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$)/,
};

/**
 * `matchesField: "<sibling>"` on a property: its value must equal the sibling property's value
 * (retype password). The error sits on the property itself, so its message shows under that field.
 * Generated as code (not a closure) so standalone compilation keeps it.
 */
function addMatchesField(ajv: AjvInstance): void {
  ajv.addKeyword({
    keyword: 'matchesField',
    schemaType: 'string',
    error: { message: 'must match the other field' },
    code(cxt: KeywordCxt) {
      const { data, schema, it } = cxt;
      if (it.dataLevel === 0) return;
      cxt.fail(_`${it.parentData}[${schema as string}] !== undefined && ${data} !== ${it.parentData}[${schema as string}]`);
    },
  });
}

/**
 * `atLeastField: "<sibling>"` on a number property: when both are numbers, the value must be at least the
 * sibling's (a total duration of at least one returning period).
 */
function addAtLeastField(ajv: AjvInstance): void {
  ajv.addKeyword({
    keyword: 'atLeastField',
    schemaType: 'string',
    error: { message: 'must be at least the other field' },
    code(cxt: KeywordCxt) {
      const { data, schema, it } = cxt;
      if (it.dataLevel === 0) return;
      const other = _`${it.parentData}[${schema as string}]`;
      cxt.fail(_`typeof ${data} == "number" && typeof ${other} == "number" && ${data} < ${other}`);
    },
  });
}

/**
 * `atMostMarkedUp: { "amount": "<sibling>", "percent": "<sibling>" }` on a number property: when all three are
 * numbers, the value must be at most amount × (1 + percent / 100), the whole goal's total repayable (an initial
 * instalment cannot exceed it). Compared exactly in paisa and basis points with BigInt, since goal × (10000 + bp)
 * passes 2^53. Generated as code so standalone compilation keeps it.
 */
function addAtMostMarkedUp(ajv: AjvInstance): void {
  ajv.addKeyword({
    keyword: 'atMostMarkedUp',
    schemaType: 'object',
    metaSchema: {
      type: 'object',
      properties: { amount: { type: 'string' }, percent: { type: 'string' } },
      required: ['amount', 'percent'],
      additionalProperties: false,
    },
    error: { message: 'must be at most the amount with its markup' },
    code(cxt: KeywordCxt) {
      const { data, schema, it } = cxt;
      if (it.dataLevel === 0) return;
      const { amount, percent } = schema as { amount: string; percent: string };
      const a = _`${it.parentData}[${amount}]`;
      const p = _`${it.parentData}[${percent}]`;
      const hundredths = (v: Code | Name) => _`BigInt(Math.round(${v} * 100))`;
      // Only amounts that fit in whole paisa exactly (BigInt of Infinity throws); `maximum` refuses the others.
      const safe = (v: Code | Name) => _`typeof ${v} == "number" && Number.isSafeInteger(Math.round(${v} * 100))`;
      const numbers = _`${safe(data)} && ${safe(a)} && ${safe(p)}`;
      cxt.fail(_`${numbers} && ${hundredths(data)} * BigInt(10000) > ${hundredths(a)} * (BigInt(10000) + ${hundredths(p)})`);
    },
  });
}

/**
 * `x-money` on a number field: an annotation for people, not a rule. The value is shown as money — `true`: taka
 * (৳ with separators); a string: the sibling field holding its currency code. Declared so strict Ajv accepts it;
 * it validates nothing (the schema lint checks where it may appear).
 */
function addMoneyAnnotation(ajv: AjvInstance): void {
  ajv.addKeyword({ keyword: 'x-money', schemaType: ['boolean', 'string'] });
}

/**
 * `x-visibility: "public" | "owner" | "staff"` on a field: who may see its stored value (src/shared/forms/visibility.ts).
 * An annotation: it never fails validation; the schema lint checks its value.
 */
function addVisibility(ajv: AjvInstance): void {
  ajv.addKeyword({ keyword: 'x-visibility', schemaType: 'string' });
}

/**
 * `x-pii: true` on a field: it holds personal (identity) data, never shown to the public whatever its `x-visibility`
 * (src/shared/forms/pii.ts). An annotation: it never fails validation; the schema lint checks where it may appear.
 */
function addPii(ajv: AjvInstance): void {
  ajv.addKeyword({ keyword: 'x-pii', schemaType: 'boolean' });
}

/**
 * `x-upload: "image" | "document"` on a file field (`format: "upload"`): what its file may be — an image (PNG or
 * JPEG, the default) or a document (a PDF or an image). The server checks the real content (files/data-url.ts).
 * `x-material: true` on a project form field: a change to it after a Shariah approval sends the review back
 * (src/shared/forms/material.ts). Annotations: they never fail validation; the schema lint checks where they appear.
 */
function addUploadAndMaterial(ajv: AjvInstance): void {
  ajv.addKeyword({ keyword: 'x-upload', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'x-material', schemaType: 'boolean' });
}

/**
 * `x-ascii-digits: true` on a text field: Bengali digits are stored as ASCII ones (src/shared/forms/ascii-digits.ts).
 * An annotation: the field's `pattern` says which digits it accepts; the schema lint checks where it may appear.
 */
function addAsciiDigits(ajv: AjvInstance): void {
  ajv.addKeyword({ keyword: 'x-ascii-digits', schemaType: 'boolean' });
}

/** Adds ajv-errors and our keywords. Passed to RJSF as its `extenderFn`; the same function the server uses. */
export function extendAjv<T extends AjvInstance>(ajv: T): T {
  addMatchesField(ajv);
  addAtLeastField(ajv);
  addAtMostMarkedUp(ajv);
  addMoneyAnnotation(ajv);
  addVisibility(ajv);
  addPii(ajv);
  addUploadAndMaterial(ajv);
  addAsciiDigits(ajv);
  addErrors(ajv);
  return ajv;
}

/**
 * Ajv's `code.regExp` for the server and the CLI: every `pattern` (and `patternProperties` key) runs on RE2, in time
 * linear in the text (./pattern-engine.js). `code` names it in generated code; only standalone compilation reads it,
 * and scripts/compile-validators.ts gives its own with the module's path.
 */
const linearPatterns = Object.assign((source: string, flags: string) => patternRegExp(source, flags), { code: 'patternRegExp' });

/** Builds a ready Ajv instance (formats, custom formats, keywords, ajv-errors) for the server and the CLI. */
export function createAjv(extra: Options = {}): AjvInstance {
  const ajv = new AjvClass({ ...AJV_OPTIONS, ...extra, code: { regExp: linearPatterns, ...extra.code } });
  addFormats(ajv);
  for (const [name, format] of Object.entries(CUSTOM_FORMATS)) ajv.addFormat(name, format);
  return extendAjv(ajv);
}
