/**
 * Before the day starts, through the same API (and the same record: its requests are kinds starting "setup: "):
 * staff (signed up, then flagged in the database as the staff CLI does), owners whose identity staff verified, each
 * with a project staff approved (as scripts/seed-demo.ts does), and investors. Any failure here stops the run.
 */
import pg from 'pg';
import { json } from './client';
import { project, verification } from './forms';
import { approvedReview } from '../../../lib/opinion-pdf';
import { signOut, signUpVerified } from './steps';
import { newPerson, type Account, type World } from './world';

const API = '/api/v1';
const PREFIX = 'setup: ';

export interface Cast {
  staff: Account[];
  owners: { account: Account; projectId: string }[];
  investors: Account[];
}

/** Runs `task` for 0…count−1, at most `width` at a time. */
async function inParallel<T>(count: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

async function account(w: World, role: string): Promise<Account> {
  const who = newPerson(w, role);
  const made = await signUpVerified(w, who, PREFIX);
  if (!made) throw new Error(`setting up: ${role} ${who.email} could not sign up: ${JSON.stringify(w.rec.unexpected.slice(-3))}`);
  return made;
}

/** Sends a setup request and fails the run unless it got `expect`; returns its JSON. */
async function must(w: World, who: Account, kind: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, expect = [200]) {
  const res = await w.client.send({ kind: `${PREFIX}${kind}`, method, path: `${API}${path}`, address: who.who.address, token: who.token, body, expect });
  if (!res.ok) throw new Error(`setting up: ${method} ${path} answered ${res.status}: ${res.text.slice(0, 300)}`);
  return json(res);
}

/** Makes the day's cast: `staff`, `owners` (one open project each) and `investors`, all signed out at the end. */
export async function cast(w: World, databaseUrl: string, counts: { staff: number; owners: number; investors: number }): Promise<Cast> {
  const staff = await inParallel(counts.staff, 4, () => account(w, 'staff'));
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('UPDATE users SET is_staff = true WHERE email = ANY($1)', [staff.map((s) => s.who.email)]);
  } finally {
    await db.end();
  }
  const reviewer = staff[0]!;
  const owners = await inParallel(counts.owners, 4, async (i) => {
    const owner = await account(w, 'owner');
    await must(w, owner, 'PUT /profile/verification', 'PUT', '/profile/verification', verification(i + 1));
    const queue = await must(w, reviewer, 'GET /staff/verifications', 'GET', '/staff/verifications');
    const item = (queue.items as { id: string; email: string }[]).find((v) => v.email === owner.who.email);
    if (!item) throw new Error(`setting up: ${owner.who.email}'s verification is not in the staff queue`);
    await must(w, reviewer, 'POST verification review', 'POST', `/staff/verifications/${item.id}/review`, { decision: 'approve', note: 'Documents checked.' });
    const created = await must(w, owner, 'POST /projects', 'POST', '/projects', project(owner.who, i + 1), [201]);
    await must(w, reviewer, 'POST Shariah review', 'POST', `/staff/projects/${created.id as string}/shariah-review`, approvedReview(`Load project ${i + 1}`, 'Load test adviser'), [201]);
    await must(w, reviewer, 'POST project review', 'POST', `/staff/projects/${created.id as string}/review`, { decision: 'approve', note: 'Terms checked.' });
    return { account: owner, projectId: created.id as string };
  });
  const investors = await inParallel(counts.investors, 4, () => account(w, 'investor'));
  // Everyone starts the day signed out: signing in is part of it.
  const everyone = [...staff, ...owners.map((o) => o.account), ...investors];
  await inParallel(everyone.length, 4, (i) => signOut(w, everyone[i]!, PREFIX));
  return { staff, owners, investors };
}
