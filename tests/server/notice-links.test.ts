/**
 * Every link the server sends people leads somewhere (issue 28 §3), on PGlite and PostgreSQL: the real actions that
 * notify are driven through the API (every kind of notice in src/shared/notices/kinds.ts, both outcomes where the
 * link differs, the receipt e-mail, a signed-out donor's confirmation, the pledge reminders by SMS and e-mail); each
 * in-app notice's link is a path of the site, each e-mail's and SMS's an absolute address on PUBLIC_URL; every one
 * is followed against the app to a 200 page that is not the not-found page, and what it names (the project, the
 * agreement, the receipt) opens for the person it was sent to. A new kind without a link test fails here.
 * Needs the built front end (`npm run build`; `npm test` builds first).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, json, ROOT, signUpVerified, startTestApp, type TestApp } from './helpers';
import { acceptForm, agreementForm, api, fixture, makeStaff, openProject, verifiedOwner, type Person } from './market-helpers';
import { NOTICE_KIND_NAMES } from '../../src/shared/notices/kinds';
import { siteOrigin } from '../../src/server/modules/notices/service';
import { addDays, startOfDhakaDay } from '../../src/shared/format/dhaka-calendar';

const CLIENT = join(ROOT, 'dist/client');
const ORIGIN = 'https://halalfund.example';
const DAY = 86_400_000;

/** A message with its links, and who it was sent to (null: a donor who pledged signed out). */
interface Sent {
  what: string;
  to: Person | null;
  links: string[];
}

describe('the origin of links sent out', () => {
  it('is PUBLIC_URL, or this server’s own address (a wildcard host read as localhost)', () => {
    expect(siteOrigin({ publicUrl: ORIGIN, host: '127.0.0.1', port: 3000 })).toBe(ORIGIN);
    expect(siteOrigin({ publicUrl: undefined, host: '127.0.0.1', port: 3000 })).toBe('http://127.0.0.1:3000');
    expect(siteOrigin({ publicUrl: undefined, host: '0.0.0.0', port: 8080 })).toBe('http://localhost:8080');
    expect(siteOrigin({ publicUrl: undefined, host: '::1', port: 3000 })).toBe('http://[::1]:3000');
  });
});

describe.each(DB_KINDS)('links in notices, e-mails and SMS on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    for (const built of ['dist/client/index.html', 'dist/ssr/entry-server.js']) {
      if (!existsSync(join(ROOT, built))) throw new Error(`${built} is missing: run \`npm run build\` first`);
    }
    t = await startTestApp(kind, { clientDir: CLIENT, publicUrl: ORIGIN });
  });
  afterAll(async () => {
    await t?.close();
  });

  const userId = async (p: Person) => (await t.app.db.selectFrom('users').select('id').where('email', '=', p.email).executeTakeFirstOrThrow()).id;
  const ok = <R extends { status: number; body: unknown }>(res: R, what: string): R => {
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  };

  /**
   * Follows a link as the person it was sent to would: the page answers 200 and is not the not-found page, and the
   * record it names opens for them (with the key in the address for a receipt, without signing in).
   */
  async function follow(link: string, to: Person | null, what: string) {
    const url = new URL(link, ORIGIN);
    const page = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(page.statusCode, `${what}: ${link}`).toBe(200);
    expect(page.headers['content-type'], what).toMatch(/text\/html/);
    expect(page.body, what).not.toContain('Page not found');
    const q = url.searchParams;
    const key = new URLSearchParams(url.hash.slice(1)).get('key');
    const asked = (path: string, who: Person | null, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: `/api/v1${path}`, headers: { ...(who ? who.auth : {}), ...headers } });
    switch (url.pathname) {
      case '/projectDetails': {
        const project = await asked(`/projects/${q.get('id')}`, null);
        expect(project.statusCode, what).toBe(200);
        // The page is that project's, drawn on the server.
        expect(page.body, what).toContain(json<{ title: string }>(project).title);
        break;
      }
      case '/agreementRequest':
        expect((await asked(`/projects/${q.get('project')}/agreement-requests`, to)).statusCode, what).toBe(200);
        break;
      case '/dashboard/returns': {
        const view = q.get('view');
        expect(['returns', 'repayments'], what).toContain(view);
        const schedule = await asked(`/me/${view}?agreement=${q.get('agreement')}`, to);
        expect(schedule.statusCode, what).toBe(200);
        expect(json<{ items: unknown[] }>(schedule).items.length, what).toBeGreaterThan(0);
        break;
      }
      case '/RelevantInvestorCards': {
        const cards = await asked(`/projects/${q.get('project')}/relevant-investors`, to);
        expect(cards.statusCode, what).toBe(200);
        expect(json<{ items: unknown[] }>(cards).items.length, what).toBeGreaterThan(0);
        break;
      }
      case '/dashboard/history':
        if (q.get('tab') === 'invitations') expect(json<{ items: unknown[] }>(await asked('/me/invitations', to)).items.length, what).toBeGreaterThan(0);
        else expect([...q.keys()], what).toEqual([]);
        break;
      case '/donations/receipt': {
        // The key in the address opens the receipt to whoever holds the link, signed in or not.
        expect(key, `${what}: the receipt link carries its key`).toMatch(/^[A-Za-z0-9_-]{40,}$/);
        const receipt = await asked(`/donations/${q.get('id')}`, null, { 'x-receipt-key': key! });
        expect(receipt.statusCode, what).toBe(200);
        expect(json<{ reference: string }>(receipt).reference, what).toMatch(/^HF-/);
        break;
      }
      default:
        // Pages that need nothing more (the profile, the verification form, my projects).
        expect([...q.keys()], what).toEqual([]);
    }
  }

  it('sends every kind with a link that opens its page, absolute outside the app', async () => {
    const staff = await makeStaff(t.app);
    const people = new Map<string, Person>();
    const known = (p: Person) => (people.set(p.email, p), p);
    known(staff);

    // Identity: one verified, one rejected (its link leads to the form, to correct it).
    const owner = known(await verifiedOwner(t.app, staff));
    const rejected = known(await signUpVerified(t.app));
    ok(await api(t.app, 'PUT', '/profile/verification', rejected, fixture('verification')), 'verification');
    const queue = await api(t.app, 'GET', '/staff/verifications', staff);
    const vid = (queue.body.items as { id: string; email: string }[]).find((i) => i.email === rejected.email)!.id;
    ok(await api(t.app, 'POST', `/staff/verifications/${vid}/review`, staff, { decision: 'reject', note: 'Blurred photo.' }), 'reject verification');

    // Projects: one approved, one rejected (to My projects, where it is edited and resubmitted).
    const projectId = await openProject(t.app, owner, staff);
    const second = ok(await api(t.app, 'POST', '/projects', owner, fixture('project-owner')), 'second project');
    // Its Shariah review asks for changes (to My projects, where the owner reads the note).
    ok(await api(t.app, 'POST', `/staff/projects/${second.body.id}/shariah-review`, staff, { decision: 'changes_requested', adviser: 'Mufti Karim', note: 'Name the goods.' }), 'Shariah review');
    ok(await api(t.app, 'POST', `/staff/projects/${second.body.id}/review`, staff, { decision: 'reject', note: 'Add the budget.' }), 'reject project');

    // Proposals: received, accepted, withdrawn, declined.
    const investor = known(await signUpVerified(t.app));
    const accepted = ok(await api(t.app, 'POST', `/projects/${projectId}/agreement-requests`, investor, agreementForm(100000)), 'proposal');
    ok(await api(t.app, 'POST', `/agreement-requests/${accepted.body.id}/accept`, owner, acceptForm()), 'accept');
    const withdrawn = ok(await api(t.app, 'POST', `/projects/${projectId}/agreement-requests`, investor, agreementForm(30000)), 'proposal');
    ok(await api(t.app, 'POST', `/agreement-requests/${withdrawn.body.id}/withdraw`, investor), 'withdraw');
    const declined = ok(await api(t.app, 'POST', `/projects/${projectId}/agreement-requests`, investor, agreementForm(25000)), 'proposal');
    ok(await api(t.app, 'POST', `/agreement-requests/${declined.body.id}/decline`, owner, fixture('decline')), 'decline');

    // An all-or-nothing campaign closed below its goal: its investor and its owner are told.
    const missed = await openProject(t.app, owner, staff, { fundingModel: 'All or nothing' });
    ok(await api(t.app, 'POST', `/projects/${missed}/agreement-requests`, investor, agreementForm(20000)), 'proposal');
    ok(await api(t.app, 'POST', `/projects/${missed}/close`, owner), 'close below the goal');

    // Instalments: paid, then confirmed.
    const first = (await api(t.app, 'GET', '/me/repayments', owner)).body.items[0].id as string;
    ok(await api(t.app, 'POST', `/instalments/${first}/paid`, owner, fixture('instalment-paid')), 'paid');
    ok(await api(t.app, 'POST', `/instalments/${first}/confirm`, investor), 'confirm');
    // The second instalment: the owner is reminded 3 days before; a day after its due date owner and investor are told.
    const nextDue = ((await api(t.app, 'GET', '/me/repayments', owner)).body.items as { dueOn: string }[])[1]!.dueOn;
    const morning = (offset: number) => new Date(startOfDhakaDay(addDays(nextDue, offset)).getTime() + 10 * 3_600_000);
    expect(await t.app.jobs.run('instalment-reminders', morning(-3))).toMatchObject({ summary: 'reminded 1 instalment due soon, 0 instalments due today' });
    expect(await t.app.jobs.run('mark-overdue', morning(1))).toMatchObject({ summary: 'marked 1 instalment overdue' });

    // A Request For Invest.
    const offerer = known(await signUpVerified(t.app));
    const offer = ok(await api(t.app, 'POST', '/offers', offerer, fixture('invest')), 'offer');
    ok(await api(t.app, 'POST', `/offers/${offer.body.id}/requests`, owner, { projectId }), 'invest request');
    // The investor shares their contact details with that owner (a notice to the owner, to the investor cards).
    const invitation = (await api(t.app, 'GET', '/me/invitations', offerer)).body.items[0].id as string;
    ok(await api(t.app, 'POST', `/me/invitations/${invitation}/share-contact`, offerer), 'share contact');

    // Donations: signed in and confirmed; signed out with an e-mail (the receipt e-mail) and confirmed; two left
    // unpaid for the reminders (SMS to the signed-in donor, e-mail to the signed-out one).
    const donor = known(await signUpVerified(t.app));
    const confirmed = ok(await api(t.app, 'POST', `/projects/${projectId}/donations`, donor, { amount: 1000, paymentMethod: 'Bank', email: donor.email }), 'pledge');
    ok(await api(t.app, 'POST', `/staff/donations/${confirmed.body.id}/review`, staff, { decision: 'approve' }), 'confirm pledge');
    const guestEmail = 'guest.donor@example.com';
    const guest = ok(await api(t.app, 'POST', `/projects/${projectId}/donations`, null, { amount: 700, paymentMethod: 'Mobile Banking', email: guestEmail }), 'guest pledge');
    ok(await api(t.app, 'POST', `/staff/donations/${guest.body.id}/review`, staff, { decision: 'approve' }), 'confirm guest pledge');
    const unpaid = ok(await api(t.app, 'POST', `/projects/${projectId}/donations`, donor, { amount: 500, paymentMethod: 'Cash' }), 'unpaid pledge');
    ok(await api(t.app, 'POST', `/projects/${projectId}/donations`, null, { amount: 400, paymentMethod: 'Cash', email: guestEmail }), 'unpaid guest pledge');
    const created = (await t.app.db.selectFrom('donations').select('created_at').where('id', '=', unpaid.body.id).executeTakeFirstOrThrow()).created_at;
    expect(await t.app.jobs.run('pledges', new Date(created.getTime() + 4 * DAY))).toMatchObject({ ran: true, summary: expect.stringMatching(/^reminded 2 pledges/) });

    // What was sent: the notices (app paths), the e-mails and the SMS (absolute addresses).
    const byId = new Map<string, Person>();
    for (const p of people.values()) byId.set(await userId(p), p);
    const notices = await t.app.db.selectFrom('notices').select(['user_id', 'kind', 'title', 'link']).orderBy('id').execute();
    const kindsSeen = new Set(notices.map((n) => n.kind));
    expect([...kindsSeen].sort(), 'every kind of notice was sent and checked').toEqual([...NOTICE_KIND_NAMES].sort());

    const sent: Sent[] = [];
    for (const n of notices) {
      expect(n.link, `${n.kind} "${n.title}" has a link`).toMatch(/^\/[^/]/);
      sent.push({ what: `notice ${n.kind} "${n.title}"`, to: byId.get(n.user_id)!, links: [n.link!] });
    }
    const mails = await t.app.db.selectFrom('email_outbox').select(['to_email', 'subject', 'text']).orderBy('id').execute();
    // One per notice (nobody turned a kind off), the receipt e-mails of the two pledges with an address, the signed-out
    // donor's confirmation and their reminder.
    expect(mails).toHaveLength(notices.length + 3 + 1 + 1);
    for (const m of mails) sent.push({ what: `e-mail to ${m.to_email} "${m.subject}"`, to: people.get(m.to_email) ?? null, links: linksIn(m.text) });
    expect(mails.filter((m) => m.to_email === guestEmail).map((m) => m.subject)).toEqual([
      `Halal Fund: your donation receipt ${guest.body.reference}`,
      `Halal Fund: Your donation ${guest.body.reference} is confirmed`,
      expect.stringMatching(/^Halal Fund: your donation receipt HF-/),
      expect.stringMatching(/^Halal Fund: your pledge HF-.* is not paid yet$/),
    ]);
    const sms = json<{ messages: { text: string }[] }>(await t.app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(donor.phone)}` }));
    const reminder = sms.messages.find((m) => m.text.includes('is not paid yet'));
    expect(reminder, 'the pledge reminder SMS').toBeDefined();
    sent.push({ what: 'reminder SMS', to: donor, links: linksIn(reminder!.text) });
    for (const [who, count] of [[owner, 2], [investor, 1]] as const) {
      const texts = json<{ messages: { text: string }[] }>(await t.app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(who.phone)}` })).messages.filter((m) => m.text.includes('Instalment'));
      expect(texts, `instalment SMS to ${who.email}`).toHaveLength(count);
      for (const m of texts) sent.push({ what: `instalment SMS "${m.text}"`, to: who, links: linksIn(m.text) });
    }

    for (const s of sent) {
      expect(s.links.length, `${s.what} has a link`).toBeGreaterThan(0);
      for (const link of s.links) {
        if (!s.what.startsWith('notice')) expect(link, `${s.what}: absolute, on PUBLIC_URL`).toMatch(new RegExp(`^${ORIGIN.replace(/\./g, '\\.')}/`));
        await follow(link, s.to, s.what);
      }
    }
    // The e-mails say nothing in relative paths a mail client could not open.
    for (const m of mails) expect(m.text, m.subject).not.toMatch(/(^|\s)\/[A-Za-z]/m);
  });
});

/** The web addresses in a text. */
function linksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s]+/g)].map((m) => m[0].replace(/[.,)]+$/, ''));
}
