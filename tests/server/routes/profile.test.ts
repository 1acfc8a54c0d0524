/**
 * Profiles, identity verification with real images, files served only to those allowed, staff review and its audit
 * rows, on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DB_KINDS, json, ROOT, signUpVerified, startTestApp, type TestApp } from '../helpers';

const IMAGES = join(ROOT, 'tests/fixtures/images');
const bytes = (name: string) => readFileSync(join(IMAGES, name));
const dataUrl = (name: string, type: string, content = bytes(name)) =>
  `data:${type};name=${encodeURIComponent(name)};base64,${content.toString('base64')}`;

export function verificationBody(overrides: Record<string, unknown> = {}) {
  return {
    nid: '1990123456789',
    nidImage: dataUrl('id-card.png', 'image/png'),
    nidf: 'Karim Uddin',
    nidfImage: dataUrl('father.png', 'image/png'),
    nominee: 'Ayesha Begum',
    nomineeImage: dataUrl('nominee.jpg', 'image/jpeg'),
    bookingDate: '1990-05-17',
    passport: 'BX0123456',
    address: 'House 12, Road 5, Dhanmondi',
    city: 'Dhaka',
    post: '1205',
    country: 'Bangladesh',
    region: 'Dhaka',
    occupation: 'Trader',
    ...overrides,
  };
}

describe.each(DB_KINDS)('profiles and verification on %s', (kind) => {
  let t: TestApp;
  let staff: Awaited<ReturnType<typeof signUpVerified>>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await signUpVerified(t.app);
    await t.database.db.updateTable('users').set({ is_staff: true }).where('email', '=', staff.email).execute();
    t.app.forgetSessions();
  });
  afterAll(() => t?.close());

  const req = (method: 'GET' | 'PUT' | 'POST', url: string, auth: Record<string, string>, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: auth, payload: payload as object });

  it('round-trips a profile, with the account email and phone as defaults and 40 % once saved', async () => {
    const who = await signUpVerified(t.app);
    const empty = await req('GET', '/profile', who.auth);
    expect(empty.statusCode).toBe(200);
    expect(json(empty)).toEqual({
      profile: null,
      formVersion: null,
      defaults: { email: who.email, phone: who.phone },
      completeness: 0,
      verification: { status: 'not submitted', note: null, submittedAt: null, reviewedAt: null, formVersion: null },
    });
    const profile = { name: 'Rahim Uddin', email: 'contact@example.com', phone: '+8801911111111', country: 'Bangladesh' };
    const saved = await req('PUT', '/profile', who.auth, profile);
    expect(saved.statusCode).toBe(200);
    expect(json(saved)).toMatchObject({ profile, completeness: 40, formVersion: 1 });
    expect(json(await req('GET', '/profile', who.auth))).toMatchObject({ profile, completeness: 40 });
    // The sign-in identity is not changed by the contact details.
    expect(json(await req('GET', '/auth/user/me', who.auth))).toMatchObject({ email: who.email, phone: who.phone });
  });

  it('stores the profile phone in E.164 however it was typed, and refuses a landline with the schema message', async () => {
    const who = await signUpVerified(t.app);
    const typed = { name: 'Rahim Uddin', email: 'contact@example.com', phone: '01911 111-111', country: 'Bangladesh' };
    const saved = await req('PUT', '/profile', who.auth, typed);
    expect(saved.statusCode).toBe(200);
    expect(json(saved)).toMatchObject({ profile: { ...typed, phone: '+8801911111111' } });
    const landline = await req('PUT', '/profile', who.auth, { ...typed, phone: '02 9123456' });
    expect(landline.statusCode).toBe(400);
    expect(json(landline).errors).toEqual([{ path: '/phone', message: 'Enter a valid phone number, e.g. +8801712345678' }]);
    expect(json(await req('GET', '/profile', who.auth)).profile).toMatchObject({ phone: '+8801911111111' });
  });

  it('answers a bad profile with every field error and stores nothing', async () => {
    const who = await signUpVerified(t.app);
    const res = await req('PUT', '/profile', who.auth, { name: ' ', email: 'x' });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual([
      { path: '/name', message: 'Name is required' },
      { path: '/email', message: 'Enter a valid email address' },
      { path: '/phone', message: 'Phone Number is required' },
      { path: '/country', message: 'Country is required' },
    ]);
    expect(json(await req('GET', '/profile', who.auth)).profile).toBeNull();
  });

  it('stores a verification with three real images and serves them back byte for byte', async () => {
    const who = await signUpVerified(t.app);
    const res = await req('PUT', '/profile/verification', who.auth, verificationBody());
    expect(res.statusCode).toBe(200);
    const body = json<{ status: string; data: Record<string, string> }>(res);
    expect(body.status).toBe('submitted');
    for (const field of ['nidImage', 'nidfImage', 'nomineeImage']) expect(body.data[field]).toMatch(/^file:[0-9a-f-]{36}$/);
    expect(body.data.nid).toBe('1990123456789');

    const expected: [string, string, string][] = [
      ['nidImage', 'id-card.png', 'image/png'],
      ['nidfImage', 'father.png', 'image/png'],
      ['nomineeImage', 'nominee.jpg', 'image/jpeg'],
    ];
    for (const [field, name, type] of expected) {
      const file = await req('GET', `/files/${body.data[field]!.slice(5)}`, who.auth);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(type);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-disposition']).toContain(`filename="${name}"`);
      expect(Buffer.compare(file.rawPayload, bytes(name))).toBe(0);
    }
    const profile = json(await req('GET', '/profile', who.auth));
    expect(profile).toMatchObject({ completeness: 60, verification: { status: 'submitted' } });
  });

  it.each([
    ['a PNG name on a text body', { nidImage: dataUrl('id-card.png', 'image/png', Buffer.from('just some text, not an image')) }, '/nidImage', 'File content is not a PNG or JPEG image (renaming a file does not change what it is)'],
    ['a GIF', { nidfImage: dataUrl('tiny.gif', 'image/png') }, '/nidfImage', 'File content is not a PNG or JPEG image (renaming a file does not change what it is)'],
    ['a GIF declared as a GIF', { nidfImage: dataUrl('tiny.gif', 'image/gif') }, '/nidfImage', 'File must be a PNG or JPEG image'],
    ['a 6 MB image', { nomineeImage: dataUrl('big.png', 'image/png', Buffer.concat([bytes('id-card.png'), Buffer.alloc(6 * 1024 * 1024)])) }, '/nomineeImage', 'File must be 5 MB or smaller'],
    ['a string that is not a data: URL', { nidImage: 'C:\\photos\\id.png' }, '/nidImage', 'Upload a PNG or JPEG image'],
  ])('refuses %s with its own clear message and stores nothing', async (_case, override, path, message) => {
    const who = await signUpVerified(t.app);
    const filesBefore = await t.database.db.selectFrom('files').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const res = await req('PUT', '/profile/verification', who.auth, verificationBody(override));
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual([{ path, message }]);
    const filesAfter = await t.database.db.selectFrom('files').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(filesAfter.n).toBe(filesBefore.n);
    expect(json(await req('GET', '/profile/verification', who.auth))).toMatchObject({ status: 'not submitted', data: null });
  });

  it("answers 404 for another user's files, and for files that do not exist", async () => {
    const owner = await signUpVerified(t.app);
    const stranger = await signUpVerified(t.app);
    const stored = json<{ data: Record<string, string> }>(await req('PUT', '/profile/verification', owner.auth, verificationBody()));
    const fileId = stored.data.nidImage!.slice(5);
    const theirs = await req('GET', `/files/${fileId}`, stranger.auth);
    const none = await req('GET', '/files/00000000-0000-4000-8000-000000000000', stranger.auth);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/v1/files/${fileId}` });
    expect([theirs.statusCode, none.statusCode, anonymous.statusCode]).toEqual([404, 404, 404]);
    expect(json(theirs)).toEqual(json(none));
    // Staff review it, so staff may open it.
    expect((await req('GET', `/files/${fileId}`, staff.auth)).statusCode).toBe(200);
    // A stranger cannot reuse someone else's file id in their own submission.
    const reuse = await req('PUT', '/profile/verification', stranger.auth, verificationBody({ nidImage: `file:${fileId}` }));
    expect(reuse.statusCode).toBe(400);
    expect(json(reuse).errors).toEqual([{ path: '/nidImage', message: 'File not found: upload it again' }]);
  });

  it('keeps non-staff out of every staff route with 403', async () => {
    const who = await signUpVerified(t.app);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/staff/verifications'],
      ['GET', `/staff/verifications/${id}`],
      ['POST', `/staff/verifications/${id}/review`],
    ] as const) {
      const res = await req(method, url, who.auth, method === 'POST' ? { decision: 'approve' } : undefined);
      expect([url, res.statusCode]).toEqual([url, 403]);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/staff/verifications' })).statusCode).toBe(401);
  });

  it('lets staff verify a submission (100 %), leaving an audit row; a verified record is only replaced by a new submission', async () => {
    const who = await signUpVerified(t.app);
    await req('PUT', '/profile', who.auth, { name: 'Salma Khatun', email: who.email, phone: who.phone, country: 'Bangladesh' });
    await req('PUT', '/profile/verification', who.auth, verificationBody());
    const queue = json<{ items: { id: string; email: string; name: string }[] }>(await req('GET', '/staff/verifications?status=submitted', staff.auth));
    const item = queue.items.find((i) => i.email === who.email)!;
    expect(item).toMatchObject({ name: 'Salma Khatun', status: 'submitted' });

    const opened = json<{ data: Record<string, string>; files: string[] }>(await req('GET', `/staff/verifications/${item.id}`, staff.auth));
    expect(opened.files).toHaveLength(3);
    for (const id of opened.files) expect((await req('GET', `/files/${id}`, staff.auth)).statusCode).toBe(200);

    const decided = await req('POST', `/staff/verifications/${item.id}/review`, staff.auth, { decision: 'approve', note: 'Documents match.' });
    expect(decided.statusCode).toBe(200);
    expect(json(await req('GET', '/profile', who.auth))).toMatchObject({ completeness: 100, verification: { status: 'verified', note: 'Documents match.' } });

    const twice = await req('POST', `/staff/verifications/${item.id}/review`, staff.auth, { decision: 'reject', note: 'x' });
    expect(twice.statusCode).toBe(409);
    expect(json(twice).message).toBe('This verification was already verified.');

    const trail = await t.database.db.selectFrom('audit_log').selectAll().where('subject_id', '=', item.id).execute();
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ action: 'verification.verify', before_status: 'submitted', after_status: 'verified', note: 'Documents match.' });
    expect(trail[0]!.created_at).toBeInstanceOf(Date);

    // A new submission goes back to review and keeps the stored images by reference.
    const again = await req('PUT', '/profile/verification', who.auth, verificationBody({ nidImage: opened.data.nidImage, address: 'New address, Gulshan' }));
    expect(again.statusCode).toBe(200);
    expect(json(again)).toMatchObject({ status: 'submitted', data: { nidImage: opened.data.nidImage, address: 'New address, Gulshan' } });
    expect(json(await req('GET', '/profile', who.auth)).completeness).toBe(60);
  });

  it('lets staff reject with a note (required), and the user resubmit', async () => {
    const who = await signUpVerified(t.app);
    await req('PUT', '/profile/verification', who.auth, verificationBody());
    const { items } = json<{ items: { id: string; email: string }[] }>(await req('GET', '/staff/verifications', staff.auth));
    const id = items.find((i) => i.email === who.email)!.id;

    const noNote = await req('POST', `/staff/verifications/${id}/review`, staff.auth, { decision: 'reject' });
    expect(noNote.statusCode).toBe(400);
    expect(json(noNote).errors).toEqual([{ path: '/note', message: 'Write a note that says what must change' }]);

    const rejected = await req('POST', `/staff/verifications/${id}/review`, staff.auth, { decision: 'reject', note: 'The ID photo is blurred.' });
    expect(rejected.statusCode).toBe(200);
    expect(json(await req('GET', '/profile', who.auth))).toMatchObject({
      completeness: 0,
      verification: { status: 'rejected', note: 'The ID photo is blurred.' },
    });
    const audit = await t.database.db.selectFrom('audit_log').selectAll().where('subject_id', '=', id).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'verification.reject', before_status: 'submitted', after_status: 'rejected', note: 'The ID photo is blurred.' });

    const resubmitted = await req('PUT', '/profile/verification', who.auth, verificationBody());
    expect(json(resubmitted)).toMatchObject({ status: 'submitted', note: null });
    const history = await t.database.db.selectFrom('verifications').select(['status', 'superseded_at']).innerJoin('users', 'users.id', 'verifications.user_id').where('users.email', '=', who.email).execute();
    expect(history.map((h) => [h.status, h.superseded_at === null])).toEqual(expect.arrayContaining([['rejected', false], ['submitted', true]]));
  });
});

describe.each(DB_KINDS)('schema edits without code changes on %s', (kind) => {
  it('accepts, stores and returns a field added to verification.schema.json in a temporary copy', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'schemas-'));
    cpSync(join(ROOT, 'schemas'), dir, { recursive: true });
    const file = join(dir, 'verification.schema.json');
    const schema = JSON.parse(readFileSync(file, 'utf8'));
    schema.properties.bloodGroup = { type: 'string', title: 'Blood group', enum: ['A+', 'B+', 'O+', 'AB+'] };
    schema.required.push('bloodGroup');
    schema.errorMessage.required.bloodGroup = 'Blood group is required';
    writeFileSync(file, JSON.stringify(schema));
    const t = await startTestApp(kind, {}, dir);
    try {
      const who = await signUpVerified(t.app);
      const missing = await t.app.inject({ method: 'PUT', url: '/api/v1/profile/verification', headers: who.auth, payload: verificationBody() });
      expect(json(missing).errors).toEqual([{ path: '/bloodGroup', message: 'Blood group is required' }]);
      const res = await t.app.inject({ method: 'PUT', url: '/api/v1/profile/verification', headers: who.auth, payload: verificationBody({ bloodGroup: 'O+' }) });
      expect(res.statusCode).toBe(200);
      const back = await t.app.inject({ method: 'GET', url: '/api/v1/profile/verification', headers: who.auth });
      expect(json<{ data: Record<string, unknown> }>(back).data.bloodGroup).toBe('O+');
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
