/**
 * The checks of a draft in the studio: the schema lint, the fields the code reads and the personal fields' marks,
 * the server's answer for each sample, and the words of every language a version must have.
 */
import { lintForm, type Problem } from '../../../shared/forms/schema-lint';
import { protectedFieldProblems } from '../../../shared/forms/code-fields';
import { piiProblems } from '../../../shared/forms/pii';
import { declaredPropertyNames, normalizeErrors, type FieldError, type RawAjvError } from '../../../shared/validation/errors';
import { formTexts, type FormTranslations } from '../../../shared/i18n/form-words';
import { LANGUAGE_NAMES, untranslated } from '../../../shared/i18n/translation-lint';
import { LANGUAGES, SOURCE_LANGUAGE } from '../../../shared/i18n/language';
import { unsafeInputErrors } from '../../../shared/validation/safe-input';
import type { JsonSchema } from '../../../shared/forms/catalog';
import { sizesFirstCheck } from './body-check';

/** A sample to try a draft with: its name and data. */
export interface Case {
  name: string;
  data: unknown;
}

/**
 * A version's words checked against its texts (the check of `npm run schemas:check`): the words of the texts it has
 * (a word for a text the draft changed or removed is dropped), or what is still missing in each language.
 */
export function versionWords(schema: JsonSchema, uiSchema: JsonSchema, given: FormTranslations): { words: FormTranslations; missing: FieldError[] } {
  const texts = formTexts(schema, uiSchema);
  const current = new Set(texts.map((t) => t.text));
  const words: FormTranslations = {};
  const missing: FieldError[] = [];
  for (const language of LANGUAGES) {
    if (language === SOURCE_LANGUAGE) continue;
    const own = given[language] ?? {};
    const name = LANGUAGE_NAMES[language] ?? language;
    words[language] = Object.fromEntries(Object.entries(own).filter(([text]) => current.has(text)));
    for (const u of untranslated(texts, own)) {
      missing.push({ path: `translations/${language}`, message: u.repeats ? `The ${name} message only repeats the English “${u.at.text}”: translate it.` : `No ${name} for “${u.at.text}”.` });
    }
  }
  return { words, missing };
}

/** A lint problem as the studio shows it: in which document, where, what. */
function lintEntry(p: Problem) {
  return { in: p.file.startsWith('ui-schemas/') ? ('uiSchema' as const) : ('schema' as const), path: p.pointer, message: p.message };
}

/**
 * The server's answer for each sample: what a request with that data would be told (sizes first, then the schema),
 * once the draft is published (`published`: the names the published versions declare, for a field the draft removes).
 */
function answersFor(schema: JsonSchema, cases: Case[], published: ReadonlySet<string>): { name: string; valid: boolean; errors: FieldError[] }[] {
  let compiled: { check: ReturnType<typeof sizesFirstCheck>; declared: Set<string> } | { failure: FieldError[] } | undefined;
  const compile = () => {
    try {
      compiled ??= { check: sizesFirstCheck(schema), declared: declaredPropertyNames(schema) };
    } catch (err) {
      compiled = { failure: [{ path: '', message: `The schema does not compile: ${(err as Error).message}` }] };
    }
    return compiled;
  };
  return cases.map((c) => {
    const unsafe = unsafeInputErrors(c.data);
    if (unsafe.length > 0) return { name: c.name, valid: false, errors: unsafe };
    const v = compile();
    if ('failure' in v) return { name: c.name, valid: false, errors: v.failure };
    if (v.check(c.data)) return { name: c.name, valid: true, errors: [] };
    const retired = new Set([...published].filter((n) => !v.declared.has(n)));
    return { name: c.name, valid: false, errors: normalizeErrors((v.check.errors ?? []) as RawAjvError[], v.declared, retired) };
  });
}

/**
 * Runs every check of a draft. The lint's pattern checker runs off the event loop (src/shared/forms/pattern-safety.ts),
 * so a draft's patterns never hold up other requests; `answersFor` runs them on RE2, in linear time.
 */
export async function checkDraft(formId: string, schema: JsonSchema, uiSchema: JsonSchema, shipped: JsonSchema | undefined, cases: Case[] = [], published: ReadonlySet<string> = new Set()) {
  return {
    lint: (await lintForm(formId, schema, uiSchema, { codeFields: false })).map(lintEntry),
    // The fields the code reads, and the personal fields' marks (the shipped list and the schema file's marks).
    protected: [...protectedFieldProblems(formId, schema), ...piiProblems(formId, schema, shipped)],
    cases: answersFor(schema, cases, published),
  };
}
