/** The schema lint catches each rule it promises, on edited copies of the real forms. */
import { describe, expect, it } from 'vitest';
import { lintForms } from '../../scripts/lib/schema-lint';
import { loadSchemas, loadUiSchemas } from '../../src/shared/forms/load-schemas';

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
    schemas['newsletter']!.properties.email.minLength = 'three';
    schemas['donate']!.$id = 'donation';
    delete ui['agreement-accept'];
    const found = messages(schemas, ui);
    expect(found).toContain('ui-schemas/agreement-accept.ui.json : missing: every form needs a ui-schema');
    expect(found).toContain('schemas/donate.schema.json /$id: "$id" must be the form id "donate" (found "donation")');
    expect(found.some((m) => m.startsWith('schemas/newsletter.schema.json : does not compile'))).toBe(true);
  });

  it('finds a message for a keyword the field does not have (a typo falls back to English)', () => {
    const { schemas, ui } = forms();
    schemas['sign-in']!.properties.password.errorMessage.minLenght = 'Too short';
    expect(messages(schemas, ui)).toEqual([
      'schemas/sign-in.schema.json /properties/password/errorMessage/minLenght: message for "minLenght", but this schema has no "minLenght" keyword',
    ]);
  });
});
