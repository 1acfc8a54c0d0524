/**
 * The screens' words check (issue 29 §3), run by `npm run schemas:check`: every screen word has its Bengali in the
 * catalogues of src/client/config/i18n/ (see src/client/lib/words.tsx), and no Bengali is empty, merely repeats the
 * English or drops a `{value}` the English puts in. The words checked:
 * - every `t('…')` written in the components (src/client), found in the source as react-i18next's extractors do;
 * - every text of the screen config (screens.json: titles, intros, links, labels, popups);
 * - the site content's texts of the parts translated so far (CONTENT_PARTS of content.json).
 * A screen or part not translated yet is added here when it is: the check then holds it to every word.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { eachContentText } from '../../src/client/config/content-words';
import type { Problem } from './schema-lint';

export const CATALOGUE_DIR = 'src/client/config/i18n';

/** The screen config's keys whose values are words a person reads. */
const SCREEN_TEXT_KEYS = new Set(['title', 'intro', 'text', 'prefix', 'sessionEndedNotice', 'label']);
/** The site content's parts whose words are translated (the pages, blogs, help and risk statement come next). */
export const CONTENT_PARTS = ['siteName', 'tagline', 'contact', 'nav', 'footer', 'home'] as const;

/** `t(...)` with a literal text: the component words. */
const CALL = /\bt\(\s*(['"])((?:(?!\1)[^\\]|\\.)*)\1/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every literal `t('…')` text in the client's source, with each file it is in. */
function allComponentWords(root: string): [string, string][] {
  const found: [string, string][] = [];
  for (const file of sourceFiles(join(root, 'src/client'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(CALL)) found.push([m[2]!.replace(/\\(.)/g, '$1'), relative(root, file)]);
  }
  return found;
}

/** Every literal `t('…')` text in the client's source, with the file it is first in. */
export function componentWords(root: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const [text, file] of allComponentWords(root)) if (!found.has(text)) found.set(text, file);
  return found;
}

/** Every text of the screen config a person reads (references such as `response.message` are not words). */
export function screenConfigWords(screens: unknown): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown, key: string): void => {
    if (typeof v === 'string') {
      if (SCREEN_TEXT_KEYS.has(key) && /[A-Za-z]{2}/.test(v) && !/^(?:response|data|query|me)\.[\w.]+$/.test(v)) out.add(v);
    } else if (Array.isArray(v)) v.forEach((x) => walk(x, key));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk(screens, '');
  return out;
}

/** The site content's texts of the translated parts. */
export function contentWords(content: Record<string, unknown>): Set<string> {
  const out = new Set<string>();
  for (const part of CONTENT_PARTS) eachContentText(content[part], (text) => out.add(text), part);
  return out;
}

/** The `{name}` values a message puts in (a plural's own words aside: `one {Backer}` is a form, not a value). */
function placeholders(message: string): string[] {
  const values = message.replace(/(?:\b(?:zero|one|two|few|many|other)|=\d+)\s*\{[^{}]*\}/g, '');
  return [...values.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1]!).sort();
}

/** The problems of one catalogue against the words it must have. */
export function lintCatalogue(file: string, words: Record<string, unknown>, needed: Iterable<[string, string]>): Problem[] {
  const problems: Problem[] = [];
  for (const [english, where] of needed) {
    if (!(english in words)) problems.push({ file, pointer: '', message: `"${english}" (${where}) has no Bengali` });
  }
  for (const [english, bengali] of Object.entries(words)) {
    if (typeof bengali !== 'string' || bengali.trim() === '') problems.push({ file, pointer: `/${english}`, message: `"${english}" has an empty Bengali` });
    else if (bengali.trim() === english.trim()) problems.push({ file, pointer: `/${english}`, message: `the Bengali of "${english}" repeats the English` });
    else if (placeholders(english).join() !== placeholders(bengali).join()) {
      problems.push({ file, pointer: `/${english}`, message: `the Bengali of "${english}" puts in {${placeholders(bengali).join(', ')}}, the English {${placeholders(english).join(', ')}}` });
    }
  }
  return problems;
}

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

/**
 * The feature a client source file belongs to: `src/client/features/<feature>/…` (named `<feature>`), or a group of
 * components shown only past the home page, `src/client/components/<group>/…` (named `components/<group>`).
 */
function featureOf(file: string): string | undefined {
  const path = file.replace(/\\/g, '/');
  const feature = /^src\/client\/features\/([^/]+)\//.exec(path)?.[1];
  if (feature) return feature;
  const group = /^src\/client\/components\/([^/]+)\//.exec(path)?.[1];
  return group ? `components/${group}` : undefined;
}

/** A feature's (or a component group's) own catalogue (see src/client/lib/words.tsx), beside its code. */
export const featureCatalogue = (feature: string) =>
  feature.startsWith('components/') ? `src/client/${feature}/words.bn.json` : `src/client/features/${feature}/words.bn.json`;

/**
 * Every problem of the screens' Bengali words. A component's word is found in the shared catalogue (words.bn.json)
 * or, for a file of a feature that has one, in its feature's catalogue, which its pages load (app/pages.ts).
 */
export function lintScreenWords(root: string): Problem[] {
  const catalogue = (name: string) => join(CATALOGUE_DIR, `${name}.bn.json`);
  const screens = screenConfigWords(readJson(join(root, 'src/client/config/screens.json')));
  const content = contentWords(readJson(join(root, 'src/client/config/content.json')));
  const shared = readJson(join(root, catalogue('words')));
  const featureFiles = new Map<string, Record<string, unknown>>();
  const componentsDir = join(root, 'src/client/components');
  const groups = (existsSync(componentsDir) ? readdirSync(componentsDir) : []).filter((name) => statSync(join(componentsDir, name)).isDirectory());
  for (const dir of [...readdirSync(join(root, 'src/client/features')), ...groups.map((g) => `components/${g}`)]) {
    const file = featureCatalogue(dir);
    if (existsSync(join(root, file))) featureFiles.set(dir, readJson(join(root, file)));
  }
  const sharedNeeded: [string, string][] = [];
  const featureNeeded = new Map<string, [string, string][]>([...featureFiles.keys()].map((f) => [f, []]));
  for (const [english, file] of allComponentWords(root)) {
    const feature = featureOf(file);
    const own = feature === undefined ? undefined : featureNeeded.get(feature);
    if (own && !(english in shared)) own.push([english, file]);
    else sharedNeeded.push([english, file]);
  }
  return [
    ...lintCatalogue(catalogue('screens'), readJson(join(root, catalogue('screens'))), [...screens].map((w) => [w, 'screens.json'])),
    ...lintCatalogue(catalogue('content'), readJson(join(root, catalogue('content'))), [...content].map((w) => [w, 'content.json'])),
    ...lintCatalogue(catalogue('words'), shared, sharedNeeded),
    ...[...featureFiles].flatMap(([feature, words]) => lintCatalogue(featureCatalogue(feature), words, featureNeeded.get(feature)!)),
  ];
}
