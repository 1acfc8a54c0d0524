/**
 * Staff's investor page over HTTP (issue 31 §1): find a person, read their status, limits and history, and record
 * qualified (with an evidence document: the `qualification` schema form's upload, a PDF or an image checked by its
 * content) or retail again. Staff only; a person who does not exist is 404. On PGlite and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, signUpVerified, startTestApp, type TestApp } from '../helpers';
import { agreementForm, api, fixture, makeStaff, openProject, PNG_DATA_URL, verifiedOwner, type Person } from '../market-helpers';

const PDF = `data:application/pdf;name=net-worth.pdf;base64,${Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64')}`;

describe.each(DB_KINDS)('staff investors page on %s', (kind) => {
  let t: TestApp;
  let staff: Person;
  let project: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { limitRetailPerProject: 100_000, limitRetailPerYear: 150_000 });
    staff = await makeStaff(t.app);
    const owner = await verifiedOwner(t.app, staff);
    project = await openProject(t.app, owner, staff, { askamu: 5_000_000 });
  });
  afterAll(() => t?.close());

  const idOf = async (who: Person) => (await t.app.db.selectFrom('users').select('id').where('email', '=', who.email).executeTakeFirstOrThrow()).id;

  it('finds people by e-mail or phone (staff only), and shows a retail investor with the limits and what is used', async () => {
    const investor = await signUpVerified(t.app);
    const id = await idOf(investor);
    expect((await api(t.app, 'POST', `/projects/${project}/agreement-requests`, investor, agreementForm(30_000))).status).toBe(201);
    expect((await api(t.app, 'GET', `/staff/people?q=${encodeURIComponent(investor.email)}`, investor)).status).toBe(403);
    expect((await api(t.app, 'GET', `/staff/people/${id}`, investor)).status).toBe(403);
    expect((await api(t.app, 'GET', '/staff/people?q=x', staff)).status).toBe(400);
    const byEmail = await api(t.app, 'GET', `/staff/people?q=${encodeURIComponent(investor.email.toUpperCase())}`, staff);
    expect(byEmail.body.items).toEqual([{ id, email: investor.email, phone: investor.phone, name: null, qualified: false }]);
    const byPhone = await api(t.app, 'GET', `/staff/people?q=${encodeURIComponent(investor.phone.slice(-8))}`, staff);
    expect((byPhone.body.items as { id: string }[]).map((p) => p.id)).toContain(id);
    // `%` is matched as itself, not as "anything".
    expect((await api(t.app, 'GET', '/staff/people?q=%25%25', staff)).body.items).toEqual([]);
    const view = await api(t.app, 'GET', `/staff/people/${id}`, staff);
    expect(view.body).toEqual({
      id,
      email: investor.email,
      phone: investor.phone,
      name: null,
      qualification: null,
      limits: { qualified: false, perProject: '100000.00', perYear: { limit: '150000.00', used: '30000.00', left: '120000.00' } },
      history: [],
    });
    expect((await api(t.app, 'GET', '/staff/people/00000000-0000-4000-8000-000000000000', staff)).status).toBe(404);
  });

  it('records qualified with an evidence document and retail again, audited; the page shows the mark, the file and the history', async () => {
    const investor = await signUpVerified(t.app);
    const id = await idOf(investor);
    const marked = await api(t.app, 'POST', `/staff/people/${id}/qualified`, staff, { qualified: true, note: 'Net worth statement seen', evidence: PDF });
    expect(marked.body).toEqual({ id, qualified: true, changed: true });
    const view = (await api(t.app, 'GET', `/staff/people/${id}`, staff)).body;
    expect(view.qualification).toEqual({ note: 'Net worth statement seen', evidenceFileId: expect.any(String), at: expect.any(String), by: staff.email });
    expect(view.limits).toEqual({ qualified: true, perProject: null, perYear: null });
    const file = await t.app.inject({ method: 'GET', url: `/api/v1/files/${view.qualification.evidenceFileId}`, headers: staff.auth });
    expect(file.headers['content-type']).toContain('application/pdf');
    expect((await api(t.app, 'GET', `/staff/people?q=${encodeURIComponent(investor.email)}`, staff)).body.items[0].qualified).toBe(true);
    expect((await api(t.app, 'POST', `/staff/people/${id}/qualified`, staff, { qualified: false, note: 'Evidence expired' })).body.changed).toBe(true);
    const after = (await api(t.app, 'GET', `/staff/people/${id}`, staff)).body;
    expect(after.qualification).toBeNull();
    expect(after.history.map((h: { action: string; by: string; note: string }) => [h.action, h.by, h.note])).toEqual([
      ['investor.unqualify', staff.email, 'Evidence expired'],
      ['investor.qualify', staff.email, 'Net worth statement seen'],
    ]);
  });

  it('refuses, changing nothing: evidence with "retail", a text file named .pdf, a stored file the person does not hold', async () => {
    const investor = await signUpVerified(t.app);
    const id = await idOf(investor);
    const refuse = async (body: Record<string, unknown>, path: string, message: string | RegExp) => {
      const res = await api(t.app, 'POST', `/staff/people/${id}/qualified`, staff, body);
      expect(res.status).toBe(400);
      expect(res.body.errors).toContainEqual({ path, message: expect.stringMatching(message) });
    };
    await refuse({ qualified: false, note: 'x', evidence: PDF }, '/evidence', /.+/);
    await refuse({ qualified: true, note: 'x', evidence: `data:application/pdf;name=x.pdf;base64,${Buffer.from('just text').toString('base64')}` }, '/evidence', /File content is not a PDF, PNG or JPEG file/);
    await refuse({ qualified: true, note: 'x', evidence: 'data:text/plain;base64,aGk=' }, '/evidence', 'File must be a PDF, PNG or JPEG file');
    // A file staff uploaded elsewhere (here: a verification image of another person) is not this person's.
    const other = await signUpVerified(t.app);
    expect((await api(t.app, 'PUT', '/profile/verification', other, { ...fixture('verification'), nidImage: PNG_DATA_URL })).status).toBe(200);
    const foreign = await t.app.db.selectFrom('files as f').innerJoin('users as u', 'u.id', 'f.owner_id').select('f.id').where('u.email', '=', other.email).executeTakeFirstOrThrow();
    await refuse({ qualified: true, note: 'x', evidence: `file:${foreign.id}` }, '/evidence', 'File not found: upload it again');
    expect(await t.app.db.selectFrom('investor_qualifications').select('user_id').where('user_id', '=', id).executeTakeFirst()).toBeUndefined();
    expect(await t.app.db.selectFrom('audit_log').select('id').where('subject_id', '=', id).where('action', 'like', 'investor.%').execute()).toEqual([]);
  });
});
