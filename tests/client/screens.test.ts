// @vitest-environment jsdom
/** Every screen of the config has what it names: a registered page, or a form the engine can load. */
import { describe, expect, it } from 'vitest';
import { screensConfig } from '../../src/client/config';
import { pages } from '../../src/client/app/pages';
import { isKnownForm, loadFormDefinition } from '../../src/client/form-engine';
import { routes } from '../../src/client/app/router';

describe('screen config', () => {
  it.each(screensConfig.screens.map((s) => [s.id, s] as const))('%s: names an existing page or form', async (_id, screen) => {
    if (screen.kind === 'page') {
      expect(pages[screen.page!], `page "${screen.page}"`).toBeDefined();
    } else {
      expect(isKnownForm(screen.form!)).toBe(true);
      const def = await loadFormDefinition(screen.form as never);
      expect(def.schema.$id).toBe(screen.form);
    }
  });

  it('builds one route per screen, plus the 404 page', () => {
    const children = routes[0]!.children!;
    expect(children.map((r) => r.path)).toEqual([...screensConfig.screens.map((s) => s.path), '*']);
  });

  it("blocks with a dialog only where the spec asks (section 8's Welcome and Login/Signup Failed, Agreement accepted)", () => {
    const dialogs = screensConfig.screens.filter((s) => s.success?.popup?.dialog).map((s) => `${s.id}: ${s.success!.popup!.title}`);
    expect(dialogs).toEqual(['sign-in: Welcome', 'sign-up: Welcome', 'agreement-accept: Agreement accepted']);
    const failures = screensConfig.screens.filter((s) => s.failure?.dialog).map((s) => `${s.id}: ${s.failure!.title}`);
    expect(failures).toEqual(['sign-in: Login Failed', 'sign-up: Signup Failed']);
  });

  it('keeps the seed paths', () => {
    const paths = screensConfig.screens.map((s) => s.path);
    for (const p of ['/', '/login', '/signup', '/OTP', '/resetPass', '/dashboard/dashboardBtn', '/dashboard/profile', '/dashboard/project', '/dashboard/invest', '/BasicInfoEdit/basic', '/BasicInfoEdit/verified', '/BasicInfoEdit/backToProfile', '/EditProjects/projectOwnerInfo', '/EditProjects/projectDetails', '/projectDetails', '/agreementRequest', '/agreementRequest/agreementAccept', '/investForm', '/investmentAgreementForm', '/RelevantInvestorCards', '/popularcard1', '/backToProfile', '/donate']) {
      expect(paths).toContain(p);
    }
  });
});
