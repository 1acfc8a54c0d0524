/**
 * The screen config's and the site content's rules: valid against their schemas, and what a schema cannot check —
 * form screens name existing forms, ids and paths are unique, and every link, menu entry and quick-access card
 * leads to a screen.
 */
import { createAjv } from '../validation/ajv-setup';
import { esc, isNode, type Node } from './schema-walk';
import type { Problem } from './lint-problem';

/** The part of a path before its query string. */
function routeOf(to: string): string {
  return to.split('?')[0]!.split('#')[0]!;
}

/** Whether a concrete path matches a route pattern with :params. */
function matchesRoute(path: string, pattern: string): boolean {
  const a = path.split('/');
  const b = pattern.split('/');
  return a.length === b.length && b.every((seg, i) => seg.startsWith(':') || seg === a[i]);
}

/** Where the screen config and the site content live (the lint names them in its problems). */
export const SCREENS_FILE = 'src/client/config/screens.json';
export const CONTENT_FILE = 'src/client/config/content.json';

/** Each config schema compiled once per process (the server checks content drafts with the same schemas often). */
const compiledConfigSchemas = new WeakMap<Node, ReturnType<ReturnType<typeof createAjv>['compile']>>();

/**
 * Lints the screen config and the site content against their schemas, and checks what a schema cannot: form screens
 * name existing forms, ids and paths are unique, and every link, menu entry and quick-access card leads to a screen.
 */
export function lintConfig(
  screensConfig: Node,
  screensSchema: Node,
  content: Node,
  contentSchema: Node,
  formIds: readonly string[],
): Problem[] {
  const problems: Problem[] = [];
  const check = (data: Node, schema: Node, file: string) => {
    let validate = compiledConfigSchemas.get(schema);
    if (!validate) compiledConfigSchemas.set(schema, (validate = createAjv().compile(schema)));
    if (!validate(data)) {
      for (const e of validate.errors ?? []) {
        if (e.keyword === 'if') continue;
        problems.push({ file, pointer: e.instancePath, message: `${e.message ?? 'invalid'}${e.params && 'additionalProperty' in e.params ? ` ("${String(e.params.additionalProperty)}")` : ''}` });
      }
    }
  };
  check(screensConfig, screensSchema, SCREENS_FILE);
  check(content, contentSchema, CONTENT_FILE);
  if (problems.length) return problems;

  const file = SCREENS_FILE;
  const screens = screensConfig.screens as Node[];
  const paths = screens.map((s) => String(s.path));
  const seenIds = new Set<string>();
  const seenPaths = new Set<string>();
  screens.forEach((s, i) => {
    if (seenIds.has(String(s.id))) problems.push({ file, pointer: `/screens/${i}/id`, message: `duplicate id "${String(s.id)}"` });
    if (seenPaths.has(String(s.path))) problems.push({ file, pointer: `/screens/${i}/path`, message: `duplicate path "${String(s.path)}"` });
    seenIds.add(String(s.id));
    seenPaths.add(String(s.path));
    if (s.kind === 'form' && !formIds.includes(String(s.form))) {
      problems.push({ file, pointer: `/screens/${i}/form`, message: `no form "${String(s.form)}" in schemas/` });
    }
  });
  const leads = (to: string) => paths.some((p) => matchesRoute(routeOf(to), p));
  const walkLinks = (node: unknown, pointer: string, where: string) => {
    if (Array.isArray(node)) node.forEach((n, i) => walkLinks(n, `${pointer}/${i}`, where));
    else if (isNode(node)) {
      for (const [k, v] of Object.entries(node)) {
        if (k === 'to' && typeof v === 'string' && !leads(v)) {
          problems.push({ file: where, pointer: `${pointer}/to`, message: `"${v}" leads to no screen` });
        } else if (k === 'navigate' && typeof v === 'string' && !leads(v.replace(/\{[^}]+\}/g, 'x'))) {
          problems.push({ file: where, pointer: `${pointer}/navigate`, message: `"${v}" leads to no screen` });
        } else walkLinks(v, `${pointer}/${esc(k)}`, where);
      }
    }
  };
  walkLinks(screensConfig, '', file);
  walkLinks(content, '', CONTENT_FILE);
  return problems;
}
