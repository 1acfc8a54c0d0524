/**
 * Turns raw Ajv errors into the one error shape every consumer shows: `{ path, message }`, where `path` is the JSON
 * pointer of the field the message belongs to. The browser, the server's 400 answers and the CLI all go through here.
 */

/** One field error: the JSON pointer of the field (e.g. `/documents/0/file`) and the schema's message. */
export interface FieldError {
  path: string;
  message: string;
}

/** The subset of an Ajv `ErrorObject` this module reads (RJSF hands out the same objects). */
export interface RawAjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Escapes one JSON-pointer segment (RFC 6901). */
export function escapePointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Splits a JSON pointer into its unescaped segments (`''` → `[]`). */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The property an error names inside the object it was raised on, if the keyword names one. */
function namedProperty(error: RawAjvError): string | undefined {
  const p = error.params;
  for (const key of ['missingProperty', 'additionalProperty', 'unevaluatedProperty']) {
    const v = p[key];
    if (typeof v === 'string') return v;
  }
  return undefined;
}

/** The pointer of the field an (inner) Ajv error belongs to: a missing or unknown property points at itself. */
function fieldPointer(error: RawAjvError): string {
  const prop = namedProperty(error);
  return prop === undefined ? error.instancePath : `${error.instancePath}/${escapePointerSegment(prop)}`;
}

/** A key the form does not take: one of its fields in a branch not chosen, one it had before, or none of its own. */
function extraField(name: string, declared: ReadonlySet<string>, retired: ReadonlySet<string>): string {
  if (declared.has(name)) return `Field "${name}" does not apply to the answers given (its section is not chosen)`;
  if (retired.has(name)) return `Field "${name}" no longer exists in this version of the form`;
  return `Unknown field "${name}": this form has no such field`;
}

const FALLBACK: Record<string, (e: RawAjvError, declared: ReadonlySet<string>, retired: ReadonlySet<string>) => string> = {
  required: () => 'This field is required',
  additionalProperties: (e, declared, retired) => extraField(String(e.params.additionalProperty), declared, retired),
  unevaluatedProperties: (e, declared, retired) => extraField(String(e.params.unevaluatedProperty), declared, retired),
};

/** Keywords whose own error only repeats what its sub-errors say. */
const NOISE = new Set(['if', 'allOf', 'anyOf', 'oneOf', 'not', '$ref']);

/** Every property name any `properties` map of the schema declares, at any depth and in any branch. */
export function declaredPropertyNames(schema: unknown): Set<string> {
  const names = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(walk);
    } else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'properties' && value !== null && typeof value === 'object') {
          for (const name of Object.keys(value)) names.add(name);
        }
        walk(value);
      }
    }
  };
  walk(schema);
  return names;
}

/**
 * An `unevaluatedProperties` error for a property the schema does declare, in a branch that failed for another
 * reason, is an echo of that failure (a failing `then` drops what it evaluated): it is reported only when nothing
 * else is wrong, i.e. when the field really belongs to a branch the data does not take.
 */
function isBranchEcho(error: RawAjvError, declared: ReadonlySet<string>, hasOtherErrors: boolean): boolean {
  const inner = error.keyword === 'errorMessage' ? (error.params.errors as RawAjvError[] | undefined)?.[0] : error;
  if (!inner || inner.keyword !== 'unevaluatedProperties') return false;
  return hasOtherErrors && declared.has(String(inner.params.unevaluatedProperty));
}

function isUnevaluated(error: RawAjvError): boolean {
  const inner = error.keyword === 'errorMessage' ? (error.params.errors as RawAjvError[] | undefined)?.[0] : error;
  return inner?.keyword === 'unevaluatedProperties';
}

/**
 * Which of one field's messages comes first: being there and of the right type, then its size, then its shape. Ajv
 * evaluates applicators (`allOf`, where a rule made of several patterns lives) before a string's own length, so
 * without this a short password would be told its characters before its length, and the browser, the server and the
 * CLI show a field's first message first.
 */
const RANK: Record<string, number> = {
  required: 0, type: 0,
  // Too short first (a password under its length is told that before what it must contain); too long after the
  // shape (a National ID pasted with extra text is told the digits it needs before its length).
  minLength: 1, minimum: 1, maximum: 1, exclusiveMinimum: 1, exclusiveMaximum: 1, minItems: 1, maxItems: 1,
  maxLength: 3,
};

function rankOf(error: RawAjvError): number {
  const inner = error.keyword === 'errorMessage' ? (error.params.errors as RawAjvError[] | undefined)?.[0] : error;
  return RANK[inner?.keyword ?? ''] ?? 2;
}

/**
 * Normalises Ajv errors (with ajv-errors' `errorMessage` wrappers) into field errors, dropping the noise an `if`
 * adds ('must match "then" schema'), branch echoes (see `isBranchEcho`; pass the schema's declared names) and
 * duplicates. Fields keep the schema's order of evaluation; one field's messages go by `RANK` (then that order). `retired`: names earlier versions of the form
 * declared and this one does not (a key the form no longer has is then said so, not called unknown).
 */
export function normalizeErrors(
  errors: readonly RawAjvError[] | null | undefined,
  declared: ReadonlySet<string> = new Set(),
  retired: ReadonlySet<string> = new Set(),
): FieldError[] {
  const out: (FieldError & { rank: number })[] = [];
  const seen = new Set<string>();
  const list = errors ?? [];
  const hasOtherErrors = list.some((e) => !NOISE.has(e.keyword) && !isUnevaluated(e));
  for (const error of list) {
    if (isBranchEcho(error, declared, hasOtherErrors)) continue;
    let path: string;
    let message: string;
    if (error.keyword === 'errorMessage') {
      const inner = (error.params.errors as RawAjvError[] | undefined) ?? [];
      path = inner.length > 0 ? fieldPointer(inner[0]!) : error.instancePath;
      message = error.message ?? 'Invalid value';
    } else {
      if (NOISE.has(error.keyword)) continue;
      path = fieldPointer(error);
      const fallback = FALLBACK[error.keyword];
      message = fallback ? fallback(error, declared, retired) : capitalise(error.message ?? 'Invalid value');
    }
    const key = `${path}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ path, message, rank: rankOf(error) });
  }
  const firstAt = new Map<string, number>();
  out.forEach((e, i) => firstAt.has(e.path) || firstAt.set(e.path, i));
  return out
    .map((e, i) => ({ e, i }))
    .sort((a, b) => firstAt.get(a.e.path)! - firstAt.get(b.e.path)! || a.e.rank - b.e.rank || a.i - b.i)
    .map(({ e: { path, message } }) => ({ path, message }));
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
