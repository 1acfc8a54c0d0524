/**
 * `x-visibility` on a field of a form schema says who may see its stored value: "public" (anyone, e.g. on a project
 * page), "contact" (personal contact details: the person who submitted it, staff, and the people that person chose
 * to share them with, e.g. the project owner an investor answered), "owner" (the person who submitted it and staff;
 * the default when absent) or "staff" (staff only, hidden from the owner too). Each is wider than the next. The
 * server's views follow it with the schema version the data was submitted with.
 */
import { topLevelFieldTypes } from './code-fields';
import { piiFields } from './pii';

export const VISIBILITIES = ['public', 'contact', 'owner', 'staff'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

type Node = Record<string, unknown>;
const isVisibility = (v: unknown): v is Visibility => (VISIBILITIES as readonly unknown[]).includes(v);
const isNode = (v: unknown): v is Node => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The visibility of each top-level field of a schema (including fields its branches add): the most restrictive mark
 * among the places that declare it with one (so a branch cannot widen what the base hides); unmarked: "owner".
 * A branch's unmarked copy of a field (narrowing an enum) does not change its mark.
 */
function fieldVisibility(schema: unknown): ReadonlyMap<string, Visibility> {
  const known = isNode(schema) ? marksBySchema.get(schema) : undefined;
  if (known) return known;
  const out = new Map<string, Visibility>();
  for (const name of topLevelFieldTypes(schema).keys()) out.set(name, 'owner');
  const marked = new Map<string, Visibility>();
  const visit = (n: unknown): void => {
    if (!isNode(n)) return;
    if (isNode(n.properties)) {
      for (const [name, child] of Object.entries(n.properties)) {
        const raw = isNode(child) ? child['x-visibility'] : undefined;
        if (!isVisibility(raw)) continue;
        const before = marked.get(name);
        if (before === undefined || VISIBILITIES.indexOf(raw) > VISIBILITIES.indexOf(before)) marked.set(name, raw);
      }
    }
    for (const k of ['then', 'else'] as const) visit(n[k]);
    for (const k of ['allOf', 'anyOf', 'oneOf'] as const) if (Array.isArray(n[k])) (n[k] as unknown[]).forEach(visit);
  };
  visit(schema);
  for (const [k, v] of marked) out.set(k, v);
  if (isNode(schema)) marksBySchema.set(schema, out);
  return out;
}

/**
 * The marks of each schema object, worked out once: views call this for every row of a list with the same
 * (immutable, published) schema objects. Callers must not change the map they get.
 */
const marksBySchema = new WeakMap<object, Map<string, Visibility>>();

/**
 * The fields of stored data an audience may see: an audience sees the fields marked for it and every wider mark
 * (public sees "public"; contact "public" and "contact"; the owner all but "staff"; staff all).
 */
export function visibleData(data: Record<string, unknown>, schema: unknown, audience: Visibility, formId: string): Record<string, unknown> {
  if (audience === 'staff') return data;
  const marks = fieldVisibility(schema);
  const personal = piiFields(formId, schema);
  const widest = VISIBILITIES.indexOf(audience);
  const allowed = (k: string): boolean => VISIBILITIES.indexOf(effectiveMark(k, marks, personal)) <= widest;
  return Object.fromEntries(Object.entries(data).filter(([k]) => allowed(k)));
}

/** A field's mark as the views apply it: a personal field (pii.ts) is never public, whatever the schema says. */
function effectiveMark(field: string, marks: ReadonlyMap<string, Visibility>, personal: ReadonlySet<string>): Visibility {
  const mark = marks.get(field) ?? 'owner';
  return mark === 'public' && personal.has(field) ? 'owner' : mark;
}

/** The top-level fields of a schema whose visibility, as the views apply it, is exactly `mark` (e.g. its contact fields). */
export function fieldsMarked(schema: unknown, mark: Visibility, formId: string): string[] {
  const personal = piiFields(formId, schema);
  const marks = fieldVisibility(schema);
  return [...marks.keys()].filter((k) => effectiveMark(k, marks, personal) === mark);
}

const markedSchemas = new WeakMap<object, boolean>();

/** Whether any field of a schema carries an `x-visibility` mark (versions published before marks carry none). */
export function hasVisibilityMarks(schema: unknown): boolean {
  if (!isNode(schema)) return false;
  let known = markedSchemas.get(schema);
  if (known === undefined) {
    known = JSON.stringify(schema).includes('"x-visibility"');
    markedSchemas.set(schema, known);
  }
  return known;
}
