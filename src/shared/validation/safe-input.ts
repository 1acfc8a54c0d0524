/**
 * The rule every form shares, whatever its schema says: text may not hold a NUL character or half of a UTF-16
 * surrogate pair (PostgreSQL cannot store either, and neither is anything a person typed), and a document may not
 * be nested deeper, nor hold more values, than any form needs. The browser, the server (bodies, query strings and
 * path parameters) and the CLI all apply it, so they agree; it is cheap (one pass, no recursion) and runs before the
 * schema's own checks.
 */
import { escapePointerSegment, type FieldError } from './errors';

/** Limits of the shape of one document. Generous for every form; tight enough that no shape is costly. */
export interface InputLimits {
  /** Objects and arrays inside one another (a form with a list of rows is 3 deep). */
  maxDepth: number;
  /** Values (strings, numbers, objects, …) in the whole document (the largest form holds under two hundred). */
  maxValues: number;
  /** Fields of one object (the largest form has about sixty). */
  maxKeys: number;
  /** Errors reported before the walk stops. */
  maxErrors: number;
}

export const INPUT_LIMITS: InputLimits = { maxDepth: 32, maxValues: 5_000, maxKeys: 200, maxErrors: 20 };

export const UNSAFE_TEXT_MESSAGE =
  'This text contains a character that cannot be saved (a null character or a broken emoji). Please retype it.';
export const UNSAFE_NAME_MESSAGE = 'A field name contains a character that is not allowed.';
export const TOO_DEEP_MESSAGE = `The data is nested too deeply (more than ${INPUT_LIMITS.maxDepth} levels).`;
export const TOO_MANY_KEYS_MESSAGE = `This part of the data has too many fields (more than ${INPUT_LIMITS.maxKeys}).`;
export const TOO_MANY_VALUES_MESSAGE = `The data holds too many values (more than ${INPUT_LIMITS.maxValues.toLocaleString('en-US')}).`;

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex -- finding the NUL character is the point
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when a string holds a NUL character or a lone surrogate. */
export function hasUnsafeText(text: string): boolean {
  return UNSAFE_TEXT.test(text);
}

/**
 * The problems of one document's shape and text, as field errors (empty when it is fine). Paths are JSON pointers
 * under `base` (e.g. `/documents/0/description`). Stops at the first depth or size problem, and after
 * `limits.maxErrors` text problems. Recursion is safe: it never goes deeper than `limits.maxDepth`.
 */
export function unsafeInputErrors(value: unknown, base = '', limits: InputLimits = INPUT_LIMITS): FieldError[] {
  const errors: FieldError[] = [];
  const path: string[] = [];
  const here = () => base + path.map((s) => `/${escapePointerSegment(s)}`).join('');
  let values = 1;
  let stop = false;
  const fail = (message: string) => {
    errors.length = 0;
    errors.push({ path: here(), message });
    stop = true;
  };

  const visit = (node: unknown): void => {
    if (typeof node === 'string') {
      if (hasUnsafeText(node)) errors.push({ path: here(), message: UNSAFE_TEXT_MESSAGE });
      if (errors.length >= limits.maxErrors) stop = true;
      return;
    }
    if (node === null || typeof node !== 'object') return;
    if (path.length >= limits.maxDepth) return fail(TOO_DEEP_MESSAGE);
    // Sizes are counted before anything inside is looked at, so a huge list is refused without being walked.
    if (Array.isArray(node)) {
      values += node.length;
      if (values > limits.maxValues) return fail(TOO_MANY_VALUES_MESSAGE);
      for (let i = 0; i < node.length && !stop; i++) {
        path.push(String(i));
        visit(node[i]);
        path.pop();
      }
      return;
    }
    const keys = Object.keys(node);
    values += keys.length;
    if (keys.length > limits.maxKeys) return fail(TOO_MANY_KEYS_MESSAGE);
    if (values > limits.maxValues) return fail(TOO_MANY_VALUES_MESSAGE);
    for (const key of keys) {
      if (stop) return;
      if (hasUnsafeText(key)) {
        errors.push({ path: here(), message: UNSAFE_NAME_MESSAGE });
        continue;
      }
      path.push(key);
      visit((node as Record<string, unknown>)[key]);
      path.pop();
    }
  };
  visit(value);
  return errors;
}
