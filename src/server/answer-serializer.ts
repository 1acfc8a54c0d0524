/**
 * How answers are written from their declared schemas (issue 32 §2). Fastify writes an answer with
 * fast-json-stringify from the route's response schema: a field the schema does not declare is never sent. Its
 * `required` lists, though, make the writer throw on a missing field, so a view that leaves out a field in a case its
 * schema did not foresee would answer 500 instead of what JSON.stringify wrote before. The writer here is Fastify's
 * own, given the schemas without their `required` lists: a missing field is left out, as before. The OpenAPI document
 * (which reads the route schemas themselves) still says which fields are always there.
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type Json = unknown;

/** A copy of a schema with every `required` list taken out (the keyword, not properties that happen to be named so). */
export function withoutRequired(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(withoutRequired);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'required' && Array.isArray(value)) continue;
    // Under `properties` (and `$defs`, `patternProperties`…) the keys are names, not keywords: each value is a schema.
    out[key] =
      (key === 'properties' || key === 'patternProperties' || key === '$defs' || key === 'definitions') && value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, withoutRequired(sub)]))
        : withoutRequired(value);
  }
  return out;
}

const factory = SerializerSelector();

/** Fastify's `schemaController.compilersFactory.buildSerializer`: its own writer, over schemas without `required`. */
export function buildAnswerSerializer(externalSchemas?: unknown, options?: Parameters<typeof factory>[1]) {
  const compile = factory(withoutRequired(externalSchemas), options);
  return (route: Parameters<ReturnType<typeof factory>>[0]) => compile({ ...route, schema: withoutRequired(route.schema) });
}
