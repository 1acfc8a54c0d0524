/**
 * The precompiled validators the production page uses (no eval) agree with the run-time validator of the server
 * and the CLI on every form, for valid samples and for a spread of invalid data.
 */
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { compileValidators } from '../../scripts/compile-validators';
import { createCatalog } from '../../src/shared/forms/catalog';
import { loadSchemas } from '../../src/shared/forms/load-schemas';
import { declaredPropertyNames, normalizeErrors, type RawAjvError } from '../../src/shared/validation/errors';
import { FORM_IDS } from '../../src/shared/generated/form-types';

const schemas = loadSchemas();
const catalog = createCatalog(schemas);
let dir: string;

beforeAll(() => {
  // Inside the repository, so the generated code's require('ajv/…') resolves as it does in the build.
  const base = resolve(import.meta.dirname, '../../tmp');
  mkdirSync(base, { recursive: true });
  dir = mkdtempSync(join(base, 'precompiled-'));
  compileValidators(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function precompiledErrors(formId: string, data: unknown) {
  const require = createRequire(import.meta.url);
  const fns = require(join(dir, `${formId}.cjs`));
  const schema = schemas[formId]!;
  const validator = createPrecompiledValidator(fns, schema);
  const { errors } = validator.rawValidation(schema, data);
  return normalizeErrors((errors ?? []) as RawAjvError[], declaredPropertyNames(schema));
}

/** Valid sample, empty, every field blanked one at a time, wrong types, an extra field. */
function variants(formId: string): unknown[] {
  const valid = JSON.parse(readFileSync(join(import.meta.dirname, `../fixtures/forms/${formId}.valid.json`), 'utf8'));
  const out: unknown[] = [valid, {}, { ...valid, extra: true }];
  for (const key of Object.keys(valid)) {
    const { [key]: _dropped, ...rest } = valid;
    out.push(rest, { ...valid, [key]: 12345 }, { ...valid, [key]: '' });
  }
  return out;
}

describe('precompiled validators', () => {
  it.each(FORM_IDS)('%s: agree with the run-time validator', (formId) => {
    for (const data of variants(formId)) {
      expect(precompiledErrors(formId, data)).toEqual(catalog.validate(formId, data).errors);
    }
  });

  it('call the same phone format (libphonenumber-js) as the run-time validator', () => {
    const valid = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/forms/sign-up.valid.json'), 'utf8'));
    const landline = { ...valid, phone: '02 9123456' };
    for (const phone of ['01812345678', '8801812345678', '+880 1812-345678', '02 9123456', '123 4567']) {
      const data = { ...valid, phone };
      expect(precompiledErrors('sign-up', data)).toEqual(catalog.validate('sign-up', data).errors);
    }
    expect(precompiledErrors('sign-up', { ...valid, phone: '+880 1812-345678' })).toEqual([]);
    expect(precompiledErrors('sign-up', landline)).toEqual([{ path: '/phone', message: 'Enter a valid phone number, e.g. +8801712345678' }]);
    expect(precompiledErrors('sign-in', { email: '0291234567', password: 'Secret1!' })).toEqual([
      { path: '/email', message: 'Enter a valid email address or phone number' },
    ]);
  });

  it('apply the initial instalment cap (a generated keyword) exactly as the run-time validator', () => {
    const valid = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/forms/project-owner.valid.json'), 'utf8'));
    for (const initialins of [0, 40000, 588500, 588500.01, 1e11]) {
      const data = { ...valid, askamu: 500000, roi: 17.7, initialins };
      expect(precompiledErrors('project-owner', data)).toEqual(catalog.validate('project-owner', data).errors);
    }
    expect(precompiledErrors('project-owner', { ...valid, askamu: 500000, roi: 17.7, initialins: 588500.01 })).toEqual([
      { path: '/initialins', message: 'Initial instalment cannot be more than the total repayable (asking amount plus the return for investors)' },
    ]);
  });

  it('contain no eval-style code', () => {
    for (const formId of FORM_IDS) {
      const code = readFileSync(join(dir, `${formId}.cjs`), 'utf8');
      expect(code).not.toMatch(/\bnew Function\b|\beval\(/);
    }
  });
});
