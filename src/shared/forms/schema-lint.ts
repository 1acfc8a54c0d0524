/**
 * The schema lint: the rules a form's JSON must follow so the browser, the server and the CLI agree and every
 * message a user can meet is written by a person. It takes parsed files and returns problems; the patterns' time is
 * decided by a ReDoS checker (pattern-lint.ts), so the functions that lint a whole schema are asynchronous.
 * Its rule families: the schema's own (schema-rules.ts), the ui-schema's (ui-schema-lint.ts), the screen config's
 * and site content's (config-lint.ts), the payment instructions' (payment-instructions-lint.ts).
 */
import { piiProblems } from './pii';
import { protectedFieldProblems } from './code-fields';
import { esc, type Node } from './schema-walk';
import { patternSyntaxProblems, superLinearPatternProblems } from './pattern-lint';
import type { Problem } from './lint-problem';
import { lintSchema } from './schema-rules';
import { lintUiSchema } from './ui-schema-lint';

export type { Problem } from './lint-problem';
export { CONTENT_FILE, lintConfig, SCREENS_FILE } from './config-lint';
export { lintPaymentInstructions, PAYMENT_INSTRUCTIONS_FILE } from './payment-instructions-lint';

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
