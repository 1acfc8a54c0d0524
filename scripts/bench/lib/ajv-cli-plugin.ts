/**
 * ajv-cli's `-c` module for the validator benchmark: gives ajv-cli the product's formats, custom keywords and
 * ajv-errors, so the peer checks exactly the rules our CLI checks (bundled to CommonJS, which ajv-cli requires).
 */
import addFormats from 'ajv-formats';
import type Ajv from 'ajv';
import { CUSTOM_FORMATS, extendAjv } from '../../../src/shared/validation/ajv-setup';

export default function plugin(ajv: Ajv): void {
  addFormats(ajv);
  for (const [name, re] of Object.entries(CUSTOM_FORMATS)) ajv.addFormat(name, re);
  extendAjv(ajv as Parameters<typeof extendAjv>[0]);
}
