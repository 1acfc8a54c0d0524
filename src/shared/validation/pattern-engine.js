/**
 * The engine a schema's `pattern` runs on in the server and the CLI: RE2 (re2js, a JavaScript port of RE2), whose
 * matching time grows linearly with the text whatever the pattern, so no pattern (one published before the lint
 * refused super-linear ones, a schema file edited by hand) can stall the process on what someone types. The pattern
 * is read with JavaScript's meaning (./re2-syntax.js), so for every pattern the lint accepts it matches exactly the
 * strings the browser's own RegExp matches. A pattern with no repetition and no alternative (`\S`, `[a-z]`, `^/`)
 * leaves a backtracking engine no choice to go back on: JavaScript's RegExp runs those, about ten times faster than
 * re2js. Given to Ajv as `code.regExp` (src/shared/validation/ajv-setup.ts, and scripts/compile-validators.ts through
 * ./standalone-formats.js); the page's build puts ./pattern-engine.browser.js in its place (vite.config.ts).
 *
 * Why re2js and not re2-wasm: re2-wasm's WebAssembly heap is a fixed 16 MB that aborts when full, and ten patterns
 * with Unicode classes fed random text filled it in a test; re2js keeps its state on the JavaScript heap and was
 * also faster here (1.2 µs against 3.4 µs per test of `\S`). The native `re2` package needs minutes of compiling.
 *
 * Plain JavaScript (with a .d.ts beside it) because the precompiled validators `require` it at run time.
 */
import { RE2JS } from 're2js';
import { toRe2Syntax } from './re2-syntax.js';

/** A compiled pattern as Ajv uses it. */
class LinearPattern {
  /**
   * @param {string} source the pattern as the schema writes it
   * @param {{ test(text: string): boolean }} engine what runs it: RE2, or JavaScript's RegExp for a pattern without
   *   repetition or alternative, which no engine can backtrack on (about ten times faster than re2js, e.g. on `\S`)
   */
  constructor(source, engine) {
    this.source = source;
    this.engine = engine;
  }

  /** @param {string} text */
  test(text) {
    return this.engine.test(text);
  }

  // Ajv keys its cache of patterns by this, so two patterns must never share it.
  toString() {
    return `/${this.source}/u`;
  }
}

/** A pattern RE2 cannot run (see `patternRegExp`): no text matches it. */
class UnrunnablePattern {
  /** @param {string} source */
  constructor(source) {
    this.source = source;
  }

  test() {
    return false;
  }

  toString() {
    return `/${this.source}/u`;
  }
}

/** Compiled patterns by source: schemas repeat the same few patterns, and a version's check is compiled once. */
const compiled = new Map();

/** @type {(message: string) => void} */
let report = (message) => console.warn(`warning: ${message}`);

/**
 * Where to say that a pattern cannot run (the server sends it to its log; the default prints to stderr).
 * @param {(message: string) => void} listener
 */
export function onUnrunnablePattern(listener) {
  report = listener;
}

/**
 * Compiles a schema pattern for linear-time matching. Throws JavaScript's SyntaxError for what is no pattern at all.
 * A pattern RE2 cannot run (a look-around, a backreference), which the lint refuses but an older published version or
 * a file edited by hand may still have, matches nothing: its field is refused with its own message rather than run
 * on a backtracking engine (the server has the last word), and `onUnrunnablePattern` is told once.
 * @param {string} source the pattern
 * @param {string} [flags] Ajv's flags: "u" (or none)
 * @returns {{ test(text: string): boolean }}
 */
export function patternRegExp(source, flags = 'u') {
  if (flags !== 'u' && flags !== '') throw new SyntaxError(`a schema pattern takes no flags but "u" (got "${flags}")`);
  let pattern = compiled.get(source);
  if (!pattern) {
    new RegExp(source, 'u');
    try {
      const re2 = compileRe2(source);
      pattern = new LinearPattern(source, toRe2Syntax(source).branching ? re2 : new RegExp(source, 'u'));
    } catch (err) {
      report(`${/** @type {Error} */ (err).message}: every value is refused by it (publish a version without it)`);
      pattern = new UnrunnablePattern(source);
    }
    compiled.set(source, pattern);
  }
  return pattern;
}

/**
 * The RE2 program of a JavaScript pattern, or a SyntaxError that says why there is none.
 * @param {string} source
 * @returns {RE2JS}
 */
export function compileRe2(source) {
  new RegExp(source, 'u'); // throws JavaScript's own SyntaxError for what is no pattern at all
  const { source: re2Source, lookaround, backreference } = toRe2Syntax(source);
  if (lookaround) throw new SyntaxError(`/${source}/ has a look-ahead or look-behind ((?= (?! (?<= (?<!), which a linear-time engine (RE2) cannot run`);
  if (backreference) throw new SyntaxError(`/${source}/ has a backreference (\\1, \\k<name>), which a linear-time engine (RE2) cannot run`);
  try {
    return RE2JS.compile(re2Source);
  } catch (err) {
    throw new SyntaxError(`/${source}/ cannot run on a linear-time engine (RE2): ${/** @type {Error} */ (err).message}`, { cause: err });
  }
}
