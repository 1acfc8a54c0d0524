/**
 * Notices by e-mail: each event that needs a person makes one in-app notice and one e-mail, to that person only,
 * delivered over SMTP to a local server (smtp-server) started here; a kind turned off sends no e-mail; a change that
 * rolls back queues nothing; a failed send is retried and delivered once; overlapping deliveries send once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { DB_KINDS, signUpVerified, startTestApp, type TestApp } from '../helpers';
import { acceptForm, agreementForm, api, fixture, makeStaff, openProject, verifiedOwner, type Person } from '../market-helpers';

interface Received {
  to: string;
  raw: string;
}

/** A local SMTP server that keeps what it accepts; while `failing`, it answers 451 to every message. */
async function startSmtp() {
  const received: Received[] = [];
  const state = { failing: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (state.failing) {
          const err = new Error('Try again later') as Error & { responseCode: number };
          err.responseCode = 451;
          callback(err);
          return;
        }
        for (const rcpt of session.envelope.rcptTo) received.push({ to: rcpt.address, raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { received, state, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each(DB_KINDS)('notices on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let staff: Person;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp(kind, { smtpUrl: smtp.url, mailFrom: 'Halal Fund <no-reply@halalfund.test>' });
    staff = await makeStaff(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** Delivers until nothing due is left (a kick from the request may be running too). */
  async function settle(now?: Date) {
    for (let i = 0; i < 50; i += 1) {
      await t.app.mail.deliver(now);
      const left = await t.app.db
        .selectFrom('email_outbox')
        .select('id')
        .where('status', 'in', ['queued', 'sending'])
        .where('next_attempt_at', '<=', now ?? new Date())
        .execute();
      const sending = await t.app.db.selectFrom('email_outbox').select('id').where('status', '=', 'sending').execute();
      if (left.length === 0 && sending.length === 0) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the outbox did not settle');
  }

  async function userId(p: Person): Promise<string> {
    return (await t.app.db.selectFrom('users').select('id').where('email', '=', p.email).executeTakeFirstOrThrow()).id;
  }

  /** Runs an action and checks it made exactly one notice of `kind` for `who`, and exactly one e-mail, to them. */
  async function expectOne<T>(kindName: string, who: Person, action: () => Promise<T>): Promise<T> {
    await settle();
    const lastNotice = (await t.app.db.selectFrom('notices').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? '0';
    const mailsBefore = smtp.received.length;
    const result = await action();
    await settle();
    const notices = await t.app.db.selectFrom('notices').select(['user_id', 'kind']).where('id', '>', String(lastNotice)).execute();
    expect(notices).toEqual([{ user_id: await userId(who), kind: kindName }]);
    expect(smtp.received.slice(mailsBefore).map((m) => m.to)).toEqual([who.email]);
    return result;
  }

  it('notifies the right person, once, in the app and by e-mail, for each kind of event', async () => {
    const owner = await signUpVerified(t.app);
    expect((await api(t.app, 'PUT', '/profile/verification', owner, fixture('verification'))).status).toBe(200);
    const queue = await api(t.app, 'GET', '/staff/verifications', staff);
    const vid = (queue.body.items as { id: string; email: string }[]).find((i) => i.email === owner.email)!.id;
    await expectOne('verification_decided', owner, () => api(t.app, 'POST', `/staff/verifications/${vid}/review`, staff, { decision: 'approve' }));
    const mail = smtp.received.at(-1)!.raw.replace(/\r\n[ \t]/g, ' ');
    expect(mail).toMatch(/^Subject: Halal Fund: Your identity is verified/m);
    expect(mail).toMatch(/^From: Halal Fund <no-reply@halalfund\.test>/m);

    const id = await expectOne('project_decided', owner, () => openProject(t.app, owner, staff));

    const investor = await signUpVerified(t.app);
    const request = await expectOne('proposal_received', owner, () => api(t.app, 'POST', `/projects/${id}/agreement-requests`, investor, agreementForm(100000)));
    expect(request.status).toBe(201);
    await expectOne('proposal_decided', investor, () => api(t.app, 'POST', `/agreement-requests/${request.body.id}/accept`, owner, acceptForm()));
    const second = await api(t.app, 'POST', `/projects/${id}/agreement-requests`, investor, agreementForm(30000));
    await expectOne('proposal_decided', owner, () => api(t.app, 'POST', `/agreement-requests/${second.body.id}/withdraw`, investor));

    const first = (await api(t.app, 'GET', '/me/repayments', owner)).body.items[0].id as string;
    await expectOne('instalment_paid', investor, () => api(t.app, 'POST', `/instalments/${first}/paid`, owner, { method: 'bkash', reference: '9BD4K7QX2M' }));
    await expectOne('instalment_confirmed', owner, () => api(t.app, 'POST', `/instalments/${first}/confirm`, investor));

    const other = await signUpVerified(t.app);
    const offer = await api(t.app, 'POST', '/offers', other, fixture('invest'));
    await expectOne('invest_request', other, () => api(t.app, 'POST', `/offers/${offer.body.id}/requests`, owner, { projectId: id }));

    const donor = await signUpVerified(t.app);
    const pledge = await api(t.app, 'POST', `/projects/${id}/donations`, donor, { amount: 1000, paymentMethod: 'Bank' });
    await expectOne('donation_confirmed', donor, () => api(t.app, 'POST', `/staff/donations/${pledge.body.id}/review`, staff, { decision: 'approve' }));

    // In the app: newest first with the unread count; marking one read counts down; others' notices answer 404.
    const list = await api(t.app, 'GET', '/me/notices', owner);
    expect(list.body.unread).toBe(6);
    expect(list.body.items.map((n: { kind: string }) => n.kind)).toEqual([
      'instalment_confirmed',
      'proposal_decided',
      'proposal_received',
      'proposal_received',
      'project_decided',
      'verification_decided',
    ]);
    const newest = list.body.items[0].id as string;
    expect((await api(t.app, 'POST', `/me/notices/${newest}/read`, investor)).status).toBe(404);
    expect((await api(t.app, 'POST', `/me/notices/${newest}/read`, owner)).body.readAt).toEqual(expect.any(String));
    expect((await api(t.app, 'GET', '/me/notices', owner)).body.unread).toBe(5);
    expect((await api(t.app, 'GET', '/me/notices', null)).status).toBe(401);
  });

  it('sends no e-mail for a kind turned off, but still shows the notice', async () => {
    const owner = await verifiedOwner(t.app, staff);
    const id = await openProject(t.app, owner, staff);
    const investor = await signUpVerified(t.app);
    const prefs = await api(t.app, 'PUT', '/me/notice-preferences', investor, { email: { proposal_decided: false } });
    expect(prefs.status).toBe(200);
    expect(prefs.body.kinds).toContainEqual(expect.objectContaining({ kind: 'proposal_decided', email: false }));
    expect(prefs.body.kinds).toContainEqual(expect.objectContaining({ kind: 'instalment_paid', email: true }));
    expect((await api(t.app, 'PUT', '/me/notice-preferences', investor, { email: { no_such_kind: false } })).status).toBe(400);
    expect((await api(t.app, 'GET', '/me/notice-preferences', investor)).body).toEqual(prefs.body);

    const request = await api(t.app, 'POST', `/projects/${id}/agreement-requests`, investor, agreementForm(50000));
    await settle();
    const before = smtp.received.length;
    expect((await api(t.app, 'POST', `/agreement-requests/${request.body.id}/decline`, owner, { reason: 'Fully planned already' })).status).toBe(200);
    await settle();
    expect(smtp.received.slice(before)).toEqual([]);
    const notices = (await api(t.app, 'GET', '/me/notices', investor)).body;
    expect(notices.items[0]).toMatchObject({ kind: 'proposal_decided', readAt: null });
    expect(notices.items[0].text).toContain('Fully planned already');

    // Turned on again, the next one is e-mailed.
    await api(t.app, 'PUT', '/me/notice-preferences', investor, { email: { proposal_decided: true } });
    const again = await api(t.app, 'POST', `/projects/${id}/agreement-requests`, investor, agreementForm(50000));
    await expectOne('proposal_decided', investor, () => api(t.app, 'POST', `/agreement-requests/${again.body.id}/decline`, owner, { reason: 'No' }));
  });

  it('queues nothing for a change that rolls back', async () => {
    const person = await signUpVerified(t.app);
    expect((await api(t.app, 'PUT', '/profile/verification', person, fixture('verification'))).status).toBe(200);
    const queue = await api(t.app, 'GET', '/staff/verifications', staff);
    const vid = (queue.body.items as { id: string; email: string }[]).find((i) => i.email === person.email)!.id;
    // The database refuses this person's e-mail row: the review's transaction fails after its notice was written.
    await sql
      .raw(
        `CREATE FUNCTION refuse_mail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
           IF NEW.to_email = '${person.email}' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`,
      )
      .execute(t.app.db);
    await sql.raw('CREATE TRIGGER refuse_mail BEFORE INSERT ON email_outbox FOR EACH ROW EXECUTE FUNCTION refuse_mail()').execute(t.app.db);
    try {
      expect((await api(t.app, 'POST', `/staff/verifications/${vid}/review`, staff, { decision: 'approve' })).status).toBe(500);
    } finally {
      await sql.raw('DROP TRIGGER refuse_mail ON email_outbox').execute(t.app.db);
      await sql.raw('DROP FUNCTION refuse_mail()').execute(t.app.db);
    }
    const uid = await userId(person);
    expect(await t.app.db.selectFrom('notices').select('id').where('user_id', '=', uid).execute()).toEqual([]);
    expect(await t.app.db.selectFrom('email_outbox').select('id').where('to_email', '=', person.email).execute()).toEqual([]);
    expect((await t.app.db.selectFrom('verifications').select('status').where('id', '=', vid).executeTakeFirstOrThrow()).status).toBe('submitted');
  });

  it('retries a message the SMTP server refused and delivers it once', async () => {
    const owner = await verifiedOwner(t.app, staff);
    await settle();
    const before = smtp.received.length;
    smtp.state.failing = true;
    const created = await api(t.app, 'POST', '/projects', owner, fixture('project-owner'));
    await api(t.app, 'POST', `/staff/projects/${created.body.id}/review`, staff, { decision: 'reject', note: 'Add the trade licence' });
    await settle(); // the kick may have tried first; either way the server refused it once
    const row = await t.app.db.selectFrom('email_outbox').selectAll().where('to_email', '=', owner.email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row.last_error).toMatch(/451/);
    expect(row.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 20_000);

    // Not before its time, then once the server takes mail again.
    smtp.state.failing = false;
    expect(await t.app.mail.deliver()).toEqual({ sent: 0, failed: 0 });
    await settle(new Date(Date.now() + 60_000));
    await settle(new Date(Date.now() + 60_000));
    const done = await t.app.db.selectFrom('email_outbox').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(done).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received.slice(before).map((m) => m.to)).toEqual([owner.email]);
    expect(smtp.received.at(-1)!.raw).toContain('Add the trade licence');
  });

  it('sends each message once when deliveries overlap', async () => {
    const owner = await verifiedOwner(t.app, staff);
    const id = await openProject(t.app, owner, staff);
    await settle();
    const donors = await Promise.all([1, 2, 3, 4, 5, 6].map(() => signUpVerified(t.app)));
    smtp.state.failing = true; // they pile up in the outbox
    for (const donor of donors) {
      const pledge = await api(t.app, 'POST', `/projects/${id}/donations`, donor, { amount: 500, paymentMethod: 'Bank' });
      expect((await api(t.app, 'POST', `/staff/donations/${pledge.body.id}/review`, staff, { decision: 'approve' })).status).toBe(200);
    }
    await settle();
    smtp.state.failing = false;
    const before = smtp.received.length;
    const later = new Date(Date.now() + 60 * 60_000);
    const results = await Promise.all([t.app.mail.deliver(later), t.app.mail.deliver(later), t.app.jobs.run('deliver-mail', later), t.app.mail.deliver(later)]);
    expect(results[2]).toMatchObject({ ran: true, ok: true });
    await settle(later);
    expect(smtp.received.slice(before).map((m) => m.to).sort()).toEqual(donors.map((d) => d.email).sort());
    const rows = await t.app.db.selectFrom('email_outbox').select(['status']).where('to_email', 'in', donors.map((d) => d.email)).execute();
    expect(rows.map((r) => r.status)).toEqual(donors.map(() => 'sent'));
  });

  // Last: the purge runs a month ahead, so it also ends this file's sessions.
  it('purges e-mails sent over 30 days ago and keeps the rest', async () => {
    await settle();
    const sent = await t.app.db.selectFrom('email_outbox').select('id').where('status', '=', 'sent').execute();
    expect(sent.length).toBeGreaterThan(0);
    expect(await t.app.jobs.run('purge', new Date(Date.now() + 2 * 86_400_000))).toMatchObject({ ran: true, ok: true, summary: expect.stringContaining('0 sent e-mails') });
    expect(await t.app.db.selectFrom('email_outbox').select('id').where('status', '=', 'sent').execute()).toHaveLength(sent.length);
    const purged = await t.app.jobs.run('purge', new Date(Date.now() + 31 * 86_400_000));
    expect(purged).toMatchObject({ ran: true, ok: true, summary: expect.stringContaining(`${sent.length} sent e-mail`) });
    expect(await t.app.db.selectFrom('email_outbox').select('id').where('status', '=', 'sent').execute()).toEqual([]);
    expect((await t.app.db.selectFrom('notices').select('id').execute()).length).toBeGreaterThan(0);
  });
});

describe.each(DB_KINDS)('the e-mail outbox (no SMTP_URL) on %s', (kind) => {
  it('logs and keeps each message for the dev route, which exists only in that mode', async () => {
    const t = await startTestApp(kind);
    try {
      expect(t.app.mail.kind).toBe('outbox');
      const staff = await makeStaff(t.app);
      const owner = await verifiedOwner(t.app, staff);
      await t.app.mail.deliver();
      const res = await api(t.app, 'GET', `/dev/mail?to=${encodeURIComponent(owner.email.toUpperCase())}`);
      expect(res.status).toBe(200);
      expect(res.body.messages).toEqual([
        expect.objectContaining({ to: owner.email, subject: 'Halal Fund: Your identity is verified', status: 'sent', sentAt: expect.any(String) }),
      ]);
      expect((await api(t.app, 'GET', '/dev/mail')).status).toBe(400);
    } finally {
      await t.close();
    }
  });
});

describe('the dev mail route with SMTP_URL set', () => {
  it('does not exist', async () => {
    const t = await startTestApp('pglite', { smtpUrl: 'smtp://127.0.0.1:1', mailFrom: 'a@b.test' });
    try {
      expect((await api(t.app, 'GET', '/dev/mail?to=a@b.test')).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
