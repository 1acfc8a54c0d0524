/**
 * A schema-driven fuzzer for the HTTP API. It reads the OpenAPI document the server publishes, makes a plausible
 * request for each operation from its schemas, then breaks it: hostile text (NUL, lone surrogates, huge strings),
 * wrong types, deep nesting, huge lists, unknown fields, bad JSON, odd path ids and query strings. Seeded, so a
 * failure can be replayed. Used by the test suite (a few thousand cases) and by `npm run fuzz` (the long run).
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = Record<string, unknown>;

/** One request to send (Fastify's `inject` options, and a label for reports). */
export interface FuzzCase {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  identity: 'anonymous' | 'user' | 'staff';
}

/** A small, fast, seedable PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TINY_PNG =
  'data:image/png;name=a.png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function nested(depth: number): Json {
  let v: Json = {};
  for (let i = 0; i < depth; i++) v = i % 2 ? { a: v } : [v];
  return v;
}

/** Hostile values: each is something the fuzz once found or a classic. Built lazily (some are large). */
const HOSTILE: (() => Json)[] = [
  () => '\u0000',
  () => 'a\u0000b',
  () => '\ud800',
  () => 'x\udc00y',
  () => 'half an emoji \ud83d',
  () => '😀'.repeat(2000),
  () => 'a'.repeat(200_000),
  () => "' OR 1=1 --",
  () => '<script>alert(1)</script>',
  () => '%00%ff',
  () => '../../etc/passwd',
  () => '',
  () => '   ',
  () => '\u202e\u200b',
  () => 'data:text/plain;base64,aGVsbG8=',
  () => 'data:image/png;base64,' + 'A'.repeat(5000),
  () => 'file:00000000-0000-0000-0000-000000000000',
  () => 1e308,
  () => -1e308,
  () => 0,
  () => -1,
  () => 1.000000001,
  () => Number('12345678901234567890'),
  () => true,
  () => null,
  () => [],
  () => ({}),
  () => nested(40),
  () => nested(3000),
  () => Array.from({ length: 19_000 }, () => 1),
  () => Array.from({ length: 5_000 }, () => ({ description: 1, file: 2 })),
  () => Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`k${i}`, i])),
  () => Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`k${i}`, '\u0000'])),
  () => ({ ['\u0000key']: 1, ['\ud800']: 2 }),
  () => JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}') as Json,
];

const PATH_IDS = [
  () => '00000000-0000-4000-8000-000000000000',
  () => crypto.randomUUID(),
  () => 'not-a-uuid',
  () => '%00',
  () => 'a'.repeat(300),
  () => 'a'.repeat(12_000),
  () => '..%2F..%2Fetc',
  () => '%E0%A4%A',
  () => '%F0%9F%98%80',
  () => `${crypto.randomUUID()}%00`,
  () => 'project-owner',
  () => 'x',
];

function resolveRef(schema: Schema, components: Record<string, Schema>): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const name = ref.replace(/^#\/components\/schemas\//, '').replace(/#$/, '');
  return components[name] ?? {};
}

/** All `properties` a schema offers, including those of its branches (any branch may be the one taken). */
function propertiesOf(schema: Schema): [string, Schema][] {
  const out: [string, Schema][] = [];
  const add = (s: unknown) => {
    if (!s || typeof s !== 'object') return;
    const node = s as Schema;
    if (node.properties && typeof node.properties === 'object') out.push(...Object.entries(node.properties as Record<string, Schema>));
    for (const k of ['then', 'else']) add(node[k]);
    for (const k of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(node[k])) (node[k] as unknown[]).forEach(add);
  };
  add(schema);
  return out;
}

/** A plausible value for a schema: not always valid, close enough to get past the first checks. */
export function sample(schemaIn: Schema, components: Record<string, Schema>, random: () => number, depth = 0): Json {
  const schema = resolveRef(schemaIn, components);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;
  if (Array.isArray(schema.enum)) return pick(schema.enum as Json[]);
  if ('const' in schema) return schema.const as Json;
  const type = Array.isArray(schema.type) ? pick(schema.type as string[]) : (schema.type as string | undefined);
  if (type === 'object' || schema.properties) {
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const out: Record<string, Json> = {};
    if (depth > 4) return out;
    for (const [name, child] of propertiesOf(schema)) {
      if (required.has(name) || random() < 0.7) out[name] = sample(child, components, random, depth + 1);
    }
    return out;
  }
  if (type === 'array') {
    const n = Math.floor(random() * 3) + (typeof schema.minItems === 'number' ? schema.minItems : 0);
    return Array.from({ length: n }, () => sample((schema.items as Schema) ?? {}, components, random, depth + 1));
  }
  if (type === 'integer' || type === 'number') {
    const min = typeof schema.minimum === 'number' ? schema.minimum : 0;
    const max = typeof schema.maximum === 'number' ? schema.maximum : min + 1_000_000;
    const n = min + random() * (max - min);
    return type === 'integer' ? Math.floor(n) : Math.round(n * 100) / 100;
  }
  if (type === 'boolean') return random() < 0.5;
  if (type === 'string' || type === undefined) {
    switch (schema.format) {
      case 'email':
        return `fuzz${Math.floor(random() * 1e9)}@example.com`;
      case 'uuid':
        return crypto.randomUUID();
      case 'date':
        return '2026-12-01';
      case 'date-time':
        return new Date().toISOString();
      case 'uri':
        return 'https://example.com/x';
      case 'upload':
        return TINY_PNG;
      case 'phone':
        return `+88017${String(Math.floor(random() * 1e8)).padStart(8, '0')}`;
      default:
        return pick(['Secret1!', 'Dhaka', 'A tidy description', '1234', '01812345678', 'x']);
    }
  }
  return null;
}

/** Replaces one random place of a value (or the value itself) with `replacement`. */
function mutate(value: Json, replacement: Json, random: () => number): Json {
  if (value === null || typeof value !== 'object' || random() < 0.15) return replacement;
  if (Array.isArray(value)) {
    if (value.length === 0) return [replacement];
    const copy = [...value];
    const i = Math.floor(random() * copy.length);
    copy[i] = mutate(copy[i]!, replacement, random);
    return copy;
  }
  const keys = Object.keys(value);
  const copy = { ...value };
  if (keys.length === 0 || random() < 0.2) {
    copy[random() < 0.5 ? 'unknownField' : keys[0] ?? 'x'] = replacement;
    return copy;
  }
  const k = keys[Math.floor(random() * keys.length)]!;
  copy[k] = mutate(copy[k]!, replacement, random);
  return copy;
}

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  query: [string, Schema][];
  body?: Schema;
  secured: boolean;
}

/**
 * Percent-encodes text for a URL, including what `encodeURIComponent` refuses (a lone surrogate goes as the bytes
 * of its would-be UTF-8, which is not valid UTF-8: the server must cope with that too).
 */
function encodeLoose(text: string): string {
  let out = '';
  for (const ch of text) {
    try {
      out += encodeURIComponent(ch);
    } catch {
      const c = ch.charCodeAt(0);
      out += `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}`.toUpperCase();
    }
  }
  return out;
}

/** The operations of an OpenAPI 3 document. */
export function operations(doc: { paths: Record<string, Record<string, Schema>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = (op.parameters as { in: string; name: string; schema: Schema }[] | undefined) ?? [];
      const body = (op.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)?.content?.['application/json']?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params.filter((p) => p.in === 'query').map((p) => [p.name, p.schema]),
        body,
        secured: Array.isArray(op.security) && op.security.length > 0,
      });
    }
  }
  return ops;
}

/**
 * `count` cases over every operation of the document, round-robin, from `seed`. Identities rotate so each
 * operation is tried signed out, as a user and as staff.
 */
export function fuzzCases(doc: { paths: Record<string, Record<string, Schema>>; components?: { schemas?: Record<string, Schema> } }, count: number, seed: number, prefix = '/api/v1'): FuzzCase[] {
  const random = rng(seed);
  const components = doc.components?.schemas ?? {};
  const ops = operations(doc);
  const identities: FuzzCase['identity'][] = ['anonymous', 'user', 'staff'];
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;
  const cases: FuzzCase[] = [];
  for (let i = 0; i < count; i++) {
    const op = ops[i % ops.length]!;
    const identity = op.secured ? identities[Math.floor(i / ops.length) % 3]! : pick(identities);
    const mode = random();
    let label = '';
    let path = op.path;
    for (const name of op.pathParams) {
      const id = mode < 0.3 ? pick(PATH_IDS)() : crypto.randomUUID();
      if (mode < 0.3) label += ` ${name}=${id.slice(0, 40)}`;
      path = path.replace(`{${name}}`, id);
    }
    const query: string[] = [];
    for (const [name, schema] of op.query) {
      if (random() < 0.5) continue;
      const hostile = random() < 0.4;
      const v = hostile ? pick(HOSTILE)() : sample(schema, components, random);
      const text = typeof v === 'string' ? v : JSON.stringify(v);
      if (hostile) label += ` ?${name}=${text.slice(0, 30)}`;
      query.push(`${encodeURIComponent(name)}=${encodeLoose(text.slice(0, 5000)).replace(/%25/g, random() < 0.3 ? '%' : '%25')}`);
    }
    if (random() < 0.1) query.push(`${pick(['x', 'status', 'limit', '__proto__'])}=${pick(['%00', '1', '%ud800', '-1', '1e9'])}`);
    const url = `${prefix}${path}${query.length ? `?${query.join('&')}` : ''}`;
    const headers: Record<string, string> = {};
    let payload: string | undefined;
    if (op.body || random() < 0.1) {
      headers['content-type'] = 'application/json';
      const base = op.body ? sample(op.body, components, random) : {};
      const m = random();
      if (m < 0.08) {
        payload = pick(['{', '{"a":', 'null', '[]', '"x"', '{"a":1}}', '\u0000', '{"a":"\\ud800"}', '{"a":"\\u0000"}', 'nul', '{"__proto__":1}']);
        label += ` raw ${JSON.stringify(payload)}`;
      } else if (m < 0.12) {
        headers['content-type'] = pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']);
        payload = 'a=1';
        label += ` content-type ${headers['content-type']}`;
      } else {
        const hostileIndex = Math.floor(random() * HOSTILE.length);
        const body = m < 0.25 ? base : mutate(base, HOSTILE[hostileIndex]!(), random);
        if (m >= 0.25) label += ` hostile#${hostileIndex}`;
        payload = JSON.stringify(body);
      }
    }
    cases.push({ label: `${op.method} ${op.path} as ${identity}${label}`, method: op.method, url, headers, payload, identity });
  }
  return cases;
}

/** What a response must be, whatever the request was: never a 5xx; a 4xx is JSON with a readable message. */
export function judge(status: number, contentType: string | undefined, body: string): string | null {
  if (status >= 500) return `answered ${status}: ${body.slice(0, 200)}`;
  if (/\bat [\w.<>]+ \(|node_modules|\/src\/server\/|syntax error at|relation "|violates|invalid input syntax/i.test(body)) {
    return `leaked internals (${status}): ${body.slice(0, 200)}`;
  }
  if (status >= 400) {
    if (!contentType?.includes('application/json')) return `${status} without a JSON body (${contentType ?? 'no content type'})`;
    try {
      const parsed = JSON.parse(body) as { message?: unknown };
      if (typeof parsed.message !== 'string' || parsed.message.trim().length < 8) return `${status} without a readable message: ${body.slice(0, 200)}`;
    } catch {
      return `${status} with a body that is not JSON: ${body.slice(0, 200)}`;
    }
  }
  return null;
}
