/**
 * Format rules whose code is loaded on first use (in the browser: the phone rules, whose libphonenumber metadata is
 * 34 kB compressed, more than a sign-in form's whole engine). Until a rule has loaded, its format function gives a
 * provisional answer; the form engine asks `formatsLoading()` before it submits and validates anew when
 * `onFormatsLoaded` fires, so no verdict of a provisional rule is ever final. (The server always has every rule.)
 * Plain JavaScript for the same reason as ../phone/phone.js.
 */

/** @type {Set<Promise<unknown>>} */
const pending = new Set();
/** @type {Set<() => void>} */
const listeners = new Set();
/** @type {Map<string, (text: string) => void>} */
const warmers = new Map();

/**
 * Records a rule's code being loaded; listeners are told when it has (or has failed: the provisional answer then
 * stays, and the server's check decides).
 * @param {Promise<unknown>} loading
 */
export function trackFormatLoading(loading) {
  pending.add(loading);
  loading
    .catch(() => undefined)
    .then(() => {
      pending.delete(loading);
      for (const listener of [...listeners]) listener();
    });
}

/** @returns {Promise<void> | undefined} settles once every rule being loaded has loaded; undefined when none is. */
export function formatsLoading() {
  if (pending.size === 0) return undefined;
  return Promise.all([...pending].map((p) => p.catch(() => undefined))).then(() => undefined);
}

/**
 * Calls `listener` each time a rule's code has loaded (verdicts given before may change).
 * @param {() => void} listener
 * @returns {() => void} stops calling it
 */
export function onFormatsLoaded(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Registers what starts loading a format's rule, given the text in its field.
 * @param {string} format
 * @param {(text: string) => void} warm
 */
export function registerFormatWarmer(format, warm) {
  warmers.set(format, warm);
}

/**
 * Starts loading a format's rule when the text in a field of that format may need it (a field is focused or typed
 * in), so it has usually loaded before the field is left. Nothing for a format that has no lazy rule.
 * @param {unknown} format
 * @param {string} text
 */
export function warmFormat(format, text) {
  if (typeof format === 'string') warmers.get(format)?.(text);
}
