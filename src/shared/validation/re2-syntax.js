/**
 * Writes a JavaScript regular expression (the `u` flag, as Ajv compiles a schema's `pattern`) in RE2's syntax with the
 * JavaScript meaning, so the server's and the CLI's linear-time engine accept exactly the strings the browser's own
 * RegExp accepts. Where the two syntaxes mean different things, the JavaScript meaning is spelled out:
 * - `\s` / `\S`: JavaScript's white space includes U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F,
 *   U+3000, U+FEFF and \v; RE2's is only [\t\n\f\r ]. Written as the explicit set (or its complement).
 * - `.`: JavaScript excludes \n, \r, U+2028 and U+2029; RE2 only \n.
 * - `[]` matches nothing and `[^]` any character in JavaScript; RE2 reads a `]` right after `[` as a literal.
 * - `[` inside a class is a literal in JavaScript; RE2 would read `[:alpha:]` as a POSIX class.
 * - `\uXXXX` (a surrogate pair as one code point), `\u{…}`, `\cX`, `\0`, `\b` in a class: written as `\x{…}`.
 * - `(?<name>…)` is a plain group (names do not change what matches; RE2 spells them differently).
 * - `\p{Script=Greek}` / `\p{sc=Greek}` is RE2's `\p{Greek}`.
 * What RE2 cannot run is kept as written and reported: look-arounds (`(?=`, `(?!`, `(?<=`, `(?<!`) and backreferences
 * (`\1`, `\k<name>`), so the caller can say why; RE2 then refuses them when it compiles.
 *
 * The source must be a valid JavaScript pattern with the `u` flag (check `new RegExp(source, 'u')` first): the
 * `u` grammar is strict, which is what lets this read it one token at a time. Plain JavaScript (with a .d.ts beside
 * it) because the precompiled validators `require` the engine that uses it (see ./pattern-engine.js).
 */

/** JavaScript's white space and line terminators (what `\s` matches with the `u` flag), as [first, last] ranges. */
const WHITE_SPACE = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
const MAX_CODE_POINT = 0x10ffff;

/** @param {number} cp */
const hex = (cp) => `\\x{${cp.toString(16)}}`;

/** @param {number[][]} ranges */
const classItems = (ranges) => ranges.map(([a, b]) => (a === b ? hex(a) : `${hex(a)}-${hex(b)}`)).join('');

/** @param {number[][]} ranges sorted, disjoint */
function complement(ranges) {
  const out = [];
  let next = 0;
  for (const [a, b] of ranges) {
    if (a > next) out.push([next, a - 1]);
    next = b + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

const SPACE_ITEMS = classItems(WHITE_SPACE);
const NON_SPACE_ITEMS = classItems(complement(WHITE_SPACE));
const DOT = `[^${classItems([[0x0a, 0x0a], [0x0d, 0x0d], [0x2028, 0x2029]])}]`;
const NOTHING = `[^${hex(0)}-${hex(MAX_CODE_POINT)}]`;
const ANYTHING = `[${hex(0)}-${hex(MAX_CODE_POINT)}]`;

const isHex = (/** @type {string | undefined} */ c) => c !== undefined && /^[0-9a-fA-F]$/.test(c);

/**
 * @typedef {object} Re2Syntax
 * @property {string} source the pattern in RE2's syntax
 * @property {boolean} lookaround it has a look-ahead or look-behind, which RE2 cannot run
 * @property {boolean} backreference it has a backreference, which RE2 cannot run
 * @property {boolean} branching it has a repetition or an alternative: without either, a backtracking engine has no
 *   choice to go back on, so it runs the pattern in linear time too
 */

/**
 * Translates a JavaScript pattern (`u` flag) into RE2 syntax with the same meaning.
 * @param {string} pattern a valid JavaScript pattern for the `u` flag
 * @returns {Re2Syntax}
 */
export function toRe2Syntax(pattern) {
  let i = 0;
  let out = '';
  let lookaround = false;
  let backreference = false;
  let branching = false;

  /** Reads a character escape at i (just after the backslash) that means one code point; null when it is not one. */
  const codePointEscape = () => {
    const c = pattern[i];
    if (c === 'c' && /^[A-Za-z]$/.test(pattern[i + 1] ?? '')) {
      i += 2;
      return pattern.charCodeAt(i - 1) % 32;
    }
    if (c === '0' && !/^[0-9]$/.test(pattern[i + 1] ?? '')) {
      i += 1;
      return 0;
    }
    if (c === 'x' && isHex(pattern[i + 1]) && isHex(pattern[i + 2])) {
      i += 3;
      return parseInt(pattern.slice(i - 2, i), 16);
    }
    if (c === 'u' && pattern[i + 1] === '{') {
      const end = pattern.indexOf('}', i);
      const cp = parseInt(pattern.slice(i + 2, end), 16);
      i = end + 1;
      return cp;
    }
    if (c === 'u' && [1, 2, 3, 4].every((k) => isHex(pattern[i + k]))) {
      const unit = parseInt(pattern.slice(i + 1, i + 5), 16);
      i += 5;
      // A lead surrogate escape followed by a trail surrogate escape is one code point with the `u` flag.
      if (unit >= 0xd800 && unit <= 0xdbff && pattern[i] === '\\' && pattern[i + 1] === 'u' && [2, 3, 4, 5].every((k) => isHex(pattern[i + k]))) {
        const trail = parseInt(pattern.slice(i + 2, i + 6), 16);
        if (trail >= 0xdc00 && trail <= 0xdfff) {
          i += 6;
          return (unit - 0xd800) * 0x400 + (trail - 0xdc00) + 0x10000;
        }
      }
      return unit;
    }
    return null;
  };

  /** `\p{…}` / `\P{…}` at i (just after the backslash), with JavaScript's Script= prefix dropped. */
  const property = () => {
    const end = pattern.indexOf('}', i);
    const name = pattern.slice(i + 2, end).replace(/^(?:Script|sc)=/, '');
    const text = `\\${pattern[i]}{${name}}`;
    i = end + 1;
    return text;
  };

  /** One escape inside a class, at i (just after the backslash): the class items it stands for. */
  const classEscape = () => {
    const c = pattern[i];
    if (c === 's' || c === 'S') {
      i += 1;
      return c === 's' ? SPACE_ITEMS : NON_SPACE_ITEMS;
    }
    if (c === 'p' || c === 'P') return property();
    if (c === 'b') {
      i += 1;
      return hex(8);
    }
    const cp = codePointEscape();
    if (cp !== null) return hex(cp);
    i += 1;
    return `\\${c}`; // \d \D \w \W \f \n \r \t \v, and an escaped punctuation mark (\- \] \\ …)
  };

  /** A character class at i (at its `[`). */
  const characterClass = () => {
    i += 1;
    const negated = pattern[i] === '^';
    if (negated) i += 1;
    if (pattern[i] === ']') {
      i += 1;
      return negated ? ANYTHING : NOTHING;
    }
    let items = '';
    while (i < pattern.length && pattern[i] !== ']') {
      const c = pattern[i];
      if (c === '\\') {
        i += 1;
        items += classEscape();
      } else {
        items += c === '[' ? '\\[' : c;
        i += c.length;
      }
    }
    i += 1;
    return `[${negated ? '^' : ''}${items}]`;
  };

  while (i < pattern.length) {
    const c = pattern[i];
    if (c === '\\') {
      i += 1;
      const e = pattern[i];
      if (e === 's') {
        out += `[${SPACE_ITEMS}]`;
        i += 1;
      } else if (e === 'S') {
        out += `[${NON_SPACE_ITEMS}]`;
        i += 1;
      } else if (e === 'p' || e === 'P') {
        out += property();
      } else if (e !== undefined && /^[1-9]$/.test(e)) {
        backreference = true;
        out += `\\${e}`;
        i += 1;
      } else if (e === 'k') {
        backreference = true;
        out += '\\k';
        i += 1;
      } else {
        const cp = codePointEscape();
        if (cp !== null) out += hex(cp);
        else {
          out += `\\${e}`; // \d \D \w \W \b \B \f \n \r \t \v and escaped syntax characters
          i += 1;
        }
      }
    } else if (c === '[') {
      out += characterClass();
    } else if (c === '.') {
      out += DOT;
      i += 1;
    } else if (c === '(' && pattern[i + 1] === '?') {
      const rest = pattern.slice(i + 2, i + 4);
      if (rest[0] === '=' || rest[0] === '!' || rest === '<=' || rest === '<!') {
        lookaround = true;
        out += '(?';
        i += 2;
      } else if (rest[0] === '<') {
        i = pattern.indexOf('>', i) + 1; // a named group: a plain group
        out += '(';
      } else {
        out += '(?';
        i += 2;
      }
    } else {
      // With the `u` flag a literal `{` is a syntax error, so each of these is a repetition or an alternative.
      if ('*+?{|'.includes(c)) branching = true;
      out += c;
      i += 1;
    }
  }
  return { source: out, lookaround, backreference, branching };
}
