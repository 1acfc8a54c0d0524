/**
 * Every screen of screens.json made openable in a browser test: the records the routes with parameters need, made
 * through the API (an open project with an agreement request on it), and the address to open for each screen.
 */
import { bundledContent as content, type Screen } from '../../src/client/config';
import type { Harness } from './harness';
import { apiStaff, apiVerifiedOwner, call, fixture, type ApiPerson } from './seed';


export interface ScreenRecords {
  staff: ApiPerson;
  /** Owns the open project. */
  owner: ApiPerson;
  /** Sent an agreement request on the owner's project. */
  investor: ApiPerson;
  /** The address to open for a screen: parameters filled with the seeded records, or null (with why) when none fits. */
  addressOf(screen: Screen): string | null;
}

/** Makes a staff member, an owner with an approved open project and an investor with an agreement request on it. */
export async function seedScreenRecords(h: Harness): Promise<ScreenRecords> {
  const staff = await apiStaff(h);
  const owner = await apiVerifiedOwner(h);
  const project = await call(h, 'POST', '/projects', owner, fixture('project-owner'));
  await call(h, 'POST', `/staff/projects/${project.id}/review`, staff, { decision: 'approve' });
  const investor = await apiVerifiedOwner(h);
  const request = await call(h, 'POST', `/projects/${project.id}/agreement-requests`, investor, fixture('agreement-request'));
  const p = `project=${project.id}`;
  const params: Record<string, string> = {
    'project-detail': `id=${project.id}`,
    'agreement-text': `id=${project.id}`,
    'agreement-request': p,
    proposals: p,
    'relevant-investors': p,
    donate: p,
    'agreement-accept': `id=${request.id}`,
  };
  const addressOf = (screen: Screen): string | null => {
    let path = screen.path;
    if (path.includes(':slug')) {
      const slug = content.blogs[0]?.slug;
      if (!slug) return null;
      path = path.replace(':slug', slug);
    }
    // A form's page in the studio: the invest form (every form has a published version).
    path = path.replace(':formId', 'invest');
    if (path.includes(':')) {
      console.log(`skipped ${screen.id} (${screen.path}): a route parameter this test does not know how to fill`);
      return null;
    }
    return params[screen.id] ? `${path}?${params[screen.id]}` : path;
  };
  return { staff, owner, investor, addressOf };
}
