/**
 * A form's words in Bengali (issue 29 §2): every text a person reads is found, a form is localised without touching
 * its rules or stored values, and a message is the same whether it comes from a localised schema or is translated
 * after validating with the English one (what the browser does with its precompiled validator).
 */
import { describe, expect, it } from 'vitest';
import { createCatalog } from '../../../src/shared/forms/catalog';
import { loadSchemas, loadTranslations, loadUiSchemas } from '../../../src/shared/forms/load-schemas';
import { formTexts, localizeErrors, localizeForm, needsTranslation, uiSchemaOverlay } from '../../../src/shared/i18n/form-words';

const schema = {
  $id: 'tiny',
  title: 'Tiny form',
  type: 'object',
  properties: {
    kind: { type: 'string', title: 'Kind', enum: ['Halal Way', 'Donation'], errorMessage: { enum: 'Choose a kind' } },
    amount: { type: 'number', title: 'Amount', minimum: 1, errorMessage: { minimum: 'Too small' } },
    docs: { type: 'array', title: 'Documents', items: { type: 'object', title: 'Document', properties: { note: { type: 'string', title: 'Note' } } } },
    method: { type: 'string', oneOf: [{ const: 'bkash', title: 'bKash' }, { const: 'cash', title: 'Cash' }] },
  },
  required: ['kind'],
  if: { properties: { kind: { const: 'Donation' } }, required: ['kind'] },
  then: { properties: { reason: { type: 'string', title: 'Reason' } } },
  errorMessage: { required: { kind: 'Kind is required' } },
};
const ui = { 'ui:submitButtonOptions': { submitText: 'Send' }, 'ui:options': { groups: [{ title: 'Money', fields: ['amount'] }] }, amount: { 'ui:help': 'In taka', 'ui:placeholder': 'you@example.com' } };
const bn = {
  'Tiny form': 'ছোট ফর্ম', Kind: 'ধরন', 'Halal Way': 'হালাল পদ্ধতি', Donation: 'দান', 'Choose a kind': 'একটি ধরন বেছে নিন',
  Amount: 'পরিমাণ', 'Too small': 'খুব কম', Documents: 'নথিপত্র', Document: 'নথি', Note: 'নোট', bKash: 'বিকাশ', Cash: 'নগদ টাকা',
  Reason: 'কারণ', 'Kind is required': 'ধরন দিতে হবে', Send: 'পাঠান', Money: 'টাকা', 'In taka': 'টাকায়',
};

describe('form words', () => {
  it('finds every text a person reads, messages and options marked', () => {
    const texts = formTexts(schema, ui);
    const find = (text: string) => texts.find((t) => t.text === text);
    expect(find('Kind is required')).toMatchObject({ in: 'schema', pointer: '/errorMessage/required/kind', message: true });
    expect(find('Halal Way')).toMatchObject({ pointer: '/properties/kind/enum/0', option: true });
    expect(find('Reason')).toMatchObject({ pointer: '/then/properties/reason/title' });
    expect(find('Money')).toMatchObject({ in: 'uiSchema', pointer: '/ui:options/groups/0/title' });
    expect(find('Send')?.pointer).toBe('/ui:submitButtonOptions/submitText');
    expect(find('In taka')?.pointer).toBe('/amount/ui:help');
    expect(texts.filter((t) => needsTranslation(t.text)).map((t) => t.text)).not.toContain('you@example.com');
    expect(texts.every((t) => needsTranslation(t.text) ? Object.hasOwn(bn, t.text) : true)).toBe(true);
  });

  it('localises words only: rules, names and stored values stay', () => {
    const { schema: s, uiSchema: u } = localizeForm(schema, ui, bn);
    expect(s.title).toBe('ছোট ফর্ম');
    expect((s.properties as any).kind.enum).toEqual(['Halal Way', 'Donation']); // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON
    expect((s.properties as any).amount.minimum).toBe(1); // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON
    expect((u as any)['ui:submitButtonOptions'].submitText).toBe('পাঠান'); // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON
    expect(schema.title).toBe('Tiny form');
    // The same errors from the localised schema as from translating the English ones.
    const en = createCatalog({ tiny: schema }).validate('tiny', { amount: 0 }).errors;
    const fromLocalised = createCatalog({ tiny: s }).validate('tiny', { amount: 0 }).errors;
    expect(fromLocalised).toEqual(localizeErrors(en, { bn }, 'bn'));
    expect(fromLocalised).toEqual([{ path: '/amount', message: 'খুব কম' }, { path: '/kind', message: 'ধরন দিতে হবে' }]);
  });

  it('draws the English schema in Bengali through the ui-schema', () => {
    const u = uiSchemaOverlay(schema, ui, bn) as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON
    expect(u['ui:title']).toBe('ছোট ফর্ম');
    expect(u.kind).toEqual({ 'ui:title': 'ধরন', 'ui:enumNames': ['হালাল পদ্ধতি', 'দান'] });
    expect(u.amount).toEqual({ 'ui:help': 'টাকায়', 'ui:placeholder': 'you@example.com', 'ui:title': 'পরিমাণ' });
    expect(u.docs.items.note['ui:title']).toBe('নোট');
    expect(u.method.oneOf).toEqual([{ 'ui:title': 'বিকাশ' }, { 'ui:title': 'নগদ টাকা' }]);
    expect(u.reason['ui:title']).toBe('কারণ');
    expect(uiSchemaOverlay(schema, ui, undefined)).toBe(ui);
  });

  it('every form of the repository has its Bengali words, and its errors read the same either way', () => {
    const schemas = loadSchemas();
    const uis = loadUiSchemas();
    const translations = loadTranslations();
    for (const [id, s] of Object.entries(schemas)) {
      const words = translations[id]?.bn;
      expect(words, id).toBeDefined();
      const { schema: localised } = localizeForm(s, uis[id] ?? {}, words);
      const en = createCatalog({ [id]: s }).validate(id, {}).errors;
      expect(createCatalog({ [id]: localised }).validate(id, {}).errors, id).toEqual(localizeErrors(en, { bn: words! }, 'bn'));
    }
  });
});
