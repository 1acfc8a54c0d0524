// @vitest-environment jsdom
/**
 * The browser's form loader: a published version from the API with the validator the server compiled (loaded as a
 * module, no eval), one definition per published version, and the bundled files when the API cannot answer.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { _ } from 'ajv';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import { AJV_OPTIONS, AjvClass, CUSTOM_FORMATS, extendAjv } from '../../src/shared/validation/ajv-setup';
import { loadSchemas, repoRoot } from '../../src/shared/forms/load-schemas';
import { loadFormDefinition, loadFormVersion, setFormSource, validateWithDefinition, type FormSource } from '../../src/client/form-engine';
import { ApiError, NETWORK_MESSAGE } from '../../src/client/lib/api';

const dir = join(repoRoot(), 'test-results', `form-loader-${process.pid}`);
const invest = loadSchemas().invest as Record<string, unknown>;
// Version 2 of the invest form: a new required field with its message.
const v2 = {
  ...invest,
  properties: { ...(invest.properties as object), referral: { type: 'string', title: 'Referral code', errorMessage: { type: 'Referral code is required' } } },
  required: [...(invest.required as string[]), 'referral'],
  errorMessage: { required: { ...(invest.errorMessage as { required: object }).required, referral: 'Referral code is required' } },
};

/** Compiles a schema as the server does (Ajv standalone code, the shared set-up) into a module file; its URL. */
function compiled(schema: object, name: string): string {
  let formats = relative(dir, join(repoRoot(), 'src/shared/validation/standalone-formats.js')).split('\\').join('/');
  if (!formats.startsWith('.')) formats = `./${formats}`;
  const code = compileSchemaValidatorsCode(schema, {
    AjvClass,
    ajvOptionsOverrides: { ...AJV_OPTIONS, code: { formats: _`require(${formats}).formats` } },
    customFormats: CUSTOM_FORMATS,
    extenderFn: extendAjv,
  });
  const file = join(dir, `${name}.cjs`);
  writeFileSync(file, code);
  return file;
}

const sample = { name: 'Amina', location: 'Dhaka', phone: '+8801712345678', email: 'amina@example.com', investmentType: 'Donate' };
let v2Url = '';
let v1Url = '';
const calls: string[] = [];

beforeAll(() => {
  mkdirSync(dir, { recursive: true });
  v2Url = compiled(v2, 'invest-v2');
  v1Url = compiled(invest, 'invest-v1');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  setFormSource(null);
  calls.length = 0;
});

const source: FormSource = {
  published: async (formId) => {
    calls.push(`published ${formId}`);
    return { version: 2, schema: v2, uiSchema: { 'ui:order': ['referral', '*'] }, validatorUrl: v2Url };
  },
  version: async (formId, version) => {
    calls.push(`version ${formId} ${version}`);
    if (version !== 1) throw new ApiError(404, 'No such version.');
    return { version: 1, schema: invest, uiSchema: {}, validatorUrl: v1Url };
  },
};

describe('loadFormDefinition', () => {
  it('uses the published version and the validator compiled for it', async () => {
    setFormSource(source);
    const def = await loadFormDefinition('invest');
    expect(def.version).toBe(2);
    expect(def.uiSchema).toEqual({ 'ui:order': ['referral', '*'] });
    expect(validateWithDefinition(def, sample)).toEqual([{ path: '/referral', message: 'Referral code is required' }]);
    expect(validateWithDefinition(def, { ...sample, referral: 'R1' })).toEqual([]);
  });

  it('asks the server every time, and reuses the definition of a version it already has', async () => {
    setFormSource(source);
    const first = await loadFormDefinition('invest');
    const second = await loadFormDefinition('invest');
    expect(calls).toEqual(['published invest', 'published invest']);
    expect(second).toBe(first);
  });

  it('falls back to the bundled files when the server cannot be reached', async () => {
    setFormSource({ ...source, published: async () => Promise.reject(new ApiError(0, NETWORK_MESSAGE, [], true)) });
    const def = await loadFormDefinition('invest');
    expect(def.version).toBeUndefined();
    expect(def.schema).toEqual(invest);
    expect(validateWithDefinition(def, sample)).toEqual([]);
  });

  it('falls back to the bundled files when the published validator does not load', async () => {
    setFormSource({ ...source, published: async () => ({ version: 3, schema: v2, uiSchema: {}, validatorUrl: join(dir, 'missing.cjs') }) });
    const def = await loadFormDefinition('invest');
    expect(def.version).toBeUndefined();
    expect(validateWithDefinition(def, sample)).toEqual([]);
  });

  it('uses the bundled files when no source is registered (tests, tools)', async () => {
    const def = await loadFormDefinition('invest');
    expect(def.version).toBeUndefined();
    expect(validateWithDefinition(def, { ...sample, email: 'nope' })).toEqual([{ path: '/email', message: 'Enter a valid email address' }]);
  });

  it("loads a form's Bengali words only on a page that is not English (an English reader never downloads them)", async () => {
    const html = document.documentElement;
    try {
      html.setAttribute('lang', 'en');
      expect((await loadFormDefinition('donate')).translations).toEqual({});
      html.setAttribute('lang', 'bn');
      expect((await loadFormDefinition('sign-in')).translations?.bn?.['Sign in']).toBeTruthy();
    } finally {
      html.removeAttribute('lang');
    }
  });

  it('rejects an unknown form', async () => {
    setFormSource({ ...source, published: async () => Promise.reject(new ApiError(404, 'No such form.')) });
    await expect(loadFormDefinition('no-such-form' as never)).rejects.toThrow('unknown form "no-such-form"');
  });
});

describe('loadFormVersion', () => {
  it('loads an older version with its own validator (a submission stored with version 1)', async () => {
    setFormSource(source);
    const def = await loadFormVersion('invest', 1);
    expect(calls).toEqual(['version invest 1']);
    expect(def.version).toBe(1);
    expect(validateWithDefinition(def, sample)).toEqual([]);
  });

  it('falls back to the bundled files when the version cannot be loaded', async () => {
    setFormSource(source);
    const def = await loadFormVersion('invest', 7);
    expect(def.version).toBeUndefined();
    expect(def.schema).toEqual(invest);
  });
});
