/** The schema lint catches each rule it promises, on edited copies of the real forms. */
import { describe, expect, it } from 'vitest';
import { lintForms, lintSchemaPatterns } from '../../scripts/lib/schema-lint';
import { loadSchemas, loadUiSchemas } from '../../src/shared/forms/load-schemas';
import { META_KEYWORDS, PROJECT_KEYWORDS } from '../../src/shared/forms/schema-keywords';
import { createAjv } from '../../src/shared/validation/ajv-setup';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- free-form JSON edits

function forms(): { schemas: Record<string, Json>; ui: Record<string, Json> } {
  return { schemas: structuredClone(loadSchemas()), ui: structuredClone(loadUiSchemas()) };
}

async function messages(schemas: Record<string, Json>, ui: Record<string, Json>): Promise<string[]> {
  return (await lintForms(schemas, ui)).map((p) => `${p.file} ${p.pointer}: ${p.message}`);
}

describe('schema lint', () => {
  it('passes the forms as committed', async () => {
    const { schemas, ui } = forms();
    expect(await messages(schemas, ui)).toEqual([]);
  });

  it('finds a list without maxItems, at any depth', async () => {
    const { schemas, ui } = forms();
    delete schemas['agreement-request']!.properties.documents.maxItems;
    delete schemas['agreement-request']!.properties.documents.errorMessage.maxItems;
    delete schemas['invest']!.allOf[0].then.properties.documents.maxItems;
    delete schemas['invest']!.allOf[0].then.properties.documents.errorMessage.maxItems;
    expect(await messages(schemas, ui)).toEqual([
      'schemas/agreement-request.schema.json /properties/documents: list has no "maxItems": add the most rows a person may add (and errorMessage.maxItems)',
      'schemas/invest.schema.json /allOf/0/then/properties/documents: list has no "maxItems": add the most rows a person may add (and errorMessage.maxItems)',
    ]);
  });

  it('checks x-visibility: one of public, contact, owner, staff, on a field only', async () => {
    const { schemas, ui } = forms();
    schemas['project-owner']!.properties.nid['x-visibility'] = 'everyone';
    schemas['project-owner']!['x-visibility'] = 'public';
    expect(await messages(schemas, ui)).toEqual([
      'schemas/project-owner.schema.json /x-visibility: "x-visibility" belongs on a field (a property of the form)',
      'schemas/project-owner.schema.json /properties/nid/x-visibility: "x-visibility" must be one of "public", "contact", "owner", "staff" (found "everyone")',
    ]);
  });

  it('refuses a schema that removes or retypes a field the code reads (src/shared/forms/code-fields.ts)', async () => {
    const { schemas, ui } = forms();
    delete schemas['donate']!.properties.anonymous;
    schemas['agreement-request']!.properties.investmentAmount.type = 'string';
    expect(await messages(schemas, ui)).toEqual(
      expect.arrayContaining([
        'schemas/agreement-request.schema.json /properties/investmentAmount: the code reads "investmentAmount" as number; it cannot become string',
        'schemas/donate.schema.json /properties/anonymous: the code reads "anonymous" (boolean); it cannot be removed or renamed',
      ]),
    );
  });

  it('finds a required field without a message', async () => {
    const { schemas, ui } = forms();
    delete schemas['profile']!.errorMessage.required.country;
    expect(await messages(schemas, ui)).toEqual([
      'schemas/profile.schema.json /required: required field "country" has no message: add errorMessage.required.country',
    ]);
  });

  it('finds a required field without a message inside a branch', async () => {
    const { schemas, ui } = forms();
    delete schemas['project-owner']!.allOf[0].then.errorMessage.required.totalDuration;
    expect(await messages(schemas, ui)).toEqual([
      'schemas/project-owner.schema.json /allOf/0/then/required: required field "totalDuration" has no message: add errorMessage.required.totalDuration',
    ]);
  });

  it('finds an "if" that tests a field without requiring it', async () => {
    const { schemas, ui } = forms();
    delete schemas['invest']!.allOf[0].if.required;
    expect(await messages(schemas, ui)).toEqual([
      'schemas/invest.schema.json /allOf/0/if: "if" tests "investmentType" but does not require it: add "required": ["investmentType"] to the "if"',
    ]);
  });

  it('finds a ui-schema key that is not a field', async () => {
    const { schemas, ui } = forms();
    ui['sign-in']!.emial = { 'ui:placeholder': 'typo' };
    ui['invest']!.documents.items.flie = { 'ui:widget': 'imageUpload' };
    expect(await messages(schemas, ui)).toEqual([
      'ui-schemas/invest.ui.json /documents/items/flie: "flie" is not a field of invest',
      'ui-schemas/sign-in.ui.json /emial: "emial" is not a field of sign-in',
    ]);
  });

  it('finds a schema that does not compile, a wrong $id and a missing ui-schema', async () => {
    const { schemas, ui } = forms();
    schemas['newsletter']!.properties.email.pattern = '(unclosed';
    schemas['profile']!.properties.name.$ref = '#/$defs/nothing';
    schemas['donate']!.$id = 'donation';
    delete ui['agreement-accept'];
    const found = await messages(schemas, ui);
    expect(found).toContain('ui-schemas/agreement-accept.ui.json : missing: every form needs a ui-schema');
    expect(found).toContain('schemas/donate.schema.json /$id: "$id" must be the form id "donate" (found "donation")');
    expect(found).toContain('schemas/newsletter.schema.json /properties/email/pattern: "pattern" (unclosed is not a valid regular expression: Invalid regular expression: /(unclosed/u: Unterminated group');
    expect(found).toContainEqual(expect.stringMatching(/^schemas\/profile\.schema\.json : does not compile: can't resolve reference #\/\$defs\/nothing/));
  });

  it('refuses a pattern RE2 cannot run (a look-around, a backreference) or one that backtracks (nested or overlapping repetitions)', async () => {
    const { schemas, ui } = forms();
    schemas['profile']!.properties.name.pattern = '^(?!admin)';
    schemas['profile']!.properties.country.pattern = '^(\\w)\\1$';
    schemas['newsletter']!.properties.email.pattern = '^(a+)+$';
    schemas['decline']!.properties.reason.pattern = '^\\d*\\d*$';
    // Linear ones pass: disjoint alternatives under a repetition, a separator between repeated words.
    schemas['sign-up']!.properties.email.pattern = '^(?:[a-z]|[0-9])+(?:-[a-z0-9]+)*@';
    const found = await messages(schemas, ui);
    expect(found).toEqual([
      expect.stringMatching(/^schemas\/decline\.schema\.json \/properties\/reason\/pattern: "pattern" \^\\d\*\\d\*\$ can take time growing with the square of the length on some text \(e\.g\. .+\): "\\d" can match the same characters in more than one way; rewrite it so every character can be matched one way only/),
      expect.stringMatching(/^schemas\/newsletter\.schema\.json \/properties\/email\/pattern: "pattern" \^\(a\+\)\+\$ can take exponential time on some text \(e\.g\. .*'a'.*\): "a" can match the same characters in more than one way/),
      'schemas/profile.schema.json /properties/name/pattern: "pattern" ^(?!admin) has a look-ahead or look-behind ((?= (?! (?<= (?<!), which the server\'s linear-time engine (RE2) cannot run: write the rule without it (for "must contain each of", one pattern per rule in an "allOf")',
      'schemas/profile.schema.json /properties/country/pattern: "pattern" ^(\\w)\\1$ has a backreference (\\1, \\k<name>), which the server\'s linear-time engine (RE2) cannot run: write the rule without it',
    ]);
  });

  it('checks the patterns of configuration schemas and the names of patternProperties the same way', async () => {
    const schema = { type: 'object', patternProperties: { '^(x+x+)+y$': { type: 'string', pattern: '(?<=a)b' } } };
    expect((await lintSchemaPatterns(schema, 'src/client/config/screens.schema.json')).map((p) => `${p.pointer}: ${p.message}`)).toEqual([
      expect.stringMatching(/^\/patternProperties\/\^\(x\+x\+\)\+y\$\/pattern: "pattern" \(\?<=a\)b has a look-ahead or look-behind/),
      expect.stringMatching(/^\/patternProperties\/\^\(x\+x\+\)\+y\$: the "patternProperties" name \^\(x\+x\+\)\+y\$ can take exponential time/),
    ]);
  });

  it('finds a message for a keyword the field does not have (a typo falls back to English)', async () => {
    const { schemas, ui } = forms();
    schemas['sign-in']!.properties.password.errorMessage.minLenght = 'Too short';
    expect(await messages(schemas, ui)).toEqual([
      'schemas/sign-in.schema.json /properties/password/errorMessage/minLenght: message for "minLenght", but this schema has no "minLenght" keyword',
    ]);
  });

  it('finds "x-money" on a field that is not a number, with a bad value, or naming a missing currency field', async () => {
    const { schemas, ui } = forms();
    schemas['profile']!.properties.name['x-money'] = true;
    schemas['donate']!.properties.amount['x-money'] = 'yes please';
    schemas['agreement-request']!.properties.investmentAmount['x-money'] = false;
    expect(await messages(schemas, ui)).toEqual([
      'schemas/agreement-request.schema.json /properties/investmentAmount/x-money: "x-money" must be true (taka) or the name of the field holding the currency',
      'schemas/donate.schema.json /properties/amount/x-money: "x-money" names the currency field "yes please", which this object does not have',
      'schemas/profile.schema.json /properties/name: "x-money" is only for number or integer fields (add "type": "number")',
    ]);
  });

  it('finds "x-ascii-digits" on a field that is not text, or with a value other than true', async () => {
    const { schemas, ui } = forms();
    schemas['donate']!.properties.amount['x-ascii-digits'] = true;
    schemas['profile']!.properties.name['x-ascii-digits'] = false;
    expect(await messages(schemas, ui)).toEqual([
      'schemas/donate.schema.json /properties/amount: "x-ascii-digits" is only for text fields (add "type": "string")',
      'schemas/profile.schema.json /properties/name/x-ascii-digits: "x-ascii-digits" must be true (or left out)',
    ]);
  });

  it('accepts "x-money" naming a currency field that a branch adds (invest: totalAmount in "currency")', async () => {
    const { schemas, ui } = forms();
    expect(schemas['invest']!.allOf[0].then.properties.totalAmount['x-money']).toBe('currency');
    delete schemas['invest']!.allOf[0].then.properties.currency;
    schemas['invest']!.allOf[0].then.required = schemas['invest']!.allOf[0].then.required.filter((r: string) => r !== 'currency');
    delete schemas['invest']!.allOf[0].then.errorMessage.required.currency;
    delete ui['invest']!.currency;
    ui['invest']!['ui:order'] = ui['invest']!['ui:order'].filter((r: string) => r !== 'currency');
    expect(await messages(schemas, ui)).toEqual([
      'schemas/invest.schema.json /properties/totalAmount/x-money: "x-money" names the currency field "currency", which this object does not have',
      // …and the code reads the currency, so removing it is refused on its own account too.
      'schemas/invest.schema.json /properties/currency: the code reads "currency" (string); it cannot be removed or renamed',
    ]);
  });
  it('says where a schema breaks the JSON Schema meta-schema, on the place itself, with the allowed values', async () => {
    const { schemas, ui } = forms();
    schemas['profile']!.properties.name.type = 'strng';
    schemas['profile']!.properties.name.minLength = 'three';
    expect(await messages(schemas, ui)).toEqual([
      'schemas/profile.schema.json /properties/name/minLength: not valid JSON Schema: must be integer',
      'schemas/profile.schema.json /properties/name/type: not valid JSON Schema: must be one of "array", "boolean", "integer", "null", "number", "object", "string"',
      'schemas/profile.schema.json /properties/name: the code reads "name" as string; it cannot become strng',
    ]);
  });

  it('refuses a key that is no keyword (a misspelling Ajv would silently ignore), at any depth', async () => {
    const { schemas, ui } = forms();
    schemas['profile']!.properties.name.minLenght = 3;
    schemas['invest']!.allOf[0].then.properties.currency['x-visibilty'] = 'public';
    expect(await messages(schemas, ui)).toEqual([
      'schemas/invest.schema.json /allOf/0/then/properties/currency/x-visibilty: "x-visibilty" is not a JSON Schema keyword nor one of this project\'s (a misspelling?)',
      'schemas/profile.schema.json /properties/name/minLenght: "minLenght" is not a JSON Schema keyword nor one of this project\'s (a misspelling?)',
    ]);
  });

  it('knows every keyword the shared Ajv accepts: the meta-schema\'s and the project\'s, each registered', async () => {
    const registered = Object.keys((createAjv() as unknown as { RULES: { keywords: Record<string, unknown> } }).RULES.keywords);
    // Ajv's own extras that form schemas do not use.
    const ajvOnly = new Set(['$async', '$dynamicAnchor', '$dynamicRef', 'id', 'nullable']);
    expect(registered.filter((k) => !META_KEYWORDS.has(k) && !ajvOnly.has(k)).sort()).toEqual([...PROJECT_KEYWORDS.keys()].sort());
    expect(META_KEYWORDS.get('minLength')).toBe('validation');
    expect(META_KEYWORDS.get('$defs')).toBe('core');
  });
});
