/**
 * The schema lint: the rules a form's JSON must follow so the browser, the server and the CLI agree and every
 * message a user can meet is written by a person. It takes parsed files and returns problems; the patterns' time is
 * decided by a ReDoS checker (pattern-lint.ts), so the functions that lint a whole schema are asynchronous.
 */
import { createAjv } from '../validation/ajv-setup';
import { piiProblems } from './pii';
import { protectedFieldProblems } from './code-fields';
import { VISIBILITIES } from './visibility';
import { isSchemaKeyword } from './schema-keywords';
import { esc, isNode, walkEverySchema, type Node } from './schema-walk';
import { patternSyntaxProblems, superLinearPatternProblems } from './pattern-lint';

/** One problem: the file, the JSON pointer inside it, and what is wrong. */
export interface Problem {
  file: string;
  pointer: string;
  message: string;
}

const DRAFTS = new Set([
  'https://json-schema.org/draft/2019-09/schema',
  'http://json-schema.org/draft-07/schema#',
  'http://json-schema.org/draft-07/schema',
]);

/** Keywords an `errorMessage` object may name besides validation keywords present in the node. */
const ERROR_MESSAGE_META = new Set(['required', 'properties', 'items', '_']);

/** Calls `visit` on every schema node (root, properties, items, branches, allOf items) with its pointer. */
function walkSchema(node: Node, pointer: string, visit: (node: Node, pointer: string) => void): void {
  visit(node, pointer);
  if (isNode(node.properties)) {
    for (const [name, child] of Object.entries(node.properties)) {
      if (isNode(child)) walkSchema(child, `${pointer}/properties/${esc(name)}`, visit);
    }
  }
  for (const key of ['items', 'if', 'then', 'else', 'not'] as const) {
    const child = node[key];
    if (isNode(child)) walkSchema(child, `${pointer}/${key}`, visit);
  }
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = node[key];
    if (Array.isArray(list)) list.forEach((child, i) => isNode(child) && walkSchema(child, `${pointer}/${key}/${i}`, visit));
  }
}

interface MetaError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: { allowedValues?: unknown[] };
}

/**
 * The meta-schema's complaints about a schema, one per place: the most telling one (a list of allowed values, else
 * the first that is not just "must match a schema in anyOf").
 */
function metaSchemaProblems(errors: MetaError[]): { pointer: string; message: string }[] {
  const byPlace = new Map<string, MetaError[]>();
  for (const e of errors) byPlace.set(e.instancePath, [...(byPlace.get(e.instancePath) ?? []), e]);
  return [...byPlace].map(([pointer, list]) => {
    const allowed = list.find((e) => e.keyword === 'enum')?.params.allowedValues;
    const telling = list.find((e) => !['anyOf', 'oneOf', 'allOf', 'if'].includes(e.keyword)) ?? list[0]!;
    const what = allowed ? `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}` : (telling.message ?? 'is not allowed here');
    return { pointer, message: `not valid JSON Schema: ${what}` };
  });
}

/** The property schemas an object node offers to data, including those its branches add (by name). */
function propertiesOf(node: Node): Map<string, Node[]> {
  const out = new Map<string, Node[]>();
  const add = (n: Node): void => {
    if (isNode(n.properties)) {
      for (const [name, child] of Object.entries(n.properties)) {
        if (isNode(child)) out.set(name, [...(out.get(name) ?? []), child]);
      }
    }
    for (const key of ['then', 'else'] as const) if (isNode(n[key])) add(n[key] as Node);
    if (Array.isArray(n.allOf)) n.allOf.forEach((c) => isNode(c) && add(c));
  };
  add(node);
  return out;
}

/**
 * `x-money` (shown as money by the read-only view) sits only on a number or integer field, and is `true` (taka)
 * or the name of a sibling field holding the currency code.
 */
function lintMoney(schema: Node, at: (pointer: string, message: string) => void): void {
  walkSchema(schema, '', (node, pointer) => {
    if (!('x-money' in node)) return;
    const money = node['x-money'];
    const types = Array.isArray(node.type) ? node.type : [node.type];
    if (types.length === 0 || !types.every((t) => t === 'number' || t === 'integer')) {
      at(pointer, '"x-money" is only for number or integer fields (add "type": "number")');
    }
    if (money !== true && (typeof money !== 'string' || money === '')) {
      at(`${pointer}/x-money`, '"x-money" must be true (taka) or the name of the field holding the currency');
    }
  });
  // A named currency field must exist at the same level (in the object or one of its branches).
  walkSchema(schema, '', (node, pointer) => {
    if (pointer !== '' && !/\/(items|properties\/[^/]+)$/.test(pointer)) return;
    const props = propertiesOf(node);
    for (const [name, variants] of props) {
      for (const v of variants) {
        if (typeof v['x-money'] === 'string' && v['x-money'] !== '' && !props.has(v['x-money'])) {
          at(`${pointer}/properties/${esc(name)}/x-money`, `"x-money" names the currency field "${v['x-money']}", which this object does not have`);
        }
      }
    }
  });
}

function lintSchema(id: string, schema: Node, file: string): Problem[] {
  const problems: Problem[] = [];
  const at = (pointer: string, message: string): void => void problems.push({ file, pointer, message });

  if (schema.$id !== id) at('/$id', `"$id" must be the form id "${id}" (found ${JSON.stringify(schema.$id)})`);
  if (typeof schema.$schema !== 'string' || !DRAFTS.has(schema.$schema)) {
    at('/$schema', '"$schema" must be draft 2019-09 or draft-07');
  }
  if (schema.type !== 'object') at('/type', 'a form schema must be "type": "object"');

  const ajv = createAjv();
  const patternProblems = patternSyntaxProblems(schema);
  for (const p of patternProblems) at(p.pointer, p.message);
  if (!ajv.validateSchema(schema)) {
    for (const p of metaSchemaProblems((ajv.errors ?? []) as MetaError[])) at(p.pointer, p.message);
  } else if (patternProblems.length === 0) {
    try {
      ajv.compile(schema);
    } catch (err) {
      at('', `does not compile: ${(err as Error).message}`);
    }
  }
  walkEverySchema(schema, '', (node, pointer) => {
    for (const key of Object.keys(node)) {
      if (!isSchemaKeyword(key)) at(`${pointer}/${esc(key)}`, `"${key}" is not a JSON Schema keyword nor one of this project's (a misspelling?)`);
    }
  });

  lintMoney(schema, at);
  walkSchema(schema, '', (node, pointer) => {
    // Every required field has its own message, in the node that requires it.
    if (Array.isArray(node.required)) {
      const em = node.errorMessage;
      const messages = isNode(em) && isNode(em.required) ? em.required : {};
      for (const field of node.required as string[]) {
        if (pointer.includes('/if') && pointer.endsWith('/if')) continue;
        if (typeof messages[field] !== 'string' || (messages[field] as string).trim() === '') {
          at(`${pointer}/required`, `required field "${field}" has no message: add errorMessage.required.${field}`);
        }
      }
    }
    // An `if` that tests a field also requires it, or an empty form would open the branch.
    if (isNode(node.if)) {
      const cond = node.if;
      const tested = isNode(cond.properties) ? Object.keys(cond.properties) : [];
      const required = Array.isArray(cond.required) ? (cond.required as string[]) : [];
      for (const field of tested) {
        if (!required.includes(field)) {
          at(`${pointer}/if`, `"if" tests "${field}" but does not require it: add "required": ["${field}"] to the "if"`);
        }
      }
    }
    // Messages name keywords that exist: a typo would silently fall back to Ajv's English.
    if (isNode(node.errorMessage)) {
      for (const key of Object.keys(node.errorMessage)) {
        if (ERROR_MESSAGE_META.has(key) || key in node) continue;
        at(`${pointer}/errorMessage/${esc(key)}`, `message for "${key}", but this schema has no "${key}" keyword`);
      }
    }
    // Every list has a bound: the server checks sizes before items, so no request's shape is costly.
    const isArray = node.type === 'array' || (Array.isArray(node.type) && node.type.includes('array')) || 'items' in node;
    if (isArray && !pointer.endsWith('/if') && typeof node.maxItems !== 'number') {
      at(pointer || '/', 'list has no "maxItems": add the most rows a person may add (and errorMessage.maxItems)');
    }
    // Who may see a stored field is one of three words, and only a field (a property) can say it.
    if ('x-visibility' in node) {
      const v = node['x-visibility'];
      if (!/\/properties\/[^/]+$/.test(pointer)) at(`${pointer}/x-visibility`, '"x-visibility" belongs on a field (a property of the form)');
      else if (typeof v !== 'string' || !(VISIBILITIES as readonly string[]).includes(v)) {
        at(`${pointer}/x-visibility`, `"x-visibility" must be one of ${VISIBILITIES.map((x) => `"${x}"`).join(', ')} (found ${JSON.stringify(v)})`);
      }
    }
    // Personal data is marked on a field, with `true` only (pii.ts: never public, the mark stays).
    if ('x-pii' in node) {
      if (!/\/properties\/[^/]+$/.test(pointer)) at(`${pointer}/x-pii`, '"x-pii" belongs on a field (a property of the form)');
      else if (node['x-pii'] !== true) at(`${pointer}/x-pii`, '"x-pii" must be true (a field holding personal data keeps its mark)');
    }
    // A file field says what its file may be: an image (the default) or a document (a PDF or an image).
    if ('x-upload' in node) {
      if (node['x-upload'] !== 'image' && node['x-upload'] !== 'document') at(`${pointer}/x-upload`, '"x-upload" must be "image" or "document"');
      else if (node.format !== 'upload') at(pointer, '"x-upload" is only for file fields (add "format": "upload")');
    }
    // A material term of a deal (material.ts): marked on a field, with `true` only.
    if ('x-material' in node) {
      if (!/\/properties\/[^/]+$/.test(pointer)) at(`${pointer}/x-material`, '"x-material" belongs on a field (a property of the form)');
      else if (node['x-material'] !== true) at(`${pointer}/x-material`, '"x-material" must be true (or left out)');
    }
    // Digits kept as ASCII: only on a text field, and only `true`.
    if ('x-ascii-digits' in node) {
      const types = Array.isArray(node.type) ? node.type : [node.type];
      if (node['x-ascii-digits'] !== true) at(`${pointer}/x-ascii-digits`, '"x-ascii-digits" must be true (or left out)');
      else if (!types.includes('string')) at(pointer, '"x-ascii-digits" is only for text fields (add "type": "string")');
    }
    // Every field shown to a person has a label.
    if (/\/properties\/[^/]+$/.test(pointer) && !pointer.includes('/if/') && typeof node.title !== 'string') {
      const inBranch = /\/(then|else)\//.test(pointer) && !('type' in node);
      if (!inBranch) at(pointer, 'field has no "title" (its label)');
    }
  });
  return problems;
}

function lintUiSchema(id: string, ui: Node, schema: Node, file: string): Problem[] {
  const problems: Problem[] = [];
  const visit = (uiNode: Node, schemaNode: Node, pointer: string): void => {
    const props = propertiesOf(schemaNode);
    for (const [key, value] of Object.entries(uiNode)) {
      if (key.startsWith('ui:')) {
        if (key === 'ui:order' && Array.isArray(value)) {
          for (const name of value as string[]) {
            if (name !== '*' && !props.has(name)) {
              problems.push({ file, pointer: `${pointer}/ui:order`, message: `"${name}" in ui:order is not a field of ${id}` });
            }
          }
        }
        if (key === 'ui:options' && isNode(value) && Array.isArray(value.groups)) {
          (value.groups as Node[]).forEach((group, i) => {
            for (const name of (group.fields as string[] | undefined) ?? []) {
              if (!props.has(name)) {
                problems.push({
                  file,
                  pointer: `${pointer}/ui:options/groups/${i}`,
                  message: `"${name}" in group "${String(group.title)}" is not a field of ${id}`,
                });
              }
            }
          });
        }
        continue;
      }
      if (key === 'items' && isNode(value) && isNode(schemaNode.items)) {
        visit(value, schemaNode.items, `${pointer}/items`);
        continue;
      }
      const targets = props.get(key);
      if (!targets) {
        problems.push({ file, pointer: `${pointer}/${esc(key)}`, message: `"${key}" is not a field of ${id}` });
        continue;
      }
      if (isNode(value)) visit(value, targets[0]!, `${pointer}/${esc(key)}`);
    }
  };
  visit(ui, schema, '');
  return problems;
}

/** A schema's rules with the patterns' time on a backtracking engine (pattern-lint.ts), which takes a checker's run. */
async function lintSchemaFully(id: string, schema: Node, file: string): Promise<Problem[]> {
  const problems = lintSchema(id, schema, file);
  for (const p of await superLinearPatternProblems(schema)) problems.push({ file, ...p });
  return problems;
}

/**
 * The pattern rules alone (pattern-lint.ts), for schemas that describe configuration rather than forms (the screens,
 * the site content, the payment instructions), whose patterns run on what staff type.
 */
export async function lintSchemaPatterns(schema: Node, file: string): Promise<Problem[]> {
  return [...patternSyntaxProblems(schema), ...(await superLinearPatternProblems(schema))].map((p) => ({ file, ...p }));
}

/**
 * Lints one form: the schema rules, the ui-schema's keys, and that the fields the code reads (code-fields.ts) are
 * still there with their types. The form studio runs this on a draft; `lintForms` on the files.
 */
export async function lintForm(id: string, schema: Node, ui: Node | undefined, options: { codeFields?: boolean } = {}): Promise<Problem[]> {
  const file = `schemas/${id}.schema.json`;
  const problems = await lintSchemaFully(id, schema, file);
  if (options.codeFields !== false) {
    for (const p of [...protectedFieldProblems(id, schema), ...piiProblems(id, schema)]) problems.push({ file, pointer: `/properties/${esc(p.field)}`, message: p.problem });
  }
  if (!ui) problems.push({ file: `ui-schemas/${id}.ui.json`, pointer: '', message: `missing: every form needs a ui-schema` });
  else problems.push(...lintUiSchema(id, ui, schema, `ui-schemas/${id}.ui.json`));
  return problems;
}

/** Lints every form: schema rules, ui-schema keys, and that each schema has a ui-schema and the reverse. */
export async function lintForms(schemas: Record<string, Node>, uiSchemas: Record<string, Node>): Promise<Problem[]> {
  const problems: Problem[] = [];
  const perForm = await Promise.all(Object.entries(schemas).map(([id, schema]) => lintForm(id, schema, uiSchemas[id])));
  for (const list of perForm) problems.push(...list);
  for (const id of Object.keys(uiSchemas)) {
    if (!schemas[id]) problems.push({ file: `ui-schemas/${id}.ui.json`, pointer: '', message: `no schemas/${id}.schema.json for this ui-schema` });
  }
  return problems;
}

/** Lints the API body schemas (schemas/api): the same schema rules, without ui-schemas. */
export async function lintApiSchemas(schemas: Record<string, Node>): Promise<Problem[]> {
  const perSchema = await Promise.all(Object.entries(schemas).map(([id, schema]) => lintSchemaFully(id, schema, `schemas/api/${id}.schema.json`)));
  return perSchema.flat();
}

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

/**
 * Lints the screen config and the site content against their schemas, and checks what a schema cannot: form screens
 * name existing forms, ids and paths are unique, and every link, menu entry and quick-access card leads to a screen.
 */
/** Where the screen config and the site content live (the lint names them in its problems). */
export const SCREENS_FILE = 'src/client/config/screens.json';
export const CONTENT_FILE = 'src/client/config/content.json';

/** Each config schema compiled once per process (the server checks content drafts with the same schemas often). */
const compiledConfigSchemas = new WeakMap<Node, ReturnType<ReturnType<typeof createAjv>['compile']>>();

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

export const PAYMENT_INSTRUCTIONS_FILE = 'src/server/modules/donations/instructions.json';

/** Every value the donate form's `paymentMethod` can take, in any of its amount tiers. */
function paymentMethodsOf(donateSchema: Node): string[] {
  const out = new Set<string>();
  walkSchema(donateSchema, '', (node) => {
    const method = isNode(node.properties) ? node.properties.paymentMethod : undefined;
    if (isNode(method) && Array.isArray(method.enum)) for (const m of method.enum) out.add(String(m));
  });
  return [...out];
}

/**
 * Lints the payment instructions against their schema, and checks what the schema cannot know: every payment
 * method the donate form offers has instructions, so no donor is left without a way to pay.
 */
export function lintPaymentInstructions(instructions: Node, schema: Node, donateSchema: Node | undefined, file = PAYMENT_INSTRUCTIONS_FILE): Problem[] {
  const problems: Problem[] = [];
  const validate = createAjv().compile(schema);
  if (!validate(instructions)) {
    for (const e of validate.errors ?? []) {
      const extra = e.params && 'additionalProperty' in e.params ? ` ("${String(e.params.additionalProperty)}")` : '';
      problems.push({ file, pointer: e.instancePath, message: `${e.message ?? 'invalid'}${extra}` });
    }
  }
  const methods = isNode(instructions.methods) ? instructions.methods : {};
  // What a donor reads is said in both languages (issue 29 §3): a plain text or a missing `bn` shows English to a
  // Bengali reader.
  for (const [method, entry] of Object.entries(methods)) {
    const summary = isNode(entry) ? entry.summary : undefined;
    if (summary !== undefined && !(isNode(summary) && typeof summary.bn === 'string' && summary.bn.trim() !== '')) {
      problems.push({ file, pointer: `/methods/${method}/summary`, message: 'has no Bengali: write it as { "en": "…", "bn": "…" }' });
    } else if (isNode(summary) && summary.bn === summary.en) {
      problems.push({ file, pointer: `/methods/${method}/summary`, message: 'its Bengali repeats the English' });
    }
  }
  for (const method of donateSchema ? paymentMethodsOf(donateSchema) : []) {
    if (!(method in methods)) {
      problems.push({ file, pointer: '/methods', message: `the donate form offers "${method}" but it has no instructions: add methods["${method}"]` });
    }
  }
  return problems;
}
