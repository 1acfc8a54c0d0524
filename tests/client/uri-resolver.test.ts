/**
 * The page's stand-in for fast-uri (src/client/form-engine/uri-resolver.ts) answers as fast-uri does for what
 * @rjsf/utils asks of it: resolving a `$ref` against a base `$id`, and comparing ids.
 */
import { describe, expect, it } from 'vitest';
import fastUri from 'fast-uri';
import { equal, resolve } from '../../src/client/form-engine/uri-resolver';

const sameText: [string, string][] = [
  ['http://x.com/a/b', '#/defs/x'],
  ['http://x.com/a/b', 'c'],
  ['http://x.com/a/b', '../c#/d'],
  ['http://x.com', '#foo'],
  ['http://x.com/', 'y.json'],
  ['https://ex.org/schemas/main.json', 'other.json#/$defs/a'],
  ['https://ex.org/schemas/main.json', '/root.json'],
  ['https://ex.org/s', 'https://other.org/x#/a'],
  ['https://ex.org/a/', './b/../c'],
  ['https://ex.org/a?q=1', '#f'],
  ['urn:uuid:1234', '#/a'],
  ['profile', '#/definitions/x'],
  ['profile', 'other'],
  ['profile', ''],
  ['a/b', 'c'],
  ['a/b', '../c'],
  ['/abs/x', 'y'],
  ['#', '#/$defs/x'],
  ['', '#/x'],
];

describe('the URI resolver the page uses in place of fast-uri', () => {
  it.each(sameText)('resolves %j against %j as fast-uri does', (base, ref) => {
    expect(resolve(base, ref)).toBe(fastUri.resolve(base, ref));
  });

  it('gives an equal URI where the URL parser drops a default port', () => {
    const ours = resolve('HTTP://EX.org:80/a', 'b');
    expect(fastUri.equal(ours, fastUri.resolve('HTTP://EX.org:80/a', 'b'))).toBe(true);
  });

  it.each([
    ['http://x.com', 'http://x.com/', true],
    ['HTTP://X.COM/a', 'http://x.com/a', true],
    ['http://x.com:80/a', 'http://x.com/a', true],
    ['https://ex.org/a/../b', 'https://ex.org/b', true],
    ['a', 'a', true],
    ['a', 'b', false],
    ['https://ex.org/a', 'https://ex.org/b', false],
  ])('compares %j and %j as fast-uri does', (a, b, same) => {
    expect(fastUri.equal(a, b)).toBe(same);
    expect(equal(a, b)).toBe(same);
  });
});
