/**
 * The content module's request and answer schemas: the site content's versions and drafts, the risk statement and
 * a person's acknowledgment of it, the newsletter's answer.
 */
import { arrayOf, boolean, dateTime, dateTimeOrNull, fieldErrorSchema, freeForm, integer, object, string } from '../../routes/schemas';
import { RISK_LANGUAGES } from './risk-statement';

export const NOTE_MAX = 500;
/** A content document as a body (bounded like any staff input). */
export const documentBody = { type: 'object', maxProperties: 50 } as const;
export const versionParams = { type: 'object', properties: { v: { type: 'integer', minimum: 1, maximum: 1_000_000 } }, required: ['v'] } as const;

/** The content's Bengali: English text → Bengali (bounded like any staff input). */
export const wordsBody = { type: 'object', maxProperties: 5000, additionalProperties: { type: 'string', maxLength: 5000 } } as const;
/** A draft or a version with its words: one key per text of the content. */
export const WITH_WORDS = { inputLimits: { maxKeys: 5000, maxValues: 20_000 } };

// Free-form: the site content is the document content.schema.json describes (its texts, links and pages), which staff
// change in the studio; the API passes it on as stored.
export const contentDocument = freeForm('The site content, as content.schema.json describes it.');
/** The content's Bengali: English text → Bengali. */
export const wordsSchema = { type: 'object', additionalProperties: string } as const;
export const contentVersionSchema = object({ version: integer, content: contentDocument, translations: wordsSchema });
export const problemsSchema = arrayOf(fieldErrorSchema);

/** The schema of a risk statement (RiskStatementView). */
export const statementSchema = object({
  version: integer,
  language: { type: 'string', enum: [...RISK_LANGUAGES] },
  title: string,
  intro: string,
  points: arrayOf(string),
  acknowledge: string,
});

export const acknowledgedSchema = object({ version: integer, acknowledgedAt: dateTime, current: boolean });
export const myAcknowledgmentSchema = object({ required: boolean, current: boolean, acknowledgedAt: dateTimeOrNull, statement: statementSchema });

export const languageQuery = {
  type: 'object',
  properties: { lang: { type: 'string', enum: [...RISK_LANGUAGES], description: 'the language to read it in (default: the request\'s language; English when the statement has no text in it)' } },
  additionalProperties: false,
} as const;

export const acknowledgeBody = {
  type: 'object',
  properties: { version: { type: 'integer', minimum: 1, maximum: 1_000_000 }, language: { type: 'string', enum: [...RISK_LANGUAGES] } },
  required: ['version'],
  additionalProperties: false,
} as const;

export const newsletterAnswer = { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } as const;
