/**
 * Personal data (issue 31 §7): the fields that hold identity data — identity numbers (NID, passport, e-TIN, BIN),
 * account numbers, the identity and document images, e-mail, phone, address — carry `"x-pii": true` in their
 * schemas. `PII_FIELDS` is the shipped list, one place read by the schema lint (`npm run schemas:check`), by the
 * form studio's check and publish (which also keeps every mark of the shipped schema file), and by the views:
 * a version that marks such a field `"x-visibility": "public"` or drops its mark is refused, and whatever a version
 * says, a personal field is never shown to the public (a "public" mark counts as "owner": the person and staff).
 * "contact" stays: it shares a detail only with the people its owner chose (visibility.ts).
 */
import { topLevelFieldTypes, type ProtectedProblem } from './code-fields';

export const PII_FIELDS: Readonly<Record<string, readonly string[]>> = {
  'project-owner': ['email', 'phone', 'nid', 'etin', 'btin', 'accountNum', 'accountName'],
  verification: ['nid', 'nidImage', 'nidf', 'nidfImage', 'nominee', 'nomineeImage', 'passport', 'address'],
  invest: ['phone', 'email'],
  'agreement-request': ['investorAddress', 'documents'],
  profile: ['email', 'phone'],
  'sign-up': ['email', 'phone'],
  'sign-in': ['email'],
  'verify-otp': ['phone'],
  'forgot-password': ['email'],
  'reset-password': ['email'],
  newsletter: ['email'],
  donate: ['email'],
};

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Every declaration of each top-level field of a schema (the base and each branch's), in order. */
function declarations(schema: unknown): Map<string, Node[]> {
  const out = new Map<string, Node[]>();
  const visit = (n: unknown): void => {
    if (!isNode(n)) return;
    if (isNode(n.properties)) {
      for (const [name, child] of Object.entries(n.properties)) if (isNode(child)) out.set(name, [...(out.get(name) ?? []), child]);
    }
    for (const k of ['then', 'else'] as const) visit(n[k]);
    for (const k of ['allOf', 'anyOf', 'oneOf'] as const) if (Array.isArray(n[k])) (n[k] as unknown[]).forEach(visit);
  };
  visit(schema);
  return out;
}

/** The top-level fields a schema marks `"<mark>": true` (in any of their declarations). */
export function fieldsMarked(schema: unknown, mark: string): Set<string> {
  const marked = new Set<string>();
  for (const [name, decls] of declarations(schema)) if (decls.some((d) => d[mark] === true)) marked.add(name);
  return marked;
}

/** The top-level fields a schema marks `"x-pii": true` (in any of their declarations). */
export function piiMarked(schema: unknown): Set<string> {
  return fieldsMarked(schema, 'x-pii');
}

const bySchema = new WeakMap<object, ReadonlySet<string>>();

/** The personal fields of a form's schema: the shipped list and whatever the schema marks. */
export function piiFields(formId: string, schema: unknown): ReadonlySet<string> {
  const known = isNode(schema) ? bySchema.get(schema) : undefined;
  if (known) return known;
  const out = new Set([...(PII_FIELDS[formId] ?? []), ...piiMarked(schema)]);
  if (isNode(schema)) bySchema.set(schema, out);
  return out;
}

/**
 * What a version of form `formId` does wrong with personal data: a personal field (the shipped list, or marked in
 * `shipped`, the form's schema file) that it keeps without its mark, and a personal field it marks public.
 */
export function piiProblems(formId: string, schema: unknown, shipped?: unknown): ProtectedProblem[] {
  const present = topLevelFieldTypes(schema);
  const marked = piiMarked(schema);
  const decls = declarations(schema);
  const problems: ProtectedProblem[] = [];
  const mustKeep = new Set([...(PII_FIELDS[formId] ?? []), ...(shipped ? piiMarked(shipped) : [])]);
  for (const field of mustKeep) {
    if (present.has(field) && !marked.has(field)) {
      problems.push({ field, problem: `"${field}" holds personal data: it must keep "x-pii": true (its mark cannot be removed)` });
    }
  }
  for (const field of new Set([...mustKeep, ...marked])) {
    if ((decls.get(field) ?? []).some((d) => d['x-visibility'] === 'public')) {
      problems.push({ field, problem: `"${field}" holds personal data ("x-pii"): it cannot be "x-visibility": "public" (use "owner", "contact" or "staff")` });
    }
  }
  return problems;
}
