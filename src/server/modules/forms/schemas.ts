/**
 * The forms module's request and answer schemas: a form's versions as anyone reads them, the studio's list, drafts,
 * checks and publishing, the four-eyes decisions, and a person's draft of a long form. The pieces the site content's
 * studio routes use too (a draft's others, a publish's answers, a version in a list) are exported through service.ts.
 */
import { LANGUAGES, SOURCE_LANGUAGE } from '../../../shared/i18n/language';
import {
  arrayOf, boolean, dateTime, dateTimeOrNull, errorSchema, fieldErrorSchema, freeForm, integer, integerOrNull, object, objectOrNull, string, stringOrNull,
} from '../../routes/schemas';

export const MAX_CASES = 20;
/** The longest note of a publish or a decision. */
export const NOTE_MAX = 500;

export const formParams = {
  type: 'object',
  properties: { id: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,63}$' } },
  required: ['id'],
} as const;
export const versionParams = {
  type: 'object',
  properties: { id: formParams.properties.id, v: { type: 'integer', minimum: 1, maximum: 1_000_000 } },
  required: ['id', 'v'],
} as const;
const anyObject = { type: 'object', maxProperties: 200 } as const;
const casesSchema = {
  type: 'array',
  maxItems: MAX_CASES,
  items: {
    type: 'object',
    properties: { name: { type: 'string', minLength: 1, maxLength: 120 }, data: {} },
    required: ['name', 'data'],
    additionalProperties: false,
  },
} as const;

/** `{ bn: { English text: translation } }`: a language code, then texts (bounded like any staff input). */
const translationsSchema = {
  type: 'object',
  propertyNames: { enum: LANGUAGES.filter((l) => l !== SOURCE_LANGUAGE) },
  additionalProperties: { type: 'object', maxProperties: 5000, additionalProperties: { type: 'string', maxLength: 5000 } },
} as const;

/** A draft or a version with its words: one key per text of the form (the largest has a few hundred). */
export const WITH_WORDS = { inputLimits: { maxKeys: 5000, maxValues: 20_000 } };

/** A staff draft as saved (autosave). */
export const draftBody = {
  type: 'object',
  properties: { baseVersion: { type: 'integer', minimum: 1 }, schema: anyObject, uiSchema: anyObject, cases: casesSchema, translations: translationsSchema },
  required: ['baseVersion', 'schema', 'uiSchema'],
  additionalProperties: false,
} as const;

/** A draft to check. */
export const checkBody = { type: 'object', properties: { schema: anyObject, uiSchema: anyObject, cases: casesSchema }, required: ['schema', 'uiSchema'], additionalProperties: false } as const;

/** A draft to publish, with its note. */
export const publishBody = {
  type: 'object',
  properties: { baseVersion: { type: 'integer', minimum: 1 }, schema: anyObject, uiSchema: anyObject, translations: translationsSchema, note: { type: 'string', maxLength: NOTE_MAX } },
  required: ['baseVersion', 'schema', 'uiSchema', 'note'],
  additionalProperties: false,
} as const;

// Free-form: a form's JSON Schema and ui-schema are documents staff write in the studio (any keywords JSON Schema
// and RJSF take); the API passes them on as stored.
const schemaDocument = freeForm("A form's JSON Schema (draft 2020-12), as published.");
const uiSchemaDocument = freeForm("A form's ui-schema (RJSF), as published.");
/** `{ bn: { English text: translation } }`. */
const wordsSchema = { type: 'object', additionalProperties: { type: 'object', additionalProperties: string } } as const;

/** A version anyone may read (FormRegistry.publicView). */
export const publicFormSchema = object({
  formId: string,
  version: integer,
  schema: schemaDocument,
  uiSchema: uiSchemaDocument,
  translations: wordsSchema,
  validatorUrl: string,
});

/** A form in the studio's list. */
export const formListItemSchema = object({
  formId: string,
  title: string,
  version: integer,
  publishedAt: dateTime,
  publishedBy: stringOrNull,
  submissions: { type: 'object', additionalProperties: integer, description: 'Submissions per version: { "1": 12, "2": 3 }.' },
  pending: objectOrNull({ version: integer, by: stringOrNull, mine: boolean }),
  drafts: arrayOf(object({ author: string, updatedAt: dateTime, baseVersion: integer, mine: boolean })),
});

/** Another staff member's draft (draftsOf's `others`). */
export const otherDraftSchema = object({ author: string, updatedAt: dateTime, baseVersion: integer });
export const otherDraftsSchema = arrayOf(otherDraftSchema);

/** The 404 of a draft the caller does not have: the error, and who else has one. */
export const noDraftSchema = object({ ...errorSchema.properties, others: otherDraftsSchema }, ['errors', 'errorsNotShown', 'requestId']);

/** A publish's answers: 201 live at once, 202 waiting for another staff member's approval. */
export const publishedSchemas = {
  201: object({ version: integer }),
  202: object({ version: integer, status: { type: 'string', enum: ['pending_approval'] } }),
} as const;

const caseAnswerSchema = object({ name: string, valid: boolean, errors: arrayOf(fieldErrorSchema) });
// Free-form: a sample's data is whatever the staff member typed to try the form with (any JSON value).
const casesAnswer = arrayOf(object({ name: string, data: { description: 'The sample data, as sent.' } }));
const lintEntrySchema = object({ in: { type: 'string', enum: ['schema', 'uiSchema'] }, path: string, message: string });
const protectedSchema = object({ field: string, problem: string });

/** A draft as saved (and read back, with who else has one). */
export const draftSchema = object(
  { baseVersion: integer, schema: schemaDocument, uiSchema: uiSchemaDocument, cases: casesAnswer, translations: wordsSchema, updatedAt: dateTime, others: otherDraftsSchema },
  ['others'],
);

/** A check's answer: the lint, the code-read and personal fields, and each sample's answer. */
export const checkSchema = object({ lint: arrayOf(lintEntrySchema), protected: arrayOf(protectedSchema), cases: arrayOf(caseAnswerSchema) });

/** The 422 of a publish the checks refuse: the error with its field list, and the lint and field problems. */
export const refusedSchema = object({ ...errorSchema.properties, lint: arrayOf(lintEntrySchema), protected: arrayOf(protectedSchema) }, ['errorsNotShown', 'requestId']);

/** The schema of decisionView's answer. */
export const decisionSchema = object({
  mine: boolean,
  status: { type: 'string', enum: ['pending_approval', 'live', 'returned', 'superseded'] },
  baseVersion: integerOrNull,
  decidedBy: stringOrNull,
  decidedAt: dateTimeOrNull,
  decisionNote: stringOrNull,
});

/** A version in a studio list: who published it when, with its decision. */
export const versionListItemSchema = object({ version: integer, note: string, publishedBy: stringOrNull, publishedAt: dateTime, ...decisionSchema.properties });

/** An approval's note (optional) or a return's (required: the author reads it). */
export const decisionBody = (approve: boolean) =>
  ({ type: 'object', properties: { note: { type: 'string', maxLength: NOTE_MAX } }, ...(approve ? {} : { required: ['note'] }), additionalProperties: false }) as const;

/** A decision's answer: where the version stands now. */
export const decidedSchema = object({ version: integer, status: { type: 'string', enum: ['live', 'returned'] } });

/** The form of a person's draft. */
export const personDraftParams = {
  type: 'object',
  properties: { formId: { type: 'string', pattern: '^[a-z][a-z0-9-]{1,60}$' } },
  required: ['formId'],
} as const;

// Free-form: a draft is a partial form as the person typed it (not validated), in the fields of the form it is for.
export const personDraftSchema = object({
  data: { ...freeForm('The saved draft (file:<id> references for its images); null when there is none.'), type: ['object', 'null'] },
  updatedAt: dateTimeOrNull,
});

export const savedPersonDraftSchema = object({ data: personDraftSchema.properties.data, updatedAt: dateTime });
export const personDraftBody = { type: 'object', properties: { data: { type: 'object' } }, required: ['data'], additionalProperties: false } as const;
