/**
 * The crowd: what each kind of person does all day, one step at a time with a pause between steps, until the day
 * ends. Visitors, newcomers and donors come and go (a new person, with their own address, takes the place of one who
 * left); investors, owners and staff are the same accounts all day.
 *
 * Nobody races anybody by design: each project's requests are decided by its one owner, and each staff member
 * confirms their own share of the pledges, so a 409 or any other 4xx here is unexpected.
 */
import { RECEIPT_KEY_HEADER } from '../../../../src/shared/donations/receipt-link';
import { json } from './client';
import { acceptance, agreementRequest, donation } from './forms';
import { WRITES } from './recorder';
import { browse, browseSignedIn, page, signIn, signOut, signUpVerified } from './steps';
import { between, newPerson, pick, running, think, type Account, type World } from './world';

const API = '/api/v1';

/** Reads pages and lists, signed out. */
export async function visitor(w: World): Promise<void> {
  const { address } = newPerson(w, 'visitor');
  while (running(w)) {
    await browse(w, address);
    await think(w);
  }
}

/** Signs up (code from the SMS), looks around, signs out, comes back and signs in with the password, leaves. */
export async function newcomer(w: World): Promise<void> {
  while (running(w)) {
    const who = newPerson(w, 'newcomer');
    await page(w, '/signup', who.address);
    await think(w);
    if (!running(w)) return;
    const account = await signUpVerified(w, who);
    if (!account) {
      await think(w);
      continue;
    }
    for (let i = between(1, 3); i > 0 && running(w); i--) {
      await think(w);
      // One in five gives while signed in (the receipt is then theirs only).
      if (Math.random() < 0.2) await pledge(w, account.who.address, account.token);
      else await browseSignedIn(w, account);
    }
    if (!running(w)) return;
    await signOut(w, account);
    await think(w);
    if (!running(w)) return;
    await page(w, '/login', who.address);
    await think(w, 0.5);
    if (!running(w) || !(await signIn(w, account))) continue;
    for (let i = between(1, 2); i > 0 && running(w); i--) {
      await think(w);
      await browseSignedIn(w, account);
    }
    await think(w);
  }
}

/** Arrives at a project, pledges, reads the receipt, leaves. */
export async function donor(w: World): Promise<void> {
  while (running(w)) {
    const { address } = newPerson(w, 'donor');
    const project = pick(w.projects);
    if (Math.random() < 0.5) await page(w, `/projectDetails?id=${project.id}`, address);
    else await w.client.send({ kind: 'GET /projects/:id', method: 'GET', path: `${API}/projects/${project.id}`, address });
    await think(w);
    if (!running(w)) return;
    await pledge(w, address, undefined, project.id);
    await think(w);
  }
}

/** A pledge and its receipt. */
async function pledge(w: World, address: string, token?: string, projectId = pick(w.projects).id): Promise<void> {
  const amount = pick([500, 1_000, 2_500, 5_000, 10_000, 30_000, 60_000]);
  const res = await w.client.send({
    kind: WRITES.pledge,
    method: 'POST',
    path: `${API}/projects/${projectId}/donations`,
    address,
    token,
    body: donation(amount, 'Load donor'),
    expect: [201],
  });
  const { id, receiptKey } = json(res) as { id?: string; receiptKey?: string };
  if (!id) return;
  w.rec.acks.pledges.set(id, { projectId, paisa: amount * 100 });
  // The receipt's own address: its key opens it (the donor's session alone does too).
  await w.client.send({
    kind: 'GET /donations/:id (receipt)',
    method: 'GET',
    path: `${API}/donations/${id}`,
    address,
    token,
    headers: receiptKey ? { [RECEIPT_KEY_HEADER]: receiptKey } : undefined,
  });
}

/** Signs in, then sends agreement requests, reads their own, browses; now and then signs out and in again. */
export async function investor(w: World, account: Account): Promise<void> {
  await think(w);
  while (running(w)) {
    if (!(await signedIn(w, account))) continue;
    const r = Math.random();
    if (r < 0.35) {
      const project = pick(w.projects);
      const amount = 1_000 * between(20, 200);
      const res = await w.client.send({
        kind: WRITES.agreementRequest,
        method: 'POST',
        path: `${API}/projects/${project.id}/agreement-requests`,
        address: account.who.address,
        token: account.token,
        body: agreementRequest(amount, 'Load Investor'),
        expect: [201],
      });
      const id = json(res).id as string | undefined;
      if (id) w.rec.acks.agreementRequests.set(id, { projectId: project.id, paisa: amount * 100 });
    } else if (r < 0.6) {
      await w.client.send({ kind: 'GET /me/agreement-requests', method: 'GET', path: `${API}/me/agreement-requests`, address: account.who.address, token: account.token });
    } else if (r < 0.95) {
      await browseSignedIn(w, account);
    } else {
      // Signs out; the next step signs in again.
      await signOut(w, account);
    }
    await think(w);
  }
}

/** Signs in, then keeps deciding the project's waiting requests: accepts most (with the signed agreement), declines some. */
export async function owner(w: World, account: Account, projectId: string): Promise<void> {
  await think(w);
  const address = account.who.address;
  while (running(w)) {
    if (!(await signedIn(w, account))) continue;
    const list = await w.client.send({
      kind: "GET a project's waiting requests (owner)",
      method: 'GET',
      path: `${API}/projects/${projectId}/agreement-requests?status=pending&limit=50`,
      address,
      token: account.token,
    });
    const waiting = (json(list).items as { id: string }[] | undefined) ?? [];
    for (const item of waiting.slice(0, 10)) {
      if (!running(w)) return;
      await think(w, 0.2);
      if (Math.random() < 0.125) {
        const res = await w.client.send({ kind: WRITES.decline, method: 'POST', path: `${API}/agreement-requests/${item.id}/decline`, address, token: account.token, body: { reason: 'We have found the money we need.' } });
        if (res.ok) w.rec.acks.declined.add(item.id);
      } else {
        const res = await w.client.send({ kind: WRITES.accept, method: 'POST', path: `${API}/agreement-requests/${item.id}/accept`, address, token: account.token, body: acceptance() });
        if (res.ok) w.rec.acks.accepted.add(item.id);
      }
    }
    if (Math.random() < 0.3) await w.client.send({ kind: 'GET /dashboard/summary', method: 'GET', path: `${API}/dashboard/summary`, address, token: account.token });
    await think(w);
  }
}

/** Signs in, then confirms their share of the pledges waiting in the staff queue (the money arrived). */
export async function staff(w: World, account: Account, index: number, of: number): Promise<void> {
  await think(w);
  const address = account.who.address;
  while (running(w)) {
    if (!(await signedIn(w, account))) continue;
    const queue = await w.client.send({ kind: 'GET /staff/donations', method: 'GET', path: `${API}/staff/donations?status=pledged`, address, token: account.token });
    const mine = ((json(queue).items as { id: string }[] | undefined) ?? []).filter((d) => share(d.id, of) === index);
    for (const item of mine.slice(0, 25)) {
      if (!running(w)) return;
      await think(w, 0.1);
      const res = await w.client.send({ kind: WRITES.confirm, method: 'POST', path: `${API}/staff/donations/${item.id}/review`, address, token: account.token, body: { decision: 'approve', note: 'Received.' } });
      if (res.ok) w.rec.acks.confirmed.add(item.id);
    }
    await think(w);
  }
}

/**
 * A regular's step starts signed in: one whose sign-in failed (that answer is recorded) tries again after a pause, as
 * a person would, instead of sending signed-in requests with no session (401s that would only echo the first failure).
 */
async function signedIn(w: World, account: Account): Promise<boolean> {
  if (account.token) return true;
  if (await signIn(w, account)) return true;
  await think(w);
  return false;
}

/** Which staff member a donation falls to: its id's first 32 bits modulo the number of staff. */
function share(id: string, of: number): number {
  return Number.parseInt(id.slice(0, 8), 16) % of;
}
