/**
 * A Shariah review for every deal (issue 31 §5): with SHARIAH_REVIEW_REQUIRED on, an investment project opens only
 * with an approved review (409 otherwise); a request for changes reaches the owner (their view and a notice); a
 * material edit sends an approval back (audited); only staff or the `shariah` role record reviews; the signed opinion
 * (PDF or image, sniffed) is readable by anyone only once approved on a public project; a donation campaign and an
 * installation with the setting off open without a review. On PGlite and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, signUpVerified, startTestApp, type TestApp } from '../helpers';
import { api, makeStaff, PNG_DATA_URL, projectForm, verifiedOwner, type Person } from '../market-helpers';
import { approvedReview, opinionPdf } from '../../../scripts/lib/opinion-pdf';

const changes = { decision: 'changes_requested', adviser: 'Mufti Karim', note: 'Name the goods: "equipment" is too vague.' };

describe.each(DB_KINDS)('Shariah review on %s', (kind) => {
  let t: TestApp;
  let staff: Person;
  let owner: Person;
  beforeAll(async () => {
    t = await startTestApp(kind, { shariahReviewRequired: true });
    staff = await makeStaff(t.app);
    owner = await verifiedOwner(t.app, staff);
  });
  afterAll(() => t?.close());

  const submit = async (terms: Record<string, unknown> = {}) => {
    const res = await api(t.app, 'POST', '/projects', owner, projectForm(terms));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  const review = (id: string, body: unknown, who: Person | null = staff) => api(t.app, 'POST', `/staff/projects/${id}/shariah-review`, who, body);
  const open = (id: string) => api(t.app, 'POST', `/staff/projects/${id}/review`, staff, { decision: 'approve' });
  const file = (id: string, who: Person | null = null) => t.app.inject({ method: 'GET', url: `/api/v1/files/${id}`, headers: who ? who.auth : {} });

  it('the project form asks an investment campaign for its contract and the goods financed', async () => {
    const res = await api(t.app, 'POST', '/projects', owner, projectForm({ contract: undefined, goods: undefined }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { path: '/contract', message: 'Choose the contract of an investment campaign' },
        { path: '/goods', message: 'Say what goods or asset an investment campaign finances' },
      ]),
    );
  });

  it('cannot open without an approved review (409); changes requested reach the owner; approved then opens', async () => {
    const id = await submit();
    const refused = await open(id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This project cannot open without an approved Shariah review. Record the review (adviser, note and signed opinion) first.');

    expect((await review(id, changes)).status).toBe(201);
    const mine = await api(t.app, 'GET', `/projects/${id}`, owner);
    expect(mine.body.shariahReview).toMatchObject({ decision: 'changes_requested', adviser: 'Mufti Karim', note: changes.note });
    const listed = (await api(t.app, 'GET', '/me/projects', owner)).body.items as { id: string; shariahReview: unknown }[];
    expect(listed.find((p) => p.id === id)?.shariahReview).toMatchObject({ decision: 'changes_requested' });
    const notices = (await api(t.app, 'GET', '/me/notices', owner)).body.items as { title: string; text: string }[];
    expect(notices[0]).toMatchObject({ title: expect.stringContaining('changes requested'), text: expect.stringContaining(changes.note) });
    expect((await open(id)).body.message).toContain('asks for changes');

    const approved = await review(id, approvedReview('Test project', 'Mufti Karim'));
    expect(approved.status).toBe(201);
    // The opinion is not public while the project is not.
    expect((await file(approved.body.opinionFileId)).statusCode).toBe(404);
    expect((await open(id)).status).toBe(200);

    const seen = (await api(t.app, 'GET', `/projects/${id}`)).body;
    expect(seen.shariahReview).toMatchObject({ decision: 'approved', adviser: 'Mufti Karim', opinionFileId: approved.body.opinionFileId });
    const pdf = await file(approved.body.opinionFileId);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const history = await api(t.app, 'GET', `/staff/projects/${id}/shariah-review`, staff);
    expect(history.body.items.map((r: { decision: string }) => r.decision)).toEqual(['approved', 'changes_requested']);
    expect(history.body.inForce).toBe(history.body.items[0].id);
    const trail = (await api(t.app, 'GET', `/staff/projects/${id}`, staff)).body.history as { action: string; after: string }[];
    expect(trail.filter((e) => e.action === 'project.shariah_review').map((e) => e.after)).toEqual(['changes_requested', 'approved']);
    // Once open, the review is settled.
    expect((await review(id, changes)).status).toBe(409);
  });

  it('a material edit by the owner sends an approval back (audited); a wording edit keeps it', async () => {
    const id = await submit();
    expect((await review(id, approvedReview('Edited', 'Mufti Karim'))).status).toBe(201);
    const wording = await api(t.app, 'PUT', `/projects/${id}`, owner, projectForm({ briefDescrip: 'A clearer summary of the same deal.' }));
    expect(wording.body.shariahReview).toMatchObject({ decision: 'approved' });

    const material = await api(t.app, 'PUT', `/projects/${id}`, owner, projectForm({ briefDescrip: 'A clearer summary of the same deal.', goods: 'A cold store instead of vans' }));
    expect(material.status).toBe(200);
    expect(material.body.shariahReview).toBeNull();
    expect((await open(id)).status).toBe(409);
    const trail = (await api(t.app, 'GET', `/staff/projects/${id}`, staff)).body.history as { action: string; note: string }[];
    expect(trail.find((e) => e.action === 'project.shariah_review_reset')?.note).toContain('goods');
  });

  it('only staff or the shariah role record and read reviews (403), unknown projects are 404', async () => {
    const id = await submit();
    const someone = await signUpVerified(t.app);
    expect((await review(id, changes, someone)).status).toBe(403);
    expect((await review(id, changes, owner)).status).toBe(403);
    expect((await api(t.app, 'GET', `/staff/projects/${id}/shariah-review`, owner)).status).toBe(403);
    expect((await review(id, changes, null)).status).toBe(401);
    expect((await review('00000000-0000-4000-8000-000000000000', changes)).status).toBe(404);

    await t.app.db.updateTable('users').set({ is_shariah: true }).where('email', '=', someone.email).execute();
    t.app.forgetSessions();
    expect((await review(id, approvedReview('By role', 'Mufti Salma'))).status).toBe(201);
    const byRole = await review(id, changes, someone);
    expect(byRole.status).toBe(201);
    expect((await api(t.app, 'GET', `/staff/projects/${id}/shariah-review`, someone)).body.items).toHaveLength(2);
    // The role records reviews, nothing else staff do.
    expect((await api(t.app, 'POST', `/staff/projects/${id}/review`, someone, { decision: 'approve' })).status).toBe(403);
  });

  it("gives a Shariah reviewer their own queue: investment projects waiting, without the owner's contact; nobody else", async () => {
    const investment = await submit();
    const donation = await submit({ investType: 'Donation', contract: undefined, goods: undefined });
    const adviser = await signUpVerified(t.app);
    const me = async (who: Person) => (await api(t.app, 'GET', '/auth/user/me', who)).body as Record<string, unknown>;
    expect(await me(adviser)).not.toHaveProperty('shariah');
    expect((await api(t.app, 'GET', '/shariah/projects', adviser)).status).toBe(403);
    expect((await api(t.app, 'GET', `/shariah/projects/${investment}`, owner)).status).toBe(403);
    await t.app.db.updateTable('users').set({ is_shariah: true }).where('email', '=', adviser.email).execute();
    t.app.forgetSessions();
    expect(await me(adviser)).toMatchObject({ shariah: true, staff: false });

    const queue = (await api(t.app, 'GET', '/shariah/projects', adviser)).body.items as { id: string; owner?: unknown }[];
    const ids = queue.map((p) => p.id);
    expect(ids).toContain(investment);
    expect(ids).not.toContain(donation);
    const one = await api(t.app, 'GET', `/shariah/projects/${investment}`, adviser);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: investment, details: expect.objectContaining({ contract: 'Murabaha' }) });
    expect(JSON.stringify(one.body)).not.toContain(owner.phone.slice(-6));
    expect(JSON.stringify(one.body)).not.toContain(owner.email);
    expect((await api(t.app, 'GET', `/shariah/projects/${donation}`, adviser)).status).toBe(404);
    expect((await api(t.app, 'GET', '/shariah/projects?status=open', adviser)).status).toBe(400);
  });

  it('refuses a bad opinion file and an approval without one (400, nothing stored); takes an image', async () => {
    const id = await submit();
    const text = `data:application/pdf;name=opinion.pdf;base64,${Buffer.from('just text, called a PDF').toString('base64')}`;
    const renamed = await review(id, { ...approvedReview('x', 'Mufti Karim'), opinion: text });
    expect(renamed.status).toBe(400);
    expect(renamed.body.errors).toEqual([{ path: '/opinion', message: 'File content is not a PDF, PNG or JPEG file (renaming a file does not change what it is)' }]);
    const big = Buffer.concat([opinionPdf(['big']), Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await review(id, { ...approvedReview('x', 'Mufti Karim'), opinion: `data:application/pdf;base64,${big.toString('base64')}` });
    expect(tooBig.status).toBe(400);
    const missing = await review(id, { decision: 'approved', adviser: 'Mufti Karim', note: 'Fine.' });
    expect(missing.body.errors).toEqual([{ path: '/opinion', message: 'Attach the signed opinion (a PDF, PNG or JPEG file)' }]);
    const blank = await review(id, { ...changes, adviser: '  ' });
    expect(blank.status).toBe(400);
    expect((await api(t.app, 'GET', `/staff/projects/${id}/shariah-review`, staff)).body.items).toEqual([]);

    expect((await review(id, { ...approvedReview('x', 'Mufti Karim'), opinion: PNG_DATA_URL })).status).toBe(201);
  });

  it('a donation campaign opens without a review (it has no financing contract)', async () => {
    const id = await submit({ investType: 'Donation', contract: undefined, goods: undefined });
    expect((await open(id)).status).toBe(200);
    expect((await api(t.app, 'GET', `/projects/${id}`)).body.shariahReview).toBeNull();
  });
});

describe.each(DB_KINDS)('SHARIAH_REVIEW_REQUIRED=0 on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { shariahReviewRequired: false });
  });
  afterAll(() => t?.close());

  it('opens an investment project without a review', async () => {
    const staff = await makeStaff(t.app);
    const owner = await verifiedOwner(t.app, staff);
    const created = await api(t.app, 'POST', '/projects', owner, projectForm());
    expect((await api(t.app, 'POST', `/staff/projects/${created.body.id}/review`, staff, { decision: 'approve' })).status).toBe(200);
  });
});
