/**
 * Every rule and message of spec section 5 and the amount tiers of section 9, checked headlessly through the
 * same catalogue the CLI and the server use.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createCatalog } from '../../../src/shared/forms/catalog';
import { loadSchemas } from '../../../src/shared/forms/load-schemas';
import { FORM_IDS } from '../../../src/shared/generated/form-types';

const catalog = createCatalog(loadSchemas());

function fixture(formId: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../../fixtures/forms/${formId}.valid.json`, import.meta.url), 'utf8'));
}

/** The messages at `path` when `data` is validated as `formId`. */
function messagesAt(formId: string, data: unknown, path: string): string[] {
  return catalog
    .validate(formId, data)
    .errors.filter((e) => e.path === path)
    .map((e) => e.message);
}

function without(data: Record<string, unknown>, ...keys: string[]): Record<string, unknown> {
  const copy = { ...data };
  for (const k of keys) delete copy[k];
  return copy;
}

/** Forms with no required field: the acceptance, whose documents are optional evidence (issue 28 §8). */
const NOTHING_REQUIRED = new Set(['agreement-accept']);

describe('every form', () => {
  it.each(FORM_IDS)('%s: its sample is valid, and an empty object only when it requires nothing', (formId) => {
    expect(catalog.validate(formId, fixture(formId))).toEqual({ valid: true, errors: [] });
    expect(catalog.validate(formId, {}).valid).toBe(NOTHING_REQUIRED.has(formId));
  });

  it.each(FORM_IDS)('%s: an unknown field is refused with its own path', (formId) => {
    expect(messagesAt(formId, { ...fixture(formId), surprise: 1 }, '/surprise')).toEqual([
      'Unknown field "surprise": this form has no such field',
    ]);
  });
});

describe('passwords', () => {
  const signIn = fixture('sign-in');
  const signUp = fixture('sign-up');

  it('are required', () => {
    expect(messagesAt('sign-in', without(signIn, 'password'), '/password')).toEqual(['Password is required']);
    expect(messagesAt('sign-up', without(signUp, 'password'), '/password')).toEqual(['Password is required']);
    expect(messagesAt('reset-password', without(fixture('reset-password'), 'password'), '/password')).toEqual([
      'Password is required',
    ]);
  });

  it('need 6 characters, with the sign-in and sign-up wording of the spec', () => {
    expect(messagesAt('sign-in', { ...signIn, password: 'Ab1!x' }, '/password')).toEqual(['Password must be 6 characters']);
    expect(messagesAt('sign-in', { ...signIn, password: 'Ab1!xy' }, '/password')).toEqual([]);
    expect(messagesAt('sign-up', { ...signUp, password: 'Ab1!x', retype_password: 'Ab1!x' }, '/password')).toEqual([
      'Password must be at least 6 characters',
    ]);
    expect(messagesAt('sign-up', { ...signUp, password: 'Ab1!xy', retype_password: 'Ab1!xy' }, '/password')).toEqual([]);
  });

  it('allow 20 characters and refuse 21', () => {
    const twenty = 'Ab1!' + 'x'.repeat(16);
    expect(twenty).toHaveLength(20);
    expect(messagesAt('sign-up', { ...signUp, password: twenty, retype_password: twenty }, '/password')).toEqual([]);
    const long = `${twenty}y`;
    expect(messagesAt('sign-up', { ...signUp, password: long, retype_password: long }, '/password')).toEqual([
      'Password must be less than 20 characters',
    ]);
    expect(messagesAt('sign-in', { ...signIn, password: long }, '/password')).toEqual([
      'Password must be less than 20 characters',
    ]);
  });

  it.each([
    ['no uppercase', 'abcde1!'],
    ['no lowercase', 'ABCDE1!'],
    ['no digit', 'Abcdef!'],
    ['no special character', 'Abcdef1'],
    ['a special character outside ! @ # $ & *', 'Abcdef1%'],
  ])('must include uppercase, lowercase, number and special character (%s)', (_case, password) => {
    expect(messagesAt('sign-up', { ...signUp, password, retype_password: password }, '/password')).toEqual([
      'Password must include uppercase, lowercase, number and special character (! @ # $ & *)',
    ]);
  });

  it('must be confirmed, and the confirmation must match', () => {
    expect(messagesAt('sign-up', without(signUp, 'retype_password'), '/retype_password')).toEqual([
      'Confirm password is required',
    ]);
    expect(messagesAt('sign-up', { ...signUp, retype_password: 'Secret2!' }, '/retype_password')).toEqual([
      'Passwords do not match',
    ]);
    expect(messagesAt('change-password', { ...fixture('change-password'), retype_password: 'x' }, '/retype_password')).toEqual([
      'Passwords do not match',
    ]);
  });
});

describe('other auth fields', () => {
  it('email is required on sign-in, sign-up and reset', () => {
    for (const formId of ['sign-in', 'sign-up', 'reset-password', 'forgot-password']) {
      expect(messagesAt(formId, without(fixture(formId), 'email'), '/email')).toEqual(['Email is required']);
    }
  });

  it('sign-in accepts an email or a phone in the email field', () => {
    const base = fixture('sign-in');
    expect(messagesAt('sign-in', { ...base, email: '+8801712345678' }, '/email')).toEqual([]);
    expect(messagesAt('sign-in', { ...base, email: '01712345678' }, '/email')).toEqual([]);
    expect(messagesAt('sign-in', { ...base, email: 'not an address' }, '/email')).toEqual([
      'Enter a valid email address or phone number',
    ]);
  });

  it('sign-up requires a phone (the code goes to it)', () => {
    expect(messagesAt('sign-up', without(fixture('sign-up'), 'phone'), '/phone')).toEqual(['Phone Number is required']);
    expect(messagesAt('sign-up', { ...fixture('sign-up'), phone: '12ab' }, '/phone')).toEqual([
      'Enter a valid phone number, e.g. +8801712345678',
    ]);
  });

  it('OTP is required and exactly 4 digits', () => {
    const base = fixture('verify-otp');
    expect(messagesAt('verify-otp', without(base, 'otp'), '/otp')).toEqual(['OTP is required']);
    expect(messagesAt('verify-otp', { ...base, otp: '123' }, '/otp')).toEqual(['OTP must be a 4-digit number']);
    expect(messagesAt('verify-otp', { ...base, otp: '12a4' }, '/otp')).toEqual(['OTP must be a 4-digit number']);
    expect(messagesAt('verify-otp', { ...base, otp: '12345' }, '/otp')).toEqual(['OTP must be a 4-digit number']);
    expect(messagesAt('verify-otp', { ...base, otp: '0042' }, '/otp')).toEqual([]);
  });
});

describe('profile forms', () => {
  it('profile requires all its fields', () => {
    expect(catalog.validate('profile', {}).errors).toEqual([
      { path: '/name', message: 'Name is required' },
      { path: '/email', message: 'Email is required' },
      { path: '/phone', message: 'Phone Number is required' },
      { path: '/country', message: 'Country is required' },
    ]);
    expect(messagesAt('profile', { ...fixture('profile'), name: '   ' }, '/name')).toEqual(['Name is required']);
  });

  it('verification requires all its fields, images included', () => {
    const paths = catalog.validate('verification', {}).errors.map((e) => e.path);
    expect(paths).toEqual([
      '/nid', '/nidImage', '/nidf', '/nidfImage', '/nominee', '/nomineeImage', '/bookingDate',
      '/passport', '/address', '/city', '/post', '/country', '/region', '/occupation',
    ]);
  });

  it('image fields accept png and jpeg data URLs only, up to 5 MB, and say which rule failed', () => {
    const base = fixture('verification');
    expect(messagesAt('verification', { ...base, nidImage: 'hello.png' }, '/nidImage')).toEqual([
      'Upload a PNG or JPEG image',
    ]);
    expect(messagesAt('verification', { ...base, nidImage: 'data:image/gif;base64,R0lGOD' }, '/nidImage')).toEqual([
      'File must be a PNG or JPEG image',
    ]);
    expect(messagesAt('verification', { ...base, nidImage: 'data:image/jpeg;name=a.jpg;base64,/9j/' }, '/nidImage')).toEqual([]);
    const huge = `data:image/png;base64,${'A'.repeat(7_000_000)}`;
    expect(messagesAt('verification', { ...base, nidImage: huge }, '/nidImage')).toEqual(['File must be 5 MB or smaller']);
  });
});

describe('project owner form', () => {
  const base = fixture('project-owner');
  const required = [
    'name', 'email', 'country', 'phone', 'city', 'region', 'nid', 'etin', 'bname', 'category', 'offaddress',
    'busstype', 'busssize', 'askamu', 'roi', 'reduration', 'initialins', 'tlicense', 'btin', 'investType',
    'financialDocument', 'security', 'return', 'accountNum', 'accountName', 'bankName', 'branchName', 'branchRoute',
    'branchAdd', 'sharePercentage', 'briefDescrip', 'busExViLink',
  ];

  it('requires exactly the fields spec section 5 lists', () => {
    const empty = { return: 'On-time' };
    const missing = catalog
      .validate('project-owner', empty)
      .errors.map((e) => e.path.slice(1))
      .sort();
    expect(missing).toEqual(required.filter((f) => f !== 'return').sort());
  });

  it.each(['regen', 'nprofit', 'gprofit', 'bplan', 'pplan'])('leaves %s optional', (field) => {
    expect(catalog.validate('project-owner', without(base, field)).valid).toBe(true);
  });

  it('uses the spec messages for the choice fields', () => {
    const errors = catalog.validate('project-owner', without(base, 'investType', 'financialDocument', 'security', 'return', 'returningTime', 'totalDuration')).errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        { path: '/investType', message: 'Investment type is required' },
        { path: '/financialDocument', message: 'Financial document type is required' },
        { path: '/security', message: 'Security type is required' },
        { path: '/return', message: 'Return type is required' },
      ]),
    );
  });

  it('caps the plans at 3000 characters', () => {
    expect(messagesAt('project-owner', { ...base, bplan: 'x'.repeat(3000) }, '/bplan')).toEqual([]);
    expect(messagesAt('project-owner', { ...base, bplan: 'x'.repeat(3001) }, '/bplan')).toEqual([
      'Business plan must be at most 3000 characters',
    ]);
    expect(messagesAt('project-owner', { ...base, pplan: 'x'.repeat(3001) }, '/pplan')).toEqual([
      'Project plan must be at most 3000 characters',
    ]);
  });

  it('refuses an initial instalment above the total repayable on the whole goal, to the paisa', () => {
    const message = 'Initial instalment cannot be more than the total repayable (asking amount plus the return for investors)';
    // 500,000 at 17.70 % → 588,500.00 repayable.
    const goal = { ...base, askamu: 500000, roi: 17.7 };
    expect(messagesAt('project-owner', { ...goal, initialins: 40000 }, '/initialins')).toEqual([]);
    expect(messagesAt('project-owner', { ...goal, initialins: 588500 }, '/initialins')).toEqual([]);
    expect(messagesAt('project-owner', { ...goal, initialins: 588500.01 }, '/initialins')).toEqual([message]);
    // Past 2^53 in paisa × basis points the comparison stays exact.
    const huge = { ...base, askamu: 99999999999.99, roi: 33.33 };
    expect(messagesAt('project-owner', { ...huge, initialins: 100000000000 }, '/initialins')).toEqual([]);
    expect(messagesAt('project-owner', { ...base, askamu: 1000, roi: 10, initialins: 1100.01 }, '/initialins')).toEqual([message]);
    // Without an amount to compare with, only that field's own message shows.
    expect(messagesAt('project-owner', { ...without(base, 'askamu'), initialins: 5 }, '/initialins')).toEqual([]);
  });

  it('requires the Recurring fields only when Recurring is chosen', () => {
    expect(catalog.validate('project-owner', without(base, 'returningTime', 'totalDuration')).errors).toEqual([
      { path: '/returningTime', message: 'This field is required' },
      { path: '/totalDuration', message: 'This field is required' },
    ]);
    const onTime = { ...without(base, 'returningTime', 'totalDuration'), return: 'On-time' };
    expect(catalog.validate('project-owner', onTime).valid).toBe(true);
    expect(messagesAt('project-owner', { ...onTime, returningTime: 3 }, '/returningTime')).toEqual([
      'Field "returningTime" does not apply to the answers given (its section is not chosen)',
    ]);
  });

  it('requires each social media row to have a name and a link', () => {
    const rows = [{}, { name: 'Facebook', link: 'facebook.com/x' }];
    expect(catalog.validate('project-owner', { ...base, socialMedia: rows }).errors).toEqual([
      { path: '/socialMedia/0/name', message: 'Social media name is required' },
      { path: '/socialMedia/0/link', message: 'Link is required' },
      { path: '/socialMedia/1/link', message: 'Enter a full link starting with https://, e.g. https://facebook.com/yourpage' },
    ]);
  });

  it('lists the spec enums', () => {
    const schema = catalog.schema('project-owner') as { properties: Record<string, { enum?: string[] }> };
    expect(schema.properties.busstype!.enum).toEqual(['Product', 'Service']);
    expect(schema.properties.busssize!.enum).toEqual(['Micro', 'Small', 'Medium', 'Large', 'Enterprise', 'Social', 'LTD', 'PLC']);
    expect(schema.properties.investType!.enum).toEqual(['Halal Way', 'Bank Loan', 'Borrow', 'Donation']);
    expect(schema.properties.financialDocument!.enum).toEqual(['Audit Report', 'Bank Statement']);
    expect(schema.properties.security!.enum).toEqual(['Property Document', 'Bank Cheque']);
    expect(schema.properties.return!.enum).toEqual(['On-time', 'Recurring']);
  });
});

describe('invest form', () => {
  const base = fixture('invest');
  const donor = { name: 'Nadia', location: 'Dhaka', phone: '+8801712345678', email: 'nadia@example.com', investmentType: 'Donate' };

  it('requires name, location, phone, email and the investment type', () => {
    expect(catalog.validate('invest', {}).errors.map((e) => e.message)).toEqual([
      'Name is required', 'Location is required', 'Phone Number is required', 'Email is required', 'Investment type is required',
    ]);
  });

  it('asks for the investment fields only when Investment is chosen', () => {
    expect(catalog.validate('invest', donor).valid).toBe(true);
    expect(messagesAt('invest', { ...donor, totalAmount: 5 }, '/totalAmount')).toEqual([
      'Field "totalAmount" does not apply to the answers given (its section is not chosen)',
    ]);
    const errors = catalog.validate('invest', { ...donor, investmentType: 'Investment' }).errors;
    expect(errors.map((e) => e.path)).toEqual([
      '/businessCategory', '/totalAmount', '/currency', '/duration', '/return', '/securityPolicy', '/investmentMethod', '/documents',
    ]);
    expect(errors.find((e) => e.path === '/return')!.message).toBe('Return type is required');
  });

  it('requires the Recurring fields with "This field is required"', () => {
    expect(catalog.validate('invest', without(base, 'returningTime', 'totalDuration')).errors).toEqual([
      { path: '/returningTime', message: 'This field is required' },
      { path: '/totalDuration', message: 'This field is required' },
    ]);
  });

  it('needs at least one document, each with a description and a file', () => {
    expect(messagesAt('invest', { ...base, documents: [] }, '/documents')).toEqual(['Add at least one document']);
    expect(catalog.validate('invest', { ...base, documents: [{}] }).errors).toEqual([
      { path: '/documents/0/description', message: 'Description is required' },
      { path: '/documents/0/file', message: 'File is required' },
    ]);
  });

  it('offers only the listed currencies', () => {
    expect(messagesAt('invest', { ...base, currency: 'BTC' }, '/currency')).toEqual([
      'Choose one of: USD, EUR, BDT, INR, JPY, GBP',
    ]);
  });
});

describe('payment method tiers (spec section 9)', () => {
  const LOW = ['Bank', 'Cash', 'Mobile Banking', 'Card', 'Cheque'];
  const MID = ['Bank', 'Cash', 'Card', 'Cheque'];
  const HIGH = ['Cheque', 'Bank', 'Cash'];
  const ALL = ['Bank', 'Cash', 'Mobile Banking', 'Card', 'Cheque'];

  const cases: [number, string[]][] = [
    [1, LOW], [25000, LOW], [25000.01, MID], [25001, MID], [50000, MID], [50000.01, HIGH], [50001, HIGH], [1_000_000, HIGH],
  ];

  it.each(cases)('donate: %d allows exactly its tier', (amount, allowed) => {
    for (const method of ALL) {
      const ok = messagesAt('donate', { amount, paymentMethod: method }, '/paymentMethod').length === 0;
      expect([method, ok]).toEqual([method, allowed.includes(method)]);
    }
  });

  it.each(cases)('invest: %d allows exactly its tier', (amount, allowed) => {
    const base = fixture('invest');
    for (const method of ALL) {
      const ok = messagesAt('invest', { ...base, totalAmount: amount, investmentMethod: method }, '/investmentMethod').length === 0;
      expect([method, ok]).toEqual([method, allowed.includes(method)]);
    }
  });

  it('says which methods the amount allows', () => {
    expect(messagesAt('donate', { amount: 50001, paymentMethod: 'Card' }, '/paymentMethod')).toEqual([
      'For amounts above 50,000 choose Cheque, Bank or Cash',
    ]);
    expect(messagesAt('donate', { amount: 30000, paymentMethod: 'Mobile Banking' }, '/paymentMethod')).toEqual([
      'For amounts above 25,000 up to 50,000 choose Bank, Cash, Card or Cheque',
    ]);
  });
});

describe('agreement request and acceptance', () => {
  const base = fixture('agreement-request');

  it('uses the spec messages', () => {
    expect(catalog.validate('agreement-request', {}).errors).toEqual([
      { path: '/investDate', message: 'Investment Date is required' },
      { path: '/investorType', message: 'Investor type is required' },
      { path: '/investorName', message: 'Name is required' },
      { path: '/investorAddress', message: 'Address is required' },
      { path: '/investmentAmount', message: 'Amount is required' },
      { path: '/investmentType', message: 'Investment type is required' },
      { path: '/documents', message: 'Add at least one document' },
    ]);
  });

  it.each([0, -5, 'ten'])('refuses %s as the amount: "Amount must be a positive number"', (amount) => {
    expect(messagesAt('agreement-request', { ...base, investmentAmount: amount }, '/investmentAmount')).toEqual([
      'Amount must be a positive number',
    ]);
  });

  it('lists the investor and investment types of the spec', () => {
    expect(messagesAt('agreement-request', { ...base, investorType: 'Bank' }, '/investorType')).toEqual([
      'Choose one of: Individual, Organization, Agency, Committee, NGO',
    ]);
    expect(messagesAt('agreement-request', { ...base, investmentType: 'Loan' }, '/investmentType')).toEqual([
      'Choose one of: Halal Way, Bank Loan, Borrow, Donation',
    ]);
  });

  it('takes an acceptance without documents (optional evidence), but a description and a file for each one given', () => {
    expect(catalog.validate('agreement-accept', {}).errors).toEqual([]);
    expect(catalog.validate('agreement-accept', { documents: [] }).errors).toEqual([]);
    expect(catalog.validate('agreement-accept', { documents: [{ description: 'Deed' }] }).errors).toEqual([
      { path: '/documents/0/file', message: 'File is required' },
    ]);
  });
});
