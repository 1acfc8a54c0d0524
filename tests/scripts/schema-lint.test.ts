/** The schema lint catches each rule it promises, on edited copies of the real forms. */
import { describe, expect, it } from 'vitest';
import { lintForms } from '../../scripts/lib/schema-lint';
import { loadSchemas, loadUiSchemas } from '../../src/shared/forms/load-schemas';
import { META_KEYWORDS, PROJECT_KEYWORDS } from '../../src/shared/forms/schema-keywords';
import { createAjv } from '../../src/shared/validation/ajv-setup';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- free-form JSON edits

function forms(): { schemas: Record<string, Json>; ui: Record<string, Json> } {
  return { schemas: structuredClone(loadSchemas()), ui: structuredClone(loadUiSchemas()) };
}

function messages(schemas: Record<string, Json>, ui: Record<string, Json>): string[] {
  return lintForms(schemas, ui).map((p) => `${p.file} ${p.pointer}: ${p.message}`);
}

describe('schema lint', () => {
  it('passes the forms as committed', () => {
    const { schemas, ui } = forms();
    expect(messages(schemas, ui)).toEqual([]);
  });

  it('finds a list without maxItems, at any depth', () => {
    const { schemas, ui } = forms();
    delete schemas['agreement-request']!.properties.documents.maxItems;
    delete schemas['agreement-request']!.properties.documents.errorMessage.maxItems;
    delete schemas['invest']!.allOf[0].then.properties.documents.maxItems;
    delete schemas['invest']!.allOf[0].then.properties.documents.errorMessage.maxItems;
    expect(messages(schemas, ui)).toEqual([
      'schemas/agreement-request.schema.json /properties/documents: list has no "maxItems": add the most rows a person may add (and errorMessage.maxItems)',
      'schemas/invest.schema.json /allOf/0/then/properties/documents: list has no "maxItems": add the most rows a person may add (and errorMessage.maxItems)',
    ]);
  });

  it('checks x-visibility: one of public, owner, staff, on a field only', () => {
    const { schemas, ui } = forms();
    schemas['project-owner']!.properties.nid['x-visibility'] = 'everyone';
    schemas['project-owner']!['x-visibility'] = 'public';
    expect(messages(schemas, ui)).toEqual([
      'schemas/project-owner.schema.json /x-visibility: "x-visibility" belongs on a field (a property of the form)',
      'schemas/project-owner.schema.json /properties/nid/x-visibility: "x-visibility" must be one of "public", "owner", "staff" (found "everyone")',
    ]);
  });

  it('refuses a schema that removes or retypes a field the code reads (src/shared/forms/code-fields.ts)', () => {
    const { schemas, ui } = forms();
    delete schemas['donate']!.properties.anonymous;
    schemas['agreement-request']!.properties.investmentAmount.type = 'string';
    expect(messages(schemas, ui)).toEqual(
      expect.arrayContaining([
        'schemas/agreement-request.schema.json /properties/investmentAmount: the code reads "investmentAmount" as number; it cannot become string',
        'schemas/donate.schema.json /properties/anonymous: the code reads "anonymous" (boolean); it cannot be removed or renamed',
      ]),
    );
  });

  it('finds a required field without a message', () => {
    const { schemas, ui } = forms();
    delete schemas['profile']!.errorMessage.required.country;
    expect(messages(schemas, ui)).toEqual([
      'schemas/profile.schema.json /required: required field "country" has no message: add errorMessage.required.country',
    ]);
  });

  it('finds a required field without a message inside a branch', () => {
    const { schemas, ui } = forms();
    delete schemas['project-owner']!.allOf[0].then.errorMessage.required.totalDuration;
    expect(messages(schemas, ui)).toEqual([
      'schemas/project-owner.schema.json /allOf/0/then/required: required field "totalDuration" has no message: add errorMessage.required.totalDuration',
    ]);
  });

  it('finds an "if" that tests a field without requiring it', () => {
    const { schemas, ui } = forms();
    delete schemas['invest']!.allOf[0].if.required;
    expect(messages(schemas, ui)).toEqual([
      'schemas/invest.schema.json /allOf/0/if: "if" tests "investmentType" but does not require it: add "required": ["investmentType"] to the "if"',
    ]);
  });

  it('finds a ui-schema key that is not a field', () => {
    const { schemas, ui } = forms();
    ui['sign-in']!.emial = { 'ui:placeholder': 'typo' };
    ui['invest']!.documents.items.flie = { 'ui:widget': 'imageUpload' };
    expect(messages(schemas, ui)).toEqual([
      'ui-schemas/invest.ui.json /documents/items/flie: "flie" is not a field of invest',
      'ui-schemas/sign-in.ui.json /emial: "emial" is not a field of sign-in',
    ]);
  });

  it('finds a schema that does not compile, a wrong $id and a missing ui-schema', () => {
    const { schemas, ui } = forms();
    schemas['newsletter']!.properties.email.pattern = '(unclosed';
    schemas['donate']!.$id = 'donation';
    delete ui['agreement-accept'];
    const found = messages(schemas, ui);
    expect(found).toContain('ui-schemas/agreement-accept.ui.json : missing: every form needs a ui-schema');
    expect(found).toContain('schemas/donate.schema.json /$id: "$id" must be the form id "donate" (found "donation")');
    expect(found).toContain('schemas/newsletter.schema.json : does not compile: Invalid regular expression: /(unclosed/u: Unterminated group');
  });

  it('finds a message for a keyword the field does not have (a typo falls back to English)', () => {
    const { schemas, ui } = forms();
    schemas['sign-in']!.properties.password.errorMessage.minLenght = 'Too short';
    expect(messages(schemas, ui)).toEqual([
      'schemas/sign-in.schema.json /properties/password/errorMessage/minLenght: message for "minLenght", but this schema has no "minLenght" keyword',
    ]);
  });

  it('finds "x-money" on a field that is not a number, with a bad value, or naming a missing currency field', () => {
    const { schemas, ui } = forms();
    schemas['profile']!.properties.name['x-money'] = true;
    schemas['donate']!.properties.amount['x-money'] = 'yes please';
    schemas['agreement-request']!.properties.investmentAmount['x-money'] = false;
    expect(messages(schemas, ui)).toEqual([
      'schemas/agreement-request.schema.json /properties/investmentAmount/x-money: "x-money" must be true (taka) or the name of the field holding the currency',
      'schemas/donate.schema.json /properties/amount/x-money: "x-money" names the currency field "yes please", which this object does not have',
      'schemas/profile.schema.json /properties/name: "x-money" is only for number or integer fields (add "type": "number")',
    ]);
  });

  it('finds "x-ascii-digits" on a field that is not text, or with a value other than true', () => {
    const { schemas, ui } = forms();
    schemas['donate']!.properties.amount['x-ascii-digits'] = true;
    schemas['profile']!.properties.name['x-ascii-digits'] = false;
    expect(messages(schemas, ui)).toEqual([
      'schemas/donate.schema.json /properties/amount: "x-ascii-digits" is only for text fields (add "type": "string")',
      'schemas/profile.schema.json /properties/name/x-ascii-digits: "x-ascii-digits" must be true (or left out)',
    ]);
  });

  it('accepts "x-money" naming a currency field that a branch adds (invest: totalAmount in "currency")', () => {
    const { schemas, ui } = forms();
    expect(schemas['invest']!.allOf[0].then.properties.totalAmount['x-money']).toBe('currency');
    delete schemas['invest']!.allOf[0].then.properties.currency;
    schemas['invest']!.allOf[0].then.required = schemas['invest']!.allOf[0].then.required.filter((r: string) => r !== 'currency');
    delete schemas['invest']!.allOf[0].then.errorMessage.required.currency;
    delete ui['invest']!.currency;
    ui['invest']!['ui:order'] = ui['invest']!['ui:order'].filter((r: string) => r !== 'currency');
    expect(messages(schemas, ui)).toEqual([
      'schemas/invest.schema.json /properties/totalAmount/x-money: "x-money" names the currency field "currency", which this object does not have',
      // …and the code reads the currency, so removing it is refused on its own account too.
      'schemas/invest.schema.json /properties/currency: the code reads "currency" (string); it cannot be removed or renamed',
    ]);
  });
  it('says where a schema breaks the JSON Schema meta-schema, on the place itself, with the allowed values', () => {
    const { schemas, ui } = forms();
    schemas['profile']!.properties.name.type = 'strng';
    schemas['profile']!.properties.name.minLength = 'three';
    expect(messages(schemas, ui)).toEqual([
      'schemas/profile.schema.json /properties/name/minLength: not valid JSON Schema: must be integer',
      'schemas/profile.schema.json /properties/name/type: not valid JSON Schema: must be one of "array", "boolean", "integer", "null", "number", "object", "string"',
      'schemas/profile.schema.json /properties/name: the code reads "name" as string; it cannot become strng',
    ]);
  });

  it('refuses a key that is no keyword (a misspelling Ajv would silently ignore), at any depth', () => {
    const { schemas, ui } = forms();
    schemas['profile']!.properties.name.minLenght = 3;
    schemas['invest']!.allOf[0].then.properties.currency['x-visibilty'] = 'public';
    expect(messages(schemas, ui)).toEqual([
      'schemas/invest.schema.json /allOf/0/then/properties/currency/x-visibilty: "x-visibilty" is not a JSON Schema keyword nor one of this project\'s (a misspelling?)',
      'schemas/profile.schema.json /properties/name/minLenght: "minLenght" is not a JSON Schema keyword nor one of this project\'s (a misspelling?)',
    ]);
  });

  it('knows every keyword the shared Ajv accepts: the meta-schema\'s and the project\'s, each registered', () => {
    const registered = Object.keys((createAjv() as unknown as { RULES: { keywords: Record<string, unknown> } }).RULES.keywords);
    // Ajv's own extras that form schemas do not use.
    const ajvOnly = new Set(['$async', '$dynamicAnchor', '$dynamicRef', 'id', 'nullable']);
    expect(registered.filter((k) => !META_KEYWORDS.has(k) && !ajvOnly.has(k)).sort()).toEqual([...PROJECT_KEYWORDS.keys()].sort());
    expect(META_KEYWORDS.get('minLength')).toBe('validation');
    expect(META_KEYWORDS.get('$defs')).toBe('core');
  });
});
