/**
 * The material terms of a deal (issue 31 §5): the project form's fields marked `"x-material": true` in
 * schemas/project-owner.schema.json (the contract and what it finances, and the money terms). An owner's edit that
 * changes one of them after a Shariah approval sends the review back (src/server/modules/projects/shariah.ts).
 * Product staff change the list by moving the mark; the schema lint checks where it may appear. A version published in the form
 * studio may mark more fields; the marks of the schema file hold whatever a version says (a version published before
 * a mark was added, or one that drops it, does not let a material edit keep an approval).
 */
import { fieldsMarked } from './pii';

const bySchema = new WeakMap<object, readonly string[]>();

/** The fields of a form's schema marked material (in any declaration, base or branch), in the schema's order. */
function markedIn(schema: unknown): readonly string[] {
  if (schema === null || typeof schema !== 'object') return [];
  const known = bySchema.get(schema);
  if (known) return known;
  const out = [...fieldsMarked(schema, 'x-material')];
  bySchema.set(schema, out);
  return out;
}

/** The material fields: those any of the schemas (the version in force, the schema file) marks, without repeats. */
export function materialFields(...schemas: unknown[]): string[] {
  return [...new Set(schemas.flatMap(markedIn))];
}
