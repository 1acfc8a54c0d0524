// @vitest-environment jsdom
/**
 * The browser reads a phone number typed without a country code in the server's DEFAULT_PHONE_REGION, not in the
 * build's BD: a server started with another region gives pages that carry it, and the page's phone rule (the lazy
 * one the build puts in the page, src/shared/validation/phone-formats.browser.js) reads local numbers in it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from './helpers';

const INDIAN_LOCAL = '98765 43210';
const BANGLADESHI_LOCAL = '01812345678';

/** The phone rule of a page as its browser runs it: a fresh copy of the modules, `document` the page, no `process.env` region. */
async function pagePhoneRule(html: string): Promise<(text: string) => boolean> {
  vi.stubGlobal('document', new DOMParser().parseFromString(html, 'text/html'));
  vi.stubEnv('DEFAULT_PHONE_REGION', '');
  vi.resetModules();
  const formats = await import('../../src/shared/validation/phone-formats.browser.js');
  await formats.loadPhoneRule();
  return formats.isMobilePhone;
}

describe('the phone region of the pages', () => {
  let clientDir: string;
  let t: TestApp | undefined;
  beforeAll(() => {
    clientDir = mkdtempSync(join(tmpdir(), 'halal-fund-client-'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html><head><title>Halal Fund</title></head><body><div id="root"></div></body></html>');
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
    await t?.close();
    t = undefined;
  });
  afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

  it("reads local numbers in the server's region (IN), not the build's", async () => {
    t = await startTestApp('pglite', { defaultPhoneRegion: 'IN', clientDir, serverRender: false });
    const page = await t.app.inject({ method: 'GET', url: '/signup' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<meta name="phone-region" content="IN" />');
    const isMobilePhone = await pagePhoneRule(page.body);
    expect(isMobilePhone(INDIAN_LOCAL)).toBe(true);
    expect(isMobilePhone(BANGLADESHI_LOCAL)).toBe(false);
    expect(isMobilePhone('+8801812345678')).toBe(true); // with its country code, any country's number
  });

  it('reads them as Bangladeshi under the default region', async () => {
    t = await startTestApp('pglite', { clientDir, serverRender: false });
    const page = await t.app.inject({ method: 'GET', url: '/projects' });
    expect(page.body).toContain('<meta name="phone-region" content="BD" />');
    const isMobilePhone = await pagePhoneRule(page.body);
    expect(isMobilePhone(BANGLADESHI_LOCAL)).toBe(true);
    expect(isMobilePhone(INDIAN_LOCAL)).toBe(false);
  });
});
