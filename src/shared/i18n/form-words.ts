/**
 * A form's words in other languages (issue 29 §2). The schema and ui-schema are written in English; each other
 * language is a file of `English text → translation` beside them (`schemas/i18n/<form>.<lang>.json`), the labels-as-
 * keys way of JSON Forms' translator: product staff edit one flat JSON object, a text used twice is translated once,
 * and an English text that changes shows up as missing instead of keeping a stale translation. What is stored never
 * depends on the language: field names, option values and numbers are the same in every language.
 *
 * Isomorphic: the browser, the server and the CLI localise with these functions, so a message is the same words
 * wherever it is shown. Validation always runs on the English schema (one compiled or precompiled validator per
 * version); its messages are then said in the reader's language.
 */
import type { FieldError } from '../validation/errors';
import { esc, isNode, walkEverySchema, type Node } from '../forms/schema-walk';
import type { Language } from './language';
import { engineMessage } from './messages';

/** One language's words of one form: English text → its translation. */
export type Words = Record<string, string>;

/** A form's translations by language (`{ bn: { … } }`); English needs none. */
export type FormTranslations = Partial<Record<Language, Words>>;

/**
 * A text of a form a person reads: where it is, and whether it is an error message or an option of a list (an `enum`
 * value, shown through `ui:enumNames` in another language: the value stored stays the English one).
 */
export interface FormText {
  text: string;
  in: 'schema' | 'uiSchema';
  pointer: string;
  message: boolean;
  option?: true;
}

/**
 * Whether a text has words to translate: it has Latin letters and is not an example value (an e-mail address or a
 * link such as `you@example.com` or `https://`), which reads the same in every language.
 */
export function needsTranslation(text: string): boolean {
  return /[A-Za-z]{2}/.test(text) && !/^\S*(?:@|:\/\/)\S*$/.test(text);
}

/** Every string inside an `errorMessage` value (a string, or objects of them such as `required: { field: … }`). */
function messageTexts(value: unknown, pointer: string, out: FormText[]): void {
  if (typeof value === 'string') out.push({ text: value, in: 'schema', pointer, message: true });
  else if (isNode(value)) for (const [k, v] of Object.entries(value)) messageTexts(v, `${pointer}/${esc(k)}`, out);
}

/** UI keys whose value is a text a person reads. */
const UI_TEXT_KEYS = ['ui:title', 'ui:description', 'ui:help', 'ui:placeholder'] as const;

function uiTexts(node: Node, pointer: string, out: FormText[]): void {
  const push = (text: unknown, at: string) => typeof text === 'string' && out.push({ text, in: 'uiSchema', pointer: at, message: false });
  for (const key of UI_TEXT_KEYS) push(node[key], `${pointer}/${esc(key)}`);
  if (Array.isArray(node['ui:enumNames'])) node['ui:enumNames'].forEach((t, i) => push(t, `${pointer}/ui:enumNames/${i}`));
  const submit = node['ui:submitButtonOptions'];
  if (isNode(submit)) push(submit.submitText, `${pointer}/ui:submitButtonOptions/submitText`);
  const options = node['ui:options'];
  if (isNode(options)) {
    push(options.addText, `${pointer}/ui:options/addText`);
    if (Array.isArray(options.groups)) options.groups.forEach((g, i) => isNode(g) && push(g.title, `${pointer}/ui:options/groups/${i}/title`));
  }
  for (const [key, value] of Object.entries(node)) {
    if (!key.startsWith('ui:') && isNode(value)) uiTexts(value, `${pointer}/${esc(key)}`, out);
  }
}

/** Every text of a form a person can read (titles, descriptions, help, placeholders, options, steps, messages). */
export function formTexts(schema: Node, uiSchema: Node): FormText[] {
  const out: FormText[] = [];
  walkEverySchema(schema, '', (node, pointer) => {
    for (const key of ['title', 'description'] as const) {
      if (typeof node[key] === 'string') out.push({ text: node[key], in: 'schema', pointer: `${pointer}/${key}`, message: false });
    }
    if ('errorMessage' in node) messageTexts(node.errorMessage, `${pointer}/errorMessage`, out);
    if (Array.isArray(node.enum)) {
      node.enum.forEach((v, i) => typeof v === 'string' && out.push({ text: v, in: 'schema', pointer: `${pointer}/enum/${i}`, message: false, option: true }));
    }
  });
  uiTexts(uiSchema, '', out);
  return out;
}

/** A text in a language: its translation, or the text itself when there is none (English, or a missing word). */
export function translate(text: string, words: Words | undefined): string {
  return (words && Object.hasOwn(words, text) ? words[text] : undefined) ?? text;
}

/** The words of a form in a language (undefined for English, the files' own language). */
export function wordsFor(translations: FormTranslations | undefined, language: Language): Words | undefined {
  return language === 'en' ? undefined : translations?.[language];
}

/**
 * Field errors said in a language: the same fields, each message in the form's words for it (`translations`), or
 * the engine's own (a field the form does not take…) in that language.
 */
export function localizeErrors(errors: FieldError[], translations: FormTranslations | undefined, language: Language): FieldError[] {
  if (language === 'en') return errors;
  const words = wordsFor(translations, language);
  return errors.map((e) => ({ path: e.path, message: words && Object.hasOwn(words, e.message) ? words[e.message]! : engineMessage(e.message, language) }));
}

/** Sets `value` at a JSON pointer of a copy-on-write tree (`tree` is already a private copy). */
function setAt(tree: Node, pointer: string, value: unknown): void {
  const parts = pointer.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node: unknown = tree;
  for (const part of parts.slice(0, -1)) node = (node as Record<string, unknown>)[part];
  (node as Record<string, unknown>)[parts.at(-1)!] = value;
}

/**
 * A schema and ui-schema with every text in the given words (each text without a translation stays English).
 * Rules, names, values (an `enum`'s included) and the order of keys are untouched. The server and the CLI read messages from such a schema;
 * the browser draws the form from `uiSchemaOverlay` instead, since its precompiled validator needs the English schema.
 */
export function localizeForm(schema: Node, uiSchema: Node, words: Words | undefined): { schema: Node; uiSchema: Node } {
  if (!words) return { schema, uiSchema };
  const s = structuredClone(schema);
  const u = structuredClone(uiSchema);
  for (const t of formTexts(schema, uiSchema)) if (!t.option) setAt(t.in === 'schema' ? s : u, t.pointer, translate(t.text, words));
  return { schema: s, uiSchema: u };
}

/** Every schema a node offers for each of its properties, branches (`then`, `else`, `allOf`…) included. */
function propertyVariants(node: Node): Map<string, Node[]> {
  const out = new Map<string, Node[]>();
  const visit = (n: Node): void => {
    if (isNode(n.properties)) for (const [k, v] of Object.entries(n.properties)) if (isNode(v)) out.set(k, [...(out.get(k) ?? []), v]);
    for (const key of ['then', 'else'] as const) if (isNode(n[key])) visit(n[key]);
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) if (Array.isArray(n[key])) (n[key] as unknown[]).forEach((c) => isNode(c) && visit(c));
  };
  visit(node);
  return out;
}

/** Gives `ui` (a private copy) the schema node's title and description (and its options' titles) as ui texts. */
function overlay(schema: Node, ui: Node, words: Words): void {
  if (typeof schema.title === 'string' && !('ui:title' in ui)) ui['ui:title'] = translate(schema.title, words);
  if (typeof schema.description === 'string' && !('ui:description' in ui)) ui['ui:description'] = translate(schema.description, words);
  if (Array.isArray(schema.enum) && !('ui:enumNames' in ui)) ui['ui:enumNames'] = schema.enum.map((v) => (typeof v === 'string' ? translate(v, words) : String(v)));
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = schema[key];
    if (!Array.isArray(options) || !options.some((o) => isNode(o) && typeof o.title === 'string')) continue;
    const given = Array.isArray(ui[key]) ? (ui[key] as unknown[]) : [];
    ui[key] = options.map((o, i) => {
      const own = isNode(given[i]) ? given[i] : {};
      return isNode(o) && typeof o.title === 'string' && !('ui:title' in own) ? { ...own, 'ui:title': translate(o.title, words) } : own;
    });
  }
  for (const [name, variants] of propertyVariants(schema)) {
    if (!isNode(ui[name])) ui[name] = {};
    for (const v of variants) overlay(v, ui[name] as Node, words);
  }
  if (isNode(schema.items)) {
    if (!isNode(ui.items)) ui.items = {};
    overlay(schema.items, ui.items as Node, words);
  }
}

/**
 * The ui-schema that draws the English schema in a language: every text of the ui-schema translated, and each
 * title and description of the schema given as `ui:title` / `ui:description` (options' titles in `oneOf`), which
 * RJSF shows instead of the schema's. The schema itself stays as it is, so its validator is unchanged.
 */
export function uiSchemaOverlay(schema: Node, uiSchema: Node, words: Words | undefined): Node {
  if (!words) return uiSchema;
  const ui = localizeForm(schema, uiSchema, words).uiSchema;
  overlay(schema, ui, words);
  return ui;
}
