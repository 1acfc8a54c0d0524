/** Data for browser tests, made through the HTTP API the way people would (and a staff member via the CLI). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { person, ROOT } from '../server/helpers';
import { makeStaffWithCli, outboxCode, type Harness } from './harness';

export interface ApiPerson {
  email: string;
  phone: string;
  password: string;
  token: string;
}

export async function call(h: Harness, method: string, path: string, who?: ApiPerson | null, body?: unknown) {
  const res = await fetch(`${h.base}/api/v1${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(who ? { authorization: `Bearer ${who.token}` } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- API JSON
  if (res.status >= 400) throw new Error(`${method} ${path} → ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/**
 * Signs a person up and verifies the phone through the API; they have acknowledged the risk statement (issue 31 §4)
 * unless `acknowledgeRisk` is false (the browser test of the inline acknowledgment).
 */
export async function apiPerson(h: Harness, who = person(), options: { acknowledgeRisk?: boolean } = {}): Promise<ApiPerson> {
  await call(h, 'POST', '/auth/user/sign-up', null, who);
  const { token } = await call(h, 'PATCH', '/auth/user/verify-otp', null, { phone: who.phone, otp: await outboxCode(h, who.phone) });
  const made = { email: who.email, phone: who.phone, password: who.password, token };
  if (options.acknowledgeRisk !== false) await apiAcknowledgeRisk(h, made);
  return made;
}

/** Reads the current risk statement and acknowledges it through the API. */
export async function apiAcknowledgeRisk(h: Harness, who: ApiPerson): Promise<void> {
  const { version } = await call(h, 'GET', '/risk-statement');
  await call(h, 'POST', '/me/risk-acknowledgment', who, { version });
}

/** Signs an existing person in again (tokens survive a restart; this is for after the CLI). */
export async function apiSignIn(h: Harness, who: ApiPerson): Promise<ApiPerson> {
  const { token } = await call(h, 'POST', '/auth/user/sign-in', null, { phone: who.email, password: who.password });
  return { ...who, token };
}

/** A form's valid sample (tests/fixtures/forms). */
export const fixture = (id: string) => JSON.parse(readFileSync(join(ROOT, `tests/fixtures/forms/${id}.valid.json`), 'utf8'));

let staff: ApiPerson | null = null;
/** A staff member, made once per server with the real staff CLI. */
export async function apiStaff(h: Harness): Promise<ApiPerson> {
  if (!staff) {
    const who = await apiPerson(h);
    await makeStaffWithCli(h, who.email);
    staff = await apiSignIn(h, who);
  }
  return staff;
}

/** A person whose identity staff verified. */
export async function apiVerifiedOwner(h: Harness): Promise<ApiPerson> {
  const s = await apiStaff(h);
  const owner = await apiPerson(h);
  await call(h, 'PUT', '/profile/verification', owner, fixture('verification'));
  const { items } = await call(h, 'GET', '/staff/verifications', s);
  const item = (items as { id: string; email: string }[]).find((i) => i.email === owner.email)!;
  await call(h, 'POST', `/staff/verifications/${item.id}/review`, s, { decision: 'approve' });
  return owner;
}

/** `n` open projects of one verified owner. */
export async function seedOpenProjects(h: Harness, n: number): Promise<string[]> {
  const s = await apiStaff(h);
  const owner = await apiVerifiedOwner(h);
  const ids: string[] = [];
  const categories = ['Education', 'Medical & Health', 'Technology', 'Organic Foods', 'Video & Movies'];
  for (let i = 0; i < n; i++) {
    const created = await call(h, 'POST', '/projects', owner, { ...fixture('project-owner'), bname: `Seeded project ${i + 1}`, category: categories[i % categories.length] });
    await call(h, 'POST', `/staff/projects/${created.id}/review`, s, { decision: 'approve' });
    ids.push(created.id as string);
  }
  return ids;
}
