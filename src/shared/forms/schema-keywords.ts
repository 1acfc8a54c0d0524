/**
 * The keywords a form schema may use: those the JSON Schema 2019-09 meta-schema defines (read from the meta-schema
 * itself, vocabulary by vocabulary) and this project's own (Ajv keywords and annotations added in ajv-setup.ts).
 * The schema lint refuses any other key in a schema (a misspelt "minLenght" would otherwise be silently ignored),
 * and the form studio completes exactly these.
 */
import schema from 'ajv/dist/refs/json-schema-2019-09/schema.json';
import core from 'ajv/dist/refs/json-schema-2019-09/meta/core.json';
import applicator from 'ajv/dist/refs/json-schema-2019-09/meta/applicator.json';
import validation from 'ajv/dist/refs/json-schema-2019-09/meta/validation.json';
import metaData from 'ajv/dist/refs/json-schema-2019-09/meta/meta-data.json';
import format from 'ajv/dist/refs/json-schema-2019-09/meta/format.json';
import content from 'ajv/dist/refs/json-schema-2019-09/meta/content.json';

type Meta = { properties?: Record<string, unknown> };

const VOCABULARIES: [string, Meta][] = [
  ['core', core as Meta],
  ['applicator', applicator as Meta],
  ['validation', validation as Meta],
  ['meta-data', metaData as Meta],
  ['format', format as Meta],
  ['content', content as Meta],
  // Keywords the 2019-09 meta-schema still accepts from draft-07 ("definitions", "dependencies").
  ['draft-07', schema as Meta],
];

/** Every keyword of the JSON Schema 2019-09 meta-schema, with the vocabulary that defines it. */
export const META_KEYWORDS: ReadonlyMap<string, string> = new Map(
  VOCABULARIES.flatMap(([vocabulary, meta]) => Object.keys(meta.properties ?? {}).map((k) => [k, vocabulary] as [string, string])),
);

/** The values of "type" (the meta-schema's simpleTypes). */
export const SIMPLE_TYPES: readonly string[] = validation.$defs.simpleTypes.enum;

/**
 * This project's keywords (ajv-setup.ts registers each; a test keeps the two lists equal), with what they do.
 * `errorMessage` comes from ajv-errors, the `format…` bounds from ajv-formats.
 */
export const PROJECT_KEYWORDS: ReadonlyMap<string, string> = new Map([
  ['errorMessage', 'the messages people see, per keyword or per field (ajv-errors)'],
  ['matchesField', 'must equal the named sibling field (retype password)'],
  ['atLeastField', 'a number at least the named sibling field'],
  ['atMostMarkedUp', 'a number at most { amount, percent } siblings: amount with its markup'],
  ['formatMinimum', 'earliest date or smallest formatted value (ajv-formats)'],
  ['formatMaximum', 'latest date or largest formatted value (ajv-formats)'],
  ['formatExclusiveMinimum', 'a formatted value strictly after (ajv-formats)'],
  ['formatExclusiveMaximum', 'a formatted value strictly before (ajv-formats)'],
  ['x-money', 'show the number as money (true: taka, or a currency field name)'],
  ['x-visibility', 'who sees the stored field: public, contact, owner, staff'],
  ['x-pii', 'true: personal (identity) data, never public; the mark cannot be removed'],
  ['x-upload', 'on a file field: "image" (PNG or JPEG, the default) or "document" (a PDF or an image)'],
  ['x-material', 'true on a project field: changing it after a Shariah approval sends the review back'],
  ['x-ascii-digits', 'true: Bengali digits (০-৯) typed in this text field are stored as 0-9'],
]);

/** Whether a key of a schema node is a keyword a form schema may use. */
export function isSchemaKeyword(key: string): boolean {
  return META_KEYWORDS.has(key) || PROJECT_KEYWORDS.has(key);
}
