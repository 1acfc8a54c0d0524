/**
 * The steps people take, each one or a few requests as the site's pages make them: reading pages and lists, signing
 * up (the code read from the dev SMS outbox), signing in and out. Acknowledged writes are tallied for the check
 * against the database at the end.
 */
import { CATEGORIES } from '../scale-data';
import { json } from './client';
import { PASSWORD, signUp, type Identity } from './forms';
import { WRITES } from './recorder';
import { pick, type Account, type World } from './world';

const API = '/api/v1';

/** A page as a browser loads it (server-rendered, compressed). */
export function page(w: World, path: string, address: string) {
  const kind = `page ${path.split('?', 1)[0]}`;
  return w.client.send({ kind, method: 'GET', path, address });
}

/** One thing a signed-out visitor reads: a rendered page, or a list or project from the API as the pages ask. */
export async function browse(w: World, address: string): Promise<void> {
  const project = pick(w.projects);
  const r = Math.random();
  if (r < 0.15) await page(w, '/', address);
  else if (r < 0.3) await page(w, '/projects', address);
  else if (r < 0.45) await page(w, `/projectDetails?id=${project.id}`, address);
  else if (r < 0.8) await w.client.send({ kind: 'GET /projects', method: 'GET', path: `${API}${listQuery()}`, address });
  else await w.client.send({ kind: 'GET /projects/:id', method: 'GET', path: `${API}/projects/${project.id}`, address });
}

/** One thing a signed-in person reads: who they are, their dashboard, a list (never cached for them) or a project. */
export async function browseSignedIn(w: World, who: Account): Promise<void> {
  const address = who.who.address;
  const token = who.token;
  const r = Math.random();
  if (r < 0.2) await w.client.send({ kind: 'GET /auth/user/me', method: 'GET', path: `${API}/auth/user/me`, address, token });
  else if (r < 0.4) await w.client.send({ kind: 'GET /dashboard/summary', method: 'GET', path: `${API}/dashboard/summary`, address, token });
  else if (r < 0.75) await w.client.send({ kind: 'GET /projects (signed in)', method: 'GET', path: `${API}${listQuery()}`, address, token });
  else await w.client.send({ kind: 'GET /projects/:id', method: 'GET', path: `${API}/projects/${pick(w.projects).id}`, address, token });
}

/** The list as a visitor asks for it: the newest first, a category, or the most funded. */
function listQuery(): string {
  const r = Math.random();
  if (r < 0.5) return '/projects';
  if (r < 0.8) return `/projects?category=${encodeURIComponent(pick(CATEGORIES))}`;
  return '/projects?sort=most_funded';
}

/**
 * Signs a new person up and verifies their phone with the code the outbox holds; returns the account signed in, or
 * undefined when a step failed (recorded).
 */
export async function signUpVerified(w: World, who: Identity, prefix = ''): Promise<Account | undefined> {
  const up = await w.client.send({ kind: `${prefix}${WRITES.signUp}`, method: 'POST', path: `${API}/auth/user/sign-up`, address: who.address, body: signUp(who), expect: [201] });
  if (!up.ok) return undefined;
  w.rec.acks.signUps += 1;
  const outbox = await w.client.send({ kind: `${prefix}GET /dev/outbox (the SMS)`, method: 'GET', path: `${API}/dev/outbox?to=${encodeURIComponent(who.phone)}`, address: who.address });
  const code = (json(outbox).messages as { code?: string }[] | undefined)?.[0]?.code;
  if (!code) {
    if (outbox.ok) w.rec.problem(`${prefix}GET /dev/outbox (the SMS)`, outbox.status, `no code was sent to ${who.phone} after its sign-up`);
    return undefined;
  }
  const verified = await w.client.send({ kind: `${prefix}${WRITES.verify}`, method: 'PATCH', path: `${API}/auth/user/verify-otp`, address: who.address, body: { phone: who.phone, otp: code } });
  const token = json(verified).token as string | undefined;
  if (!token) return undefined;
  w.rec.acks.verified += 1;
  return { who, token };
}

/** Signs in with the password, by e-mail or phone as people do; keeps the session on the account. */
export async function signIn(w: World, account: Account): Promise<boolean> {
  const login = Math.random() < 0.5 ? account.who.email : account.who.phone;
  const res = await w.client.send({ kind: WRITES.signIn, method: 'POST', path: `${API}/auth/user/sign-in`, address: account.who.address, body: { phone: login, password: PASSWORD } });
  const token = json(res).token as string | undefined;
  if (!token) return false;
  w.rec.acks.signIns += 1;
  account.token = token;
  return true;
}

export async function signOut(w: World, account: Account, prefix = ''): Promise<void> {
  const res = await w.client.send({ kind: `${prefix}${WRITES.signOut}`, method: 'POST', path: `${API}/auth/user/sign-out`, address: account.who.address, token: account.token });
  if (res.ok) w.rec.acks.signOuts += 1;
  account.token = undefined;
}
