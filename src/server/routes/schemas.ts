/**
 * Schema pieces the routes share. Every operation declares its answers with these (issue 32 §2): Fastify serialises
 * each answer by its schema, so a field a view does not declare is never sent, and the OpenAPI document at
 * /api/docs describes every answer. A view's own schema sits beside the view; the pieces here are the ones many
 * views use.
 */

/** An id in the path (`/…/:id`, a UUID; anything else is a JSON 404 before a query). */
export const idParams = { type: 'object', properties: { id: { type: 'string', format: 'uuid' } }, required: ['id'] } as const;

/** A field error: the JSON pointer of the field and what to correct (shared/validation/errors.ts FieldError). */
export const fieldErrorSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { path: { type: 'string' }, message: { type: 'string' } },
  required: ['path', 'message'],
} as const;

/**
 * Every 4xx and 5xx answer, as the error handler (plugins/errors.ts) and the HTTP layer (http-errors.ts) send it:
 * a message a person can act on (in the request's language, plugins/language.ts), the fields to correct on a 400,
 * how many more there were when the list is capped, and the request id of a 500.
 */
export const errorSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    message: { type: 'string' },
    errors: { type: 'array', items: fieldErrorSchema },
    errorsNotShown: { type: 'integer', description: 'How many field errors were left out of `errors` (at most 50 are listed).' },
    requestId: { type: 'string', description: 'On a 500: the id to quote when asking for help.' },
  },
  required: ['message'],
} as const;

/** The answers every operation can give besides its own: a refusal (4xx) or a failure (5xx), one shape for both. */
export const errorResponses = { '4xx': errorSchema, '5xx': errorSchema } as const;

/** An answer that is only a message (a success said in words). */
export const messageSchema = object({ message: { type: 'string' } });

/** Money in taka as a decimal string (`1234.50`), as every view writes it. */
export const money = { type: 'string', pattern: '^-?\\d+\\.\\d{2}$' } as const;
export const moneyOrNull = { ...money, type: ['string', 'null'] } as const;
export const uuid = { type: 'string', format: 'uuid' } as const;
export const uuidOrNull = { type: ['string', 'null'], format: 'uuid' } as const;
/** A moment as an ISO 8601 string (a Date is written with toISOString by the serialiser too). */
export const dateTime = { type: 'string', format: 'date-time' } as const;
export const dateTimeOrNull = { type: ['string', 'null'], format: 'date-time' } as const;
/** A calendar day, `YYYY-MM-DD`. */
export const date = { type: 'string', format: 'date' } as const;
export const dateOrNull = { type: ['string', 'null'], format: 'date' } as const;
export const string = { type: 'string' } as const;
export const stringOrNull = { type: ['string', 'null'] } as const;
export const integer = { type: 'integer' } as const;
export const integerOrNull = { type: ['integer', 'null'] } as const;
export const number = { type: 'number' } as const;
export const boolean = { type: 'boolean' } as const;
/** The cursor of a list's next page, null on the last. */
export const nextCursor = { type: ['string', 'null'] } as const;

/** A type list with null added (a type list rather than anyOf: the serialiser needs no validation to pick a branch). */
export function orNull<S extends { type: string | readonly string[] }>(schema: S) {
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  return { ...schema, type: [...types.filter((t) => t !== 'null'), 'null'] };
}

/**
 * An object with exactly these properties, all required except those named in `optional` (a property a view
 * leaves out in some cases; an undefined value is left out of the answer, as JSON.stringify would).
 */
export function object<P extends Record<string, unknown>>(properties: P, optional: readonly (keyof P & string)[] = [], description?: string) {
  return {
    type: 'object',
    additionalProperties: false,
    properties,
    required: Object.keys(properties).filter((k) => !optional.includes(k)),
    ...(description ? { description } : {}),
  } as const;
}

/** An object or null. */
export function objectOrNull<P extends Record<string, unknown>>(properties: P, optional: readonly (keyof P & string)[] = []) {
  return { ...object(properties, optional), type: ['object', 'null'] } as const;
}

export const arrayOf = <S>(items: S) => ({ type: 'array', items }) as const;

/** A page of a list: its items and the cursor of the next page. */
export const pageOf = <S>(items: S) => object({ items: arrayOf(items), nextCursor });

/**
 * A document whose shape is not the API's to fix (a form's JSON Schema, the site content, an audit entry's details):
 * every property is sent as it is.
 */
export const freeForm = (description: string) => ({ type: 'object', additionalProperties: true, description }) as const;

/** A redirect (3xx): no JSON body; where to in Location. */
export const redirect = (description: string) => ({ type: 'null', description }) as const;

/** A 204: no body. */
export const noContent = { type: 'null', description: 'No content.' } as const;

/** A file or document sent as bytes (not JSON): its type in Content-Type. */
export const bytes = (contentType: string, description: string) =>
  ({ description, content: { [contentType]: { schema: { type: 'string', format: 'binary' } } } }) as const;
