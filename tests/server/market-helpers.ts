/** Builders for marketplace tests: verified owners, approved projects, investors, through the public API. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { json, ROOT, signUpVerified } from './helpers';

export type Person = Awaited<ReturnType<typeof signUpVerified>>;

const png = readFileSync(join(ROOT, 'tests/fixtures/images/id-card.png'));
export const PNG_DATA_URL = `data:image/png;name=doc.png;base64,${png.toString('base64')}`;

export function fixture(formId: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(ROOT, `tests/fixtures/forms/${formId}.valid.json`), 'utf8'));
}

export async function api(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: Person | null, payload?: unknown) {
  const res = await app.inject({ method, url: `/api/v1${url}`, headers: who ? who.auth : {}, payload: payload as object });
  const isJson = String(res.headers['content-type'] ?? '').includes('json');
  return { status: res.statusCode, body: isJson ? json<Record<string, any>>(res) : {} }; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON
}

/** A user made staff directly in the database (the CLI's job, tested on its own). */
export async function makeStaff(app: FastifyInstance): Promise<Person> {
  const staff = await signUpVerified(app);
  await app.db.updateTable('users').set({ is_staff: true }).where('email', '=', staff.email).execute();
  // (Changed behind the app's back: the sessions it keeps for a second are forgotten, as after a write it answers.)
  app.forgetSessions();
  return staff;
}

/** A user whose identity staff have verified. */
export async function verifiedOwner(app: FastifyInstance, staff: Person): Promise<Person> {
  const owner = await signUpVerified(app);
  const v = await api(app, 'PUT', '/profile/verification', owner, fixture('verification'));
  if (v.status !== 200) throw new Error(`verification failed: ${JSON.stringify(v.body)}`);
  const queue = await api(app, 'GET', '/staff/verifications', staff);
  const item = (queue.body.items as { id: string; email: string }[]).find((i) => i.email === owner.email)!;
  const r = await api(app, 'POST', `/staff/verifications/${item.id}/review`, staff, { decision: 'approve' });
  if (r.status !== 200) throw new Error(`review failed: ${JSON.stringify(r.body)}`);
  return owner;
}

/** A project form with the given terms (valid by the shared schema). */
export function projectForm(terms: Partial<Record<string, unknown>> = {}): Record<string, unknown> {
  const base = fixture('project-owner');
  const form = { ...base, ...terms };
  if (form.return === 'On-time') {
    delete form.returningTime;
    delete form.totalDuration;
  }
  return form;
}

/** Submits a project and has staff approve it; returns its id. */
export async function openProject(app: FastifyInstance, owner: Person, staff: Person, terms: Partial<Record<string, unknown>> = {}): Promise<string> {
  const created = await api(app, 'POST', '/projects', owner, projectForm(terms));
  if (created.status !== 201) throw new Error(`project failed: ${JSON.stringify(created.body)}`);
  const approved = await api(app, 'POST', `/staff/projects/${created.body.id}/review`, staff, { decision: 'approve' });
  if (approved.status !== 200) throw new Error(`approve failed: ${JSON.stringify(approved.body)}`);
  return created.body.id as string;
}

/** An agreement request form for an amount. */
export function agreementForm(amount: number, investmentType = 'Halal Way'): Record<string, unknown> {
  return { ...fixture('agreement-request'), investmentAmount: amount, investmentType, documents: [{ description: 'Bank statement', file: PNG_DATA_URL }] };
}

export const acceptForm = () => ({ documents: [{ description: 'Signed agreement', file: PNG_DATA_URL }] });
