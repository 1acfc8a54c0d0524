/**
 * The page's pattern engine (the build puts this file in place of ./pattern-engine.js, see vite.config.ts): the
 * browser's own RegExp. It only ever sees patterns the lint let through, which run in linear time and match exactly
 * what RE2 matches on the server; RE2 itself would add some 46 kB (re2js) to 300 kB (re2-wasm) to every form page.
 */

/**
 * @param {string} source
 * @param {string} [flags]
 */
export function patternRegExp(source, flags = 'u') {
  return new RegExp(source, flags);
}
