/**
 * Finds the file fields in a submission: the JSON pointers whose schema (including branch and array item schemas)
 * says `format: "upload"` and whose value is a string, with what each file may be (`"x-upload": "document"`: a PDF
 * or an image; otherwise an image).
 */
import type { UploadKind } from './data-url';
import { escapePointerSegment } from '../../shared/validation/errors';

type Schema = Record<string, unknown>;

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Every schema a property of `schema` may have, across `then`/`else`/`allOf` branches. */
function propertySchemas(schema: Schema, name: string): Schema[] {
  const out: Schema[] = [];
  const visit = (s: Schema): void => {
    const props = s.properties;
    if (isObject(props) && isObject(props[name])) out.push(props[name] as Schema);
    for (const key of ['then', 'else'] as const) if (isObject(s[key])) visit(s[key] as Schema);
    if (Array.isArray(s.allOf)) for (const item of s.allOf) if (isObject(item)) visit(item);
  };
  visit(schema);
  return out;
}

/** The upload fields present in `data`, in document order: each pointer with what its file may be. */
export function uploadFields(schema: Schema, data: unknown, pointer = ''): Map<string, UploadKind> {
  const out = new Map<string, UploadKind>();
  if (Array.isArray(data)) {
    const items = isObject(schema.items) ? (schema.items as Schema) : undefined;
    if (items) data.forEach((item, i) => uploadFields(items, item, `${pointer}/${i}`).forEach((kind, path) => out.set(path, kind)));
    return out;
  }
  if (!isObject(data)) return out;
  for (const [key, value] of Object.entries(data)) {
    const schemas = propertySchemas(schema, key);
    const here = `${pointer}/${escapePointerSegment(key)}`;
    const uploads = schemas.filter((s) => s.format === 'upload');
    // A document only when every declaration says so: a branch that says image keeps the stricter check.
    if (typeof value === 'string' && uploads.length > 0) out.set(here, uploads.every((s) => s['x-upload'] === 'document') ? 'document' : 'image');
    else for (const s of schemas) uploadFields(s, value, here).forEach((kind, path) => out.has(path) || out.set(path, kind));
  }
  return out;
}
