/**
 * `x-visibility` on a field of a form schema says who may see its stored value: "public" (anyone, e.g. on a project
 * page), "owner" (the person who submitted it and staff; the default when absent) or "staff" (staff only, hidden
 * from the owner too). The server's views follow it with the schema version the data was submitted with.
 */
import { topLevelFieldTypes } from './code-fields';

export const VISIBILITIES = ['public', 'owner', 'staff'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The visibility of each top-level field of a schema (including fields its branches add): the most restrictive mark
 * among the places that declare it with one (so a branch cannot widen what the base hides); unmarked: "owner".
 * A branch's unmarked copy of a field (narrowing an enum) does not change its mark.
 */
function fieldVisibility(schema: unknown): ReadonlyMap<string, Visibility> {
  const known = isNode(schema) ? marksBySchema.get(schema) : undefined;
  if (known) return known;
  const rank: Record<Visibility, number> = { public: 0, owner: 1, staff: 2 };
  const out = new Map<string, Visibility>();
  for (const name of topLevelFieldTypes(schema).keys()) out.set(name, 'owner');
  const marked = new Map<string, Visibility>();
  const visit = (n: unknown): void => {
    if (!isNode(n)) return;
    if (isNode(n.properties)) {
      for (const [name, child] of Object.entries(n.properties)) {
        const raw = isNode(child) ? child['x-visibility'] : undefined;
        if (raw !== 'public' && raw !== 'owner' && raw !== 'staff') continue;
        const before = marked.get(name);
        if (before === undefined || rank[raw] > rank[before]) marked.set(name, raw);
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

/** The fields of stored data an audience may see: public sees "public", the owner all but "staff", staff all. */
export function visibleData(data: Record<string, unknown>, schema: unknown, audience: Visibility): Record<string, unknown> {
  if (audience === 'staff') return data;
  const marks = fieldVisibility(schema);
  const allowed = (k: string): boolean => {
    const v = marks.get(k) ?? 'owner';
    return audience === 'public' ? v === 'public' : v !== 'staff';
  };
  return Object.fromEntries(Object.entries(data).filter(([k]) => allowed(k)));
}
