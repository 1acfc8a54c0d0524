/**
 * Digits typed on a Bengali keyboard (০-৯) are read as 0-9 before a form is checked (issue 29 §2), in the browser,
 * on the server and in the CLI alike, so one number is stored one way whichever keyboard typed it: in every amount
 * (a `number`/`integer` field: `২৫০০০` is 25000), phone (`format: phone`, `email-or-phone`: `০১৮১২৩৪৫৬৭৮` is then
 * `+8801812345678` like any local number), date (`format: date`) and every text field marked
 * `"x-ascii-digits": true` (a National ID number, a verification code). This module is the one place that converts.
 */

type Node = Record<string, unknown>;

const BENGALI_ZERO = 0x09e6;
const BENGALI_DIGIT = /[০-৯]/g;

/** Formats whose values are made of digits a person types (phones, dates). */
const DIGIT_FORMATS = new Set(['phone', 'email-or-phone', 'date']);

/** An amount typed with digits (commas for lakh or thousands, a decimal point); it must hold a Bengali digit too. */
const AMOUNT = /^[০-৯0-9,]{1,40}(?:\.[০-৯0-9]{1,20})?$/;
const HAS_BENGALI_DIGIT = /[০-৯]/;

function typesOf(s: Node): unknown[] {
  return Array.isArray(s.type) ? s.type : [s.type];
}

/** A text field whose digits are read as ASCII. */
function readsDigits(s: Node): boolean {
  return s['x-ascii-digits'] === true || (typeof s.format === 'string' && DIGIT_FORMATS.has(s.format));
}

/** A field that holds a number (an amount, a count of months). */
function isNumeric(s: Node): boolean {
  return typesOf(s).some((t) => t === 'number' || t === 'integer') && !typesOf(s).includes('string');
}

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
  if (typeof value === 'string') {
    if (schemas.some(readsDigits)) return asciiDigits(value);
    // A number typed in Bengali digits arrives as text (the browser's field, a JSON body): it is that number.
    if (schemas.some(isNumeric) && HAS_BENGALI_DIGIT.test(value) && AMOUNT.test(value.trim())) return Number(asciiDigits(value.trim()).replace(/,/g, ''));
    return value;
  }
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
 * A copy of a form answer whose amount, phone, date and `x-ascii-digits` fields (at any depth, in any branch) hold
 * ASCII digits (amounts as numbers). Read from the schema, so a field product staff add is read the same way with
 * no code. Other values are untouched.
 */
export function withAsciiDigits<T>(schema: Node, data: T): T {
  return convert([schema], data) as T;
}
