/**
 * The three places that run a schema's patterns agree: the browser runs them on its own RegExp (the `u` flag, as Ajv
 * compiles them), the server and the CLI on RE2 (src/shared/validation/pattern-engine.js). For every pattern shipped
 * in a schema, and for the constructs whose meaning differs between the two syntaxes, both accept exactly the same
 * strings among a set of samples chosen where they could differ (Unicode white space, line terminators, astral
 * characters) plus seeded random ones. The shipped patterns rewritten for RE2 keep the old patterns' meaning.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileRe2, patternRegExp } from '../../../src/shared/validation/pattern-engine.js';
import { loadApiSchemas, loadSchemas, repoRoot } from '../../../src/shared/forms/load-schemas';
import { walkEverySchema, isNode } from '../../../src/shared/forms/schema-walk';

/** Every pattern of the shipped schemas: forms, API bodies, and the configuration schemas the lint checks. */
function shippedPatterns(): string[] {
  const config = ['src/client/config/screens.schema.json', 'src/client/config/content.schema.json', 'src/server/modules/donations/instructions.schema.json'];
  const schemas = [...Object.values(loadSchemas()), ...Object.values(loadApiSchemas()), ...config.map((f) => JSON.parse(readFileSync(join(repoRoot(), f), 'utf8')) as Record<string, unknown>)];
  const found = new Set<string>();
  for (const schema of schemas) {
    walkEverySchema(schema, '', (node) => {
      if (typeof node.pattern === 'string') found.add(node.pattern);
      if (isNode(node.patternProperties)) for (const key of Object.keys(node.patternProperties)) found.add(key);
    });
  }
  return [...found].sort();
}

/** Characters where JavaScript's and RE2's readings of the same syntax differ, and around them. */
const TRICKY = ['\t', '\n', '\v', '\f', '\r', ' ', '\u0085', '\u00a0', '\u1680', '\u2000', '\u200a', '\u200b', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff', '\0', '\b', 'é', 'ß', 'ক', '😀', '\u{10ffff}'];

const WRITTEN = [
  '', 'a', 'A', 'z', 'Z', '0', '9', '!', '-', '_', '.', '/', ':', ';', ',', '[', ']', '\\',
  'd', 'da', 'dat', 'data', 'data:', 'data:image/png;base64,AAAA', 'data:image/jpeg,', 'data:image/jpg;x', 'data:image/gif;base64,', 'data:text/plain,',
  'datA:', 'xdata:', 'file:8f14e45f-ceea-467f-a0e6-0e6b6b4e0f6a', 'photo.png',
  'https://www.youtube.com/watch?v=abc', 'http://a.b', 'http://a', 'http://.a', 'http:///a.b', 'http://a.', 'http://a b.c', 'https://a.b/c d', 'https://x.y\n',
  'https://www.youtube-nocookie.com/embed/x', 'https://player.vimeo.com/1', 'https://www.youtube.com/', 'https://www.youtube.com/a\rb', 'https://player.vimeo.com/\u2028',
  '/images/a.png', '/images', '/about', '/projects/:id', '//x',
  'Secret1!', 'secret1!', 'SECRET1!', 'Secret!!', 'Secret11', 'Sec\nret1!', 'Secret1!\u2028', 'Secret1%',
  '01712345678', '0171234567', '123456789', '1234', '12345', '0123 456-7', '1 2', 'a-b-c', 'a--b', 'state.x', 'user.name', 'data.id', 'response.x_y',
  'Dhaka', ' Dhaka ', '\u00a0', '\u3000\u3000', 'x\u2028',
];

/** Seeded random strings over the tricky characters and those the patterns name (reproducible on every run). */
function randomSamples(count: number): string[] {
  const alphabet = [...TRICKY, 'a', 'z', 'A', 'Z', '0', '5', '9', '!', '@', '#', '$', '&', '*', '%', '-', '_', '.', '/', ':', ';', ',', 'd', 't', 'h', 'p', 's', 'w', 'i', 'm', 'g', 'n', 'j', 'e', 'y'];
  let seed = 27;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: count }, () => Array.from({ length: Math.floor(next() * 12) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''));
}

const SAMPLES = [...WRITTEN, ...TRICKY, ...TRICKY.map((c) => `a${c}b`), ...TRICKY.map((c) => `${c}x`), ...randomSamples(400)];

/**
 * The samples on which the browser's RegExp and the server answer differently: the server's engine as it runs (RE2,
 * or JavaScript's RegExp for a pattern without repetition or alternative) and RE2 itself on every pattern.
 */
function disagreements(pattern: string, samples: string[] = SAMPLES): string[] {
  const browser = new RegExp(pattern, 'u');
  const server = patternRegExp(pattern, 'u');
  const re2 = compileRe2(pattern);
  return samples.filter((s) => browser.test(s) !== server.test(s) || browser.test(s) !== re2.test(s)).map((s) => JSON.stringify(s));
}

describe('a schema pattern on the browser and on the server', () => {
  const patterns = shippedPatterns();

  it('finds the shipped patterns (forms, API bodies, configuration schemas)', () => {
    expect(patterns.length).toBeGreaterThan(10);
    expect(patterns).toContain('\\S');
  });

  it.each(patterns)('%s: the same answer on every sample', (pattern) => {
    expect(disagreements(pattern)).toEqual([]);
  });

  it.each([
    ['white space and its complement', '^\\s+$|^\\S+$'],
    ['white space in a class and its negation', '^[\\s,]+$|^[^\\s]+$|^[\\S]$'],
    ['any character but line terminators', '^.+$'],
    ['an empty class and the class of everything', '^[]|^[^]$'],
    ['a bracket inside a class is a character', '^[[:alpha:]+$'],
    ['escapes of one code point', '^\\u00e9|\\uD83D\\uDE00|\\u{1F600}|\\cI|\\0|\\x41|[\\b]$'],
    ['named groups', '^(?<word>[a-z]+)-(?<n>\\d)$'],
    ['Unicode properties', '^\\p{L}+$|^\\p{Script=Bengali}+$|^\\P{Lu}$'],
    ['word characters and boundaries', '\\bab\\B|^\\w+\\W$'],
    ['quantifiers, lazy ones too', '^a{2,3}?b*?$|^(?:ab)+$'],
  ])('%s (%s): the same answer on every sample', (_what, pattern) => {
    expect(disagreements(pattern)).toEqual([]);
  });

  it('runs a pattern that backtracks in linear time', () => {
    const started = performance.now();
    expect(patternRegExp('^(a+)+$').test(`${'a'.repeat(100_000)}!`)).toBe(false);
    // A backtracking engine takes 2^100000 steps; the bound only guards against that, not a benchmark.
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('refuses what RE2 cannot run, saying why, and what JavaScript does not accept', () => {
    expect(() => compileRe2('^(?=.*[a-z])')).toThrow(/look-ahead or look-behind/);
    expect(() => compileRe2('(?<!a)b')).toThrow(/look-ahead or look-behind/);
    expect(() => compileRe2('(a)\\1')).toThrow(/backreference/);
    expect(() => compileRe2('(?<x>a)\\k<x>')).toThrow(/backreference/);
    expect(() => compileRe2('a{1001}')).toThrow(/cannot run on a linear-time engine \(RE2\): .*repeat/);
    expect(() => patternRegExp('(unclosed')).toThrow(SyntaxError);
  });
});

describe('the shipped patterns rewritten for RE2', () => {
  const rewritten: [string, string, string[]][] = [
    // The data: URL of an upload must be a PNG or JPEG image; anything else (a stored file) passes.
    ['^(?!data:)|^data:image/(png|jpeg|jpg)[;,]', '^(?:data:image/(?:png|jpeg|jpg)[;,]|[^d]|d[^a]|da[^t]|dat[^a]|data[^:]|(?:d|da|dat|data)?$)', []],
    // A link: a host with a dot, then anything without white space.
    ['^https?://[^\\s/]+\\.[^\\s]+$', '^https?://[^\\s/][^\\s/.]*\\.[^\\s]+$', []],
    // A password: each kind of character, on one line (now one pattern per rule, all of which must match).
    ['^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])(?=.*[!@#$&*]).*$', '', ['^.*$', '[a-z]', '[A-Z]', '[0-9]', '[!@#$&*]']],
  ];

  it.each(rewritten)('%s keeps its meaning', (before, after, allOf) => {
    const old = new RegExp(before, 'u');
    const rules = (after ? [after] : allOf).map((p) => new RegExp(p, 'u'));
    const samples = [...SAMPLES, ...randomSamples(3000)];
    const differ = samples.filter((s) => old.test(s) !== rules.every((r) => r.test(s)));
    expect(differ.map((s) => JSON.stringify(s))).toEqual([]);
  });
});
