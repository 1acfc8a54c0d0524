/**
 * `"x-ascii-digits": true` on a text field (a National ID number): digits typed on a Bengali keyboard (০-৯) are
 * kept as 0-9, so one number is stored one way whichever keyboard typed it, and compares equal to itself. The
 * field's own `pattern` accepts both kinds of digit, so the rule and its message are the schema's and the browser,
 * the server and the CLI judge an answer alike; this module is the one place that converts.
 */

type Node = Record<string, unknown>;

const BENGALI_ZERO = 0x09e6;
const BENGALI_DIGIT = /[০-৯]/g;

/** The text with each Bengali digit replaced by the same ASCII digit (`১৯৯০` → `1990`); nothing else changes. */
export function asciiDigits(text: string): string {
  return text.replace(BENGALI_DIGIT, (d) => String(d.charCodeAt(0) - BENGALI_ZERO));
}

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Every schema an object node offers for one property, its branches' (`then`, `else`, `allOf`) included. */
function variantsOf(schema: Node, name: string): Node[] {
  const out: Node[] = [];
  const visit = (n: Node): void => {
    const field = isNode(n.properties) ? n.properties[name] : undefined;
    if (isNode(field)) out.push(field);
    for (const key of ['then', 'else'] as const) if (isNode(n[key])) visit(n[key]);
    if (Array.isArray(n.allOf)) n.allOf.forEach((c) => isNode(c) && visit(c));
  };
  visit(schema);
  return out;
}

function convert(schemas: Node[], value: unknown): unknown {
  if (schemas.length === 0) return value;
  if (typeof value === 'string') return schemas.some((s) => s['x-ascii-digits'] === true) ? asciiDigits(value) : value;
  if (Array.isArray(value)) {
    const items = schemas.map((s) => s.items).filter(isNode);
    return items.length > 0 ? value.map((v) => convert(items, v)) : value;
  }
  if (isNode(value)) {
    const out: Node = {};
    for (const [key, v] of Object.entries(value)) out[key] = convert(schemas.flatMap((s) => variantsOf(s, key)), v);
    return out;
  }
  return value;
}

/**
 * A copy of a form answer whose `x-ascii-digits` fields (at any depth, in any branch) hold ASCII digits. Read from
 * the schema, so a field product staff mark is stored the same way with no code. Other values are untouched.
 */
export function withAsciiDigits<T>(schema: Node, data: T): T {
  return convert([schema], data) as T;
}
