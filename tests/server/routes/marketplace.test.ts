/**
 * The marketplace through the API, on PGlite and PostgreSQL: the whole story, every forbidden move, racing
 * decisions, pagination and the money arithmetic.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, signUpVerified, startTestApp, type TestApp } from '../helpers';
import { acceptForm, agreementForm, api, fixture, makeStaff, openProject, PNG_DATA_URL, projectForm, verifiedOwner, type Person } from '../market-helpers';

describe.each(DB_KINDS)('marketplace on %s', (kind) => {
  let t: TestApp;
  let staff: Person;
  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await makeStaff(t.app);
  });
  afterAll(() => t?.close());

  it('plays the whole story: project, approval, offer, agreement, acceptance, figures, schedule, repayment, funded', async () => {
    const owner = await verifiedOwner(t.app, staff);
    const investor = await signUpVerified(t.app);
    const stranger = await signUpVerified(t.app);

    // Owner submits; only the owner and staff see it before approval.
    const created = await api(t.app, 'POST', '/projects', owner, projectForm({ askamu: 300000, roi: 17.7, reduration: 12, return: 'Recurring', returningTime: 3, totalDuration: 12, minInvestment: 20000 }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'pending_review', title: 'Green Harvest Agro', mine: true });
    const id = created.body.id as string;
    expect((await api(t.app, 'GET', `/projects/${id}`, stranger)).status).toBe(404);
    expect((await api(t.app, 'GET', `/projects/${id}`)).status).toBe(404);
    expect((await api(t.app, 'GET', `/projects/${id}`, owner)).status).toBe(200);
    expect((await api(t.app, 'GET', '/staff/projects', staff)).body.items.map((p: { id: string }) => p.id)).toContain(id);

    // Staff approve: open for 60 days (to the end of the 60th Dhaka day after today: 60 whole days left).
    const approved = await api(t.app, 'POST', `/staff/projects/${id}/review`, staff, { decision: 'approve' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'open', figures: { daysLeft: 60 } });
    const publicView = await api(t.app, 'GET', `/projects/${id}`);
    expect(publicView.status).toBe(200);
    expect(publicView.body.details).not.toHaveProperty('accountNum');
    expect(publicView.body.details).not.toHaveProperty('nid');
    expect(publicView.body.figures).toEqual({
      currency: 'BDT',
      goal: '300000.00',
      minInvestment: '20000.00',
      pledged: '0.00',
      raised: '0.00',
      waiting: '0.00',
      backers: 0,
      investors: 0,
      progressPercent: 0,
      progressBar: 0,
      daysLeft: 60,
      markupPercent: '17.70',
      annualisedReturn: { simplePercent: '17.70', compoundPercent: '17.70', basis: 'simple: 17.70 % × 12 ÷ 12 months' },
      repayment: { type: 'Recurring', everyMonths: 3, overMonths: 12, instalments: 4, totalOnGoal: '353100.00', initialInstalment: '0.00' },
      durationMonths: 12,
    });
    // Its images are public now.
    const imageId = publicView.body.images[0] as string;
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/files/${imageId}` })).statusCode).toBe(200);

    // The investor makes an offer from the project page and sends an agreement request.
    const offer = await api(t.app, 'POST', `/offers?projectId=${id}`, investor, fixture('invest'));
    expect(offer.status).toBe(201);
    expect(offer.body).toMatchObject({ projectId: id, amount: '500000.00', currency: 'BDT', kind: 'Investment', city: 'Dhaka' });
    const relevant = await api(t.app, 'GET', `/projects/${id}/relevant-investors`, owner);
    expect(relevant.body.items[0]).toMatchObject({ id: offer.body.id, reason: 'linked' });

    const request = await api(t.app, 'POST', `/projects/${id}/agreement-requests`, investor, agreementForm(100000));
    expect(request.status).toBe(201);
    expect(request.body).toMatchObject({ status: 'pending', amount: '100000.00', investorType: 'Individual', investmentType: 'Halal Way' });
    expect((await api(t.app, 'GET', `/projects/${id}`)).body.figures).toMatchObject({ waiting: '100000.00', pledged: '100000.00', raised: '0.00' });

    // The owner sees the proposal card with the investor's documents, and may open them; a stranger may not.
    const cards = await api(t.app, 'GET', `/projects/${id}/agreement-requests`, owner);
    expect(cards.body).toMatchObject({ totalInvestors: 0, backers: 0, items: [{ investorName: 'Karim Ahmed', amount: '100000.00', documents: [{ description: 'Bank statement', fileName: 'doc.png' }] }] });
    const docId = cards.body.items[0].documents[0].fileId as string;
    // The stored request travels with the card (its file as the stored reference), for the page's read-only view.
    expect(cards.body.items[0].data).toMatchObject({ investorName: 'Karim Ahmed', investmentAmount: 100000, documents: [{ description: 'Bank statement', file: `file:${docId}` }] });
    expect((await api(t.app, 'GET', `/files/${docId}`, owner)).status).toBe(200);
    expect((await api(t.app, 'GET', `/files/${docId}`, stranger)).status).toBe(404);
    expect((await api(t.app, 'GET', `/projects/${id}/agreement-requests`, stranger)).status).toBe(404);

    // Accepted with documents: the figures move and the schedule exists for both sides, summing exactly.
    const accepted = await api(t.app, 'POST', `/agreement-requests/${request.body.id}/accept`, owner, acceptForm());
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe('accepted');
    const acceptDoc = accepted.body.acceptanceDocuments[0].fileId as string;
    expect(accepted.body.acceptance.documents[0].file).toBe(`file:${acceptDoc}`);
    expect((await api(t.app, 'GET', `/files/${acceptDoc}`, investor)).status).toBe(200);
    expect((await api(t.app, 'GET', `/projects/${id}`)).body.figures).toMatchObject({ raised: '100000.00', waiting: '0.00', pledged: '100000.00', backers: 1, progressPercent: 33 });

    const returns = await api(t.app, 'GET', '/me/returns', investor);
    expect(returns.body.items.map((i: { amount: string }) => i.amount)).toEqual(['29425.00', '29425.00', '29425.00', '29425.00']);
    expect(returns.body.totals).toEqual({ scheduled: '117700.00', due: '117700.00', paid: '0.00', confirmed: '0.00' });
    expect(returns.body.counts).toEqual({ scheduled: 4, due: 4, paid: 0, confirmed: 0 });
    const repayments = await api(t.app, 'GET', '/me/repayments', owner);
    expect(repayments.body.items).toHaveLength(4);
    expect(repayments.body.items[0]).toMatchObject({ seq: 1, status: 'due', projectTitle: 'Green Harvest Agro', investorName: 'Karim Ahmed' });

    // Owner marks the first instalment paid; the investor confirms it.
    const first = repayments.body.items[0].id as string;
    expect((await api(t.app, 'POST', `/instalments/${first}/confirm`, investor)).status).toBe(409);
    const paidBy = { method: 'bank', reference: 'BEFTN-20261127-0042' };
    expect((await api(t.app, 'POST', `/instalments/${first}/paid`, stranger, paidBy)).status).toBe(404);
    expect((await api(t.app, 'POST', `/instalments/${first}/paid`, owner, paidBy)).body).toMatchObject({ status: 'paid', payment: paidBy });
    expect((await api(t.app, 'POST', `/instalments/${first}/paid`, owner, paidBy)).status).toBe(409);
    expect((await api(t.app, 'POST', `/instalments/${first}/confirm`, investor)).body).toMatchObject({ status: 'confirmed' });

    const tiles = (who: Person) => api(t.app, 'GET', '/dashboard/summary', who).then((r) => Object.fromEntries((r.body.tiles as { id: string; value: unknown }[]).map((x) => [x.id, x.value])));
    expect(await tiles(owner)).toMatchObject({ yourReceivedAmount: '100000.00', yourReturnedAmount: '29425.00', yourFundraisingAmount: '300000.00' });
    expect(await tiles(investor)).toMatchObject({ yourTotalInvestment: '100000.00', yourTotalReturned: '29425.00' });
    expect(await tiles(investor)).not.toHaveProperty('yourWalletAmount');

    // A second investor's accepted request reaches the goal: the project is funded.
    const second = await signUpVerified(t.app);
    const big = await api(t.app, 'POST', `/projects/${id}/agreement-requests`, second, agreementForm(200000));
    await api(t.app, 'POST', `/agreement-requests/${big.body.id}/accept`, owner, acceptForm());
    const funded = await api(t.app, 'GET', `/projects/${id}`);
    expect(funded.body).toMatchObject({ status: 'funded', figures: { raised: '300000.00', backers: 2, progressPercent: 100 } });
    expect(funded.body.fundedAt).toEqual(expect.any(String));
    // Funded projects take no more requests.
    const late = await api(t.app, 'POST', `/projects/${id}/agreement-requests`, stranger, agreementForm(20000));
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This project is not taking agreement requests: it is funded.');
  });

  it('answers every forbidden move with a clear 4xx', async () => {
    const unverified = await signUpVerified(t.app);
    const noIdentity = await api(t.app, 'POST', '/projects', unverified, projectForm());
    expect(noIdentity).toMatchObject({ status: 403, body: { message: 'Verify your identity before you submit a project: submit your documents under Profile → Verify Profile.' } });

    const owner = await verifiedOwner(t.app, staff);
    const investor = await signUpVerified(t.app);
    const other = await signUpVerified(t.app);
    // Keep what you raise: closed early, its pending request stays pending, to be declined (all-or-nothing expires it:
    // tests/server/routes/all-or-nothing.test.ts).
    const id = await openProject(t.app, owner, staff, { fundingModel: 'Keep what you raise' });

    const own = await api(t.app, 'POST', `/projects/${id}/agreement-requests`, owner, agreementForm(50000));
    expect(own).toMatchObject({ status: 403, body: { message: 'You cannot send an agreement request to your own project.' } });

    const req1 = await api(t.app, 'POST', `/projects/${id}/agreement-requests`, investor, agreementForm(50000));
    const req2 = await api(t.app, 'POST', `/projects/${id}/agreement-requests`, investor, agreementForm(60000));
    const someoneElses = await api(t.app, 'POST', `/agreement-requests/${req1.body.id}/accept`, other, acceptForm());
    expect(someoneElses.status).toBe(404);
    expect((await api(t.app, 'POST', `/agreement-requests/${req1.body.id}/accept`, investor, acceptForm())).status).toBe(404);
    expect((await api(t.app, 'POST', `/agreement-requests/${req1.body.id}/withdraw`, owner)).status).toBe(404);

    expect((await api(t.app, 'POST', `/agreement-requests/${req1.body.id}/accept`, owner, acceptForm())).status).toBe(200);
    const twice = await api(t.app, 'POST', `/agreement-requests/${req1.body.id}/accept`, owner, acceptForm());
    expect(twice).toMatchObject({ status: 409, body: { message: 'This request was already accepted; that is final.' } });
    const declineAfter = await api(t.app, 'POST', `/agreement-requests/${req1.body.id}/decline`, owner, { reason: 'Changed my mind' });
    expect(declineAfter.status).toBe(409);
    const noReason = await api(t.app, 'POST', `/agreement-requests/${req2.body.id}/decline`, owner, {});
    expect(noReason).toMatchObject({ status: 400, body: { errors: [{ path: '/reason', message: 'Tell the investor why you decline' }] } });
    expect((await api(t.app, 'POST', `/agreement-requests/${req2.body.id}/withdraw`, investor)).body.status).toBe('withdrawn');
    expect((await api(t.app, 'POST', `/agreement-requests/${req2.body.id}/decline`, owner, { reason: 'x' })).status).toBe(409);

    // Below the project's minimum investment.
    const small = await api(t.app, 'POST', `/projects/${id}/agreement-requests`, investor, agreementForm(19999));
    expect(small).toMatchObject({ status: 400, body: { errors: [{ path: '/investmentAmount', message: 'The minimum investment in this project is ৳20,000' }] } });

    // A pending request cannot be accepted once the project is closed.
    const late = await api(t.app, 'POST', `/projects/${id}/agreement-requests`, other, agreementForm(30000));
    expect(late.status).toBe(201);

    // A closed project takes nothing.
    expect((await api(t.app, 'POST', `/projects/${id}/close`, other)).status).toBe(404);
    expect((await api(t.app, 'POST', `/projects/${id}/close`, owner)).body.status).toBe('closed');
    const closed = await api(t.app, 'POST', `/projects/${id}/agreement-requests`, investor, agreementForm(50000));
    expect(closed).toMatchObject({ status: 409, body: { message: 'This project is not taking agreement requests: it is closed.' } });
    const acceptClosed = await api(t.app, 'POST', `/agreement-requests/${late.body.id}/accept`, owner, acceptForm());
    expect(acceptClosed).toMatchObject({ status: 409, body: { message: 'The project is closed, so it can no longer accept requests. Decline this one instead.' } });
    const donation = await api(t.app, 'POST', `/projects/${id}/donations`, null, { amount: 100, paymentMethod: 'Cash' });
    expect(donation.status).toBe(409);

    // Unapproved and rejected projects stay invisible to strangers; the owner may edit a rejected one.
    const pending = await api(t.app, 'POST', '/projects', owner, projectForm());
    expect((await api(t.app, 'GET', `/projects/${pending.body.id}`, investor)).status).toBe(404);
    expect((await api(t.app, 'POST', `/projects/${pending.body.id}/agreement-requests`, investor, agreementForm(50000))).status).toBe(404);
    const noNote = await api(t.app, 'POST', `/staff/projects/${pending.body.id}/review`, staff, { decision: 'reject' });
    expect(noNote.body.errors).toEqual([{ path: '/note', message: 'Write a note that says what must change' }]);
    // A decision on a version the reviewer did not see is refused.
    const seen = (await api(t.app, 'GET', `/staff/projects/${pending.body.id}`, staff)).body.submittedAt as string;
    await api(t.app, 'PUT', `/projects/${pending.body.id}`, owner, projectForm({ bname: 'Changed meanwhile' }));
    const stale = await api(t.app, 'POST', `/staff/projects/${pending.body.id}/review?seen=${encodeURIComponent(seen)}`, staff, { decision: 'approve' });
    expect(stale).toMatchObject({ status: 409, body: { message: 'The owner changed the project while you were reviewing it. Open it again and review the new version.' } });
    const rejected = await api(t.app, 'POST', `/staff/projects/${pending.body.id}/review`, staff, { decision: 'reject', note: 'Add a business plan.' });
    expect(rejected.body).toMatchObject({ status: 'rejected', staffNote: 'Add a business plan.' });
    expect((await api(t.app, 'GET', `/projects/${pending.body.id}`, investor)).status).toBe(404);
    const edited = await api(t.app, 'PUT', `/projects/${pending.body.id}`, owner, projectForm({ bplan: 'A full plan.' }));
    expect(edited.body.status).toBe('pending_review');
    expect((await api(t.app, 'PUT', `/projects/${pending.body.id}`, investor, projectForm())).status).toBe(404);
    expect((await api(t.app, 'POST', '/staff/projects/' + pending.body.id + '/review', owner, { decision: 'approve' })).status).toBe(403);
  });

  it('settles 20 parallel accepts and declines of one request in exactly one final state, counting money once', async () => {
    const owner = await verifiedOwner(t.app, staff);
    const investor = await signUpVerified(t.app);
    const id = await openProject(t.app, owner, staff, { askamu: 1000000 });
    const req = await api(t.app, 'POST', `/projects/${id}/agreement-requests`, investor, agreementForm(70000));
    const attempts = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0
        ? api(t.app, 'POST', `/agreement-requests/${req.body.id}/accept`, owner, acceptForm())
        : api(t.app, 'POST', `/agreement-requests/${req.body.id}/decline`, owner, { reason: 'Too late' }),
    );
    const results = await Promise.all(attempts);
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const final = ok[0]!.body.status as string;
    const project = await api(t.app, 'GET', `/projects/${id}`);
    expect(project.body.figures.raised).toBe(final === 'accepted' ? '70000.00' : '0.00');
    const instalments = await t.database.db.selectFrom('instalments').select('id').where('agreement_id', '=', req.body.id).execute();
    expect(instalments.length).toBe(final === 'accepted' ? 4 : 0);
    const audits = await t.database.db.selectFrom('audit_log').select('action').where('subject_id', '=', req.body.id).execute();
    expect(audits).toHaveLength(1);
  });

  it('counts donations: pledged in Pledged, confirmed in Raised and Backers, each anonymous one once', async () => {
    const owner = await verifiedOwner(t.app, staff);
    const donor = await signUpVerified(t.app);
    const id = await openProject(t.app, owner, staff, { askamu: 100000 });
    const tier = await api(t.app, 'POST', `/projects/${id}/donations`, null, { amount: 60000, paymentMethod: 'Mobile Banking' });
    expect(tier).toMatchObject({ status: 400, body: { errors: [{ path: '/paymentMethod', message: 'For amounts above 50,000 choose Cheque, Bank or Cash' }] } });

    const a = await api(t.app, 'POST', `/projects/${id}/donations`, donor, { amount: 1000, paymentMethod: 'Mobile Banking', name: 'Nadia' });
    const b = await api(t.app, 'POST', `/projects/${id}/donations`, donor, { amount: 2000.5, paymentMethod: 'Bank' });
    const c = await api(t.app, 'POST', `/projects/${id}/donations`, null, { amount: 300, paymentMethod: 'Cash', anonymous: true });
    const d = await api(t.app, 'POST', `/projects/${id}/donations`, null, { amount: 400, paymentMethod: 'Cash', anonymous: true });
    expect(a).toMatchObject({ status: 201, body: { status: 'pledged', amount: '1000.00', reference: expect.stringMatching(/^HF-/) } });
    expect((await api(t.app, 'GET', `/projects/${id}`)).body.figures).toMatchObject({ pledged: '3700.50', raised: '0.00', backers: 0 });

    for (const x of [a, b, c, d]) {
      expect((await api(t.app, 'POST', `/staff/donations/${x.body.id}/review`, staff, { decision: 'approve' })).body.status).toBe('confirmed');
    }
    expect((await api(t.app, 'POST', `/staff/donations/${a.body.id}/review`, staff, { decision: 'reject', note: 'x' })).status).toBe(409);
    expect((await api(t.app, 'GET', `/projects/${id}`)).body.figures).toMatchObject({ pledged: '3700.50', raised: '3700.50', backers: 3 });
    expect((await api(t.app, 'GET', '/me/donations', donor)).body.items).toHaveLength(2);
    // A page at a time, newest first.
    const first = (await api(t.app, 'GET', '/me/donations?limit=1', donor)).body;
    expect(first.items.map((x: { id: string }) => x.id)).toEqual([b.body.id]);
    const second = (await api(t.app, 'GET', `/me/donations?limit=1&cursor=${first.nextCursor}`, donor)).body;
    expect(second).toMatchObject({ items: [expect.objectContaining({ id: a.body.id, projectTitle: expect.any(String) })], nextCursor: null });
    expect((await api(t.app, 'GET', '/staff/donations', donor)).status).toBe(403);
  });

  it('stores the phone answers of the project and invest forms in E.164, however they were typed', async () => {
    const owner = await verifiedOwner(t.app, staff);
    const id = await openProject(t.app, owner, staff, { phone: '01712 345-678' });
    expect((await api(t.app, 'GET', `/projects/${id}`, owner)).body.details.phone).toBe('+8801712345678');
    const investor = await signUpVerified(t.app);
    const offer = await api(t.app, 'POST', '/offers', investor, { ...fixture('invest'), phone: '8801912 345678' });
    expect(offer.status).toBe(201);
    expect(offer.body.contact).toContainEqual({ field: 'phone', label: 'Phone Number', kind: 'phone', value: '+8801912345678' });
  });

  it('matches relevant investors and delivers Request For Invest as an invitation', async () => {
    const owner = await verifiedOwner(t.app, staff);
    const id = await openProject(t.app, owner, staff, { category: 'Technology', minInvestment: 50000, askamu: 500000 });
    const fits = await signUpVerified(t.app);
    const tooSmall = await signUpVerified(t.app);
    const otherCategory = await signUpVerified(t.app);
    const offer = (who: Person, amount: number, category: string) =>
      api(t.app, 'POST', '/offers', who, { ...fixture('invest'), businessCategory: category, totalAmount: amount, investmentMethod: 'Bank' });
    const good = await offer(fits, 80000, 'Technology');
    await offer(tooSmall, 40000, 'Technology');
    await offer(otherCategory, 900000, 'Education');
    const relevant = await api(t.app, 'GET', `/projects/${id}/relevant-investors`, owner);
    expect(relevant.body.items.map((o: { id: string }) => o.id)).toEqual([good.body.id]);
    expect((await api(t.app, 'GET', `/projects/${id}/relevant-investors`, fits)).status).toBe(404);

    const sent = await api(t.app, 'POST', `/offers/${good.body.id}/requests`, owner, { projectId: id });
    expect(sent.status).toBe(201);
    expect((await api(t.app, 'POST', `/offers/${good.body.id}/requests`, owner, { projectId: id })).status).toBe(409);
    expect((await api(t.app, 'POST', `/offers/${good.body.id}/requests`, fits, { projectId: id })).status).toBe(404);
    const invitations = await api(t.app, 'GET', '/me/invitations', fits);
    expect(invitations.body.items).toEqual([expect.objectContaining({ offerId: good.body.id, project: expect.objectContaining({ id, title: 'Green Harvest Agro' }) })]);
    expect(invitations.body.nextCursor).toBeNull();
    // My offers and my invitations come a page at a time, newest first.
    const second = await offer(fits, 90000, 'Education');
    const offers1 = (await api(t.app, 'GET', '/me/offers?limit=1', fits)).body;
    expect(offers1.items.map((o: { id: string }) => o.id)).toEqual([second.body.id]);
    const offers2 = (await api(t.app, 'GET', `/me/offers?limit=1&cursor=${offers1.nextCursor}`, fits)).body;
    expect(offers2).toMatchObject({ items: [expect.objectContaining({ id: good.body.id })], nextCursor: null });
    const other = await openProject(t.app, owner, staff, { category: 'Technology', minInvestment: 50000, askamu: 500000, bname: 'Second Tech' });
    expect((await api(t.app, 'POST', `/offers/${good.body.id}/requests`, owner, { projectId: other })).status).toBe(201);
    const inv1 = (await api(t.app, 'GET', '/me/invitations?limit=1', fits)).body;
    expect(inv1.items.map((i: { project: { id: string } }) => i.project.id)).toEqual([other]);
    const inv2 = (await api(t.app, 'GET', `/me/invitations?limit=1&cursor=${inv1.nextCursor}`, fits)).body;
    expect(inv2).toMatchObject({ items: [expect.objectContaining({ project: expect.objectContaining({ id }) })], nextCursor: null });
    expect((await api(t.app, 'GET', `/projects/${id}/relevant-investors`, owner)).body.items[0].invited).toBe(true);

    expect((await api(t.app, 'POST', `/offers/${good.body.id}/withdraw`, owner)).status).toBe(404);
    expect((await api(t.app, 'POST', `/offers/${good.body.id}/withdraw`, fits)).body.status).toBe('withdrawn');
    expect((await api(t.app, 'GET', '/offers', owner)).body.items.map((o: { id: string }) => o.id)).not.toContain(good.body.id);
    // The open offers come a page at a time too: every one is reached, each once, newest first, none withdrawn.
    const open: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (await api(t.app, 'GET', `/offers?limit=2${cursor ? `&cursor=${cursor}` : ''}`, owner)).body as { items: { id: string; status: string }[]; nextCursor: string | null };
      expect(page.items.length).toBeLessThanOrEqual(2);
      expect(page.items.every((o) => o.status === 'open')).toBe(true);
      open.push(...page.items.map((o) => o.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(open).toContain(second.body.id);
    expect(new Set(open).size).toBe(open.length);
    expect(open).toEqual((await api(t.app, 'GET', '/offers?limit=50', owner)).body.items.map((o: { id: string }) => o.id).slice(0, open.length));
  });

  it('pages the public list with a cursor that stays stable while projects are added', async () => {
    const owner = await verifiedOwner(t.app, staff);
    const category = 'Video & Movies';
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await openProject(t.app, owner, staff, { category, bname: `Film ${i}` }));
    const page1 = await api(t.app, 'GET', `/projects?category=${encodeURIComponent(category)}&limit=2`);
    expect(page1.body.items.map((p: { title: string }) => p.title)).toEqual(['Film 4', 'Film 3']);
    // New projects appear at the top; the next page continues where the first ended.
    await openProject(t.app, owner, staff, { category, bname: 'Film 5' });
    const page2 = await api(t.app, 'GET', `/projects?category=${encodeURIComponent(category)}&limit=2&cursor=${page1.body.nextCursor}`);
    expect(page2.body.items.map((p: { title: string }) => p.title)).toEqual(['Film 2', 'Film 1']);
    const page3 = await api(t.app, 'GET', `/projects?category=${encodeURIComponent(category)}&limit=2&cursor=${page2.body.nextCursor}`);
    expect(page3.body).toMatchObject({ items: [expect.objectContaining({ title: 'Film 0' })], nextCursor: null });
    expect((await api(t.app, 'GET', '/projects?cursor=garbage')).status).toBe(400);
    // A cursor of one sort is not valid for the other, and a tampered one is refused, never a 500.
    expect((await api(t.app, 'GET', `/projects?sort=most_funded&cursor=${page1.body.nextCursor}`)).status).toBe(400);
    const tampered = Buffer.from(JSON.stringify(['newest', 'not a date', '00000000-0000-4000-8000-000000000000'])).toString('base64url');
    expect((await api(t.app, 'GET', `/projects?cursor=${tampered}`)).status).toBe(400);
    const funded = await api(t.app, 'GET', `/projects?sort=most_funded&limit=50`);
    const raised = funded.body.items.map((p: { figures: { raised: string } }) => Number(p.figures.raised));
    expect(raised).toEqual([...raised].sort((x, y) => y - x));
  });

  it("pages an investor's own agreement requests, newest first, and shows nobody else's", async () => {
    const owner = await verifiedOwner(t.app, staff);
    const investor = await signUpVerified(t.app);
    const other = await signUpVerified(t.app);
    const id = await openProject(t.app, owner, staff, { bname: 'Paged Requests Ltd' });
    const sent: string[] = [];
    for (const amount of [21000, 22000, 23000, 24000, 25000]) {
      const r = await api(t.app, 'POST', `/projects/${id}/agreement-requests`, investor, agreementForm(amount));
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      sent.push(r.body.id);
    }
    const others = await api(t.app, 'POST', `/projects/${id}/agreement-requests`, other, agreementForm(26000));
    const ids = (body: Record<string, unknown>) => (body.items as { id: string }[]).map((r) => r.id);
    const page1 = await api(t.app, 'GET', '/me/agreement-requests?limit=2', investor);
    expect(page1.status).toBe(200);
    expect(ids(page1.body)).toEqual([sent[4], sent[3]]);
    expect(page1.body.items[0]).toMatchObject({ projectTitle: 'Paged Requests Ltd', amount: '25000.00', status: 'pending' });
    // A request sent meanwhile appears at the top; the next page continues where the first ended.
    const late = await api(t.app, 'POST', `/projects/${id}/agreement-requests`, investor, agreementForm(27000));
    const page2 = await api(t.app, 'GET', `/me/agreement-requests?limit=2&cursor=${page1.body.nextCursor}`, investor);
    expect(ids(page2.body)).toEqual([sent[2], sent[1]]);
    const page3 = await api(t.app, 'GET', `/me/agreement-requests?limit=2&cursor=${page2.body.nextCursor}`, investor);
    expect(page3.body).toMatchObject({ nextCursor: null });
    expect(ids(page3.body)).toEqual([sent[0]]);
    // The default page holds all six, the late one first; the other investor sees only their own.
    expect(ids((await api(t.app, 'GET', '/me/agreement-requests', investor)).body)).toEqual([late.body.id, ...[...sent].reverse()]);
    expect((await api(t.app, 'GET', '/me/agreement-requests', other)).body.items).toHaveLength(1);
    expect((await api(t.app, 'GET', '/me/agreement-requests?cursor=garbage', investor)).status).toBe(400);
    expect((await api(t.app, 'GET', '/me/agreement-requests?limit=51', investor)).status).toBe(400);
    expect((await api(t.app, 'GET', '/me/agreement-requests')).status).toBe(401);

    // The owner's cards of the project: a page at a time too, with the count of all pending ones on every page.
    expect((await api(t.app, 'POST', `/agreement-requests/${sent[0]}/accept`, owner, acceptForm())).status).toBe(200);
    const cards1 = (await api(t.app, 'GET', `/projects/${id}/agreement-requests?limit=3`, owner)).body;
    // Every investor's request to the project (the other investor's too).
    expect(ids(cards1)).toEqual([late.body.id, others.body.id, sent[4]]);
    expect(cards1.waiting).toBe(6);
    const cards2 = (await api(t.app, 'GET', `/projects/${id}/agreement-requests?limit=3&cursor=${cards1.nextCursor}`, owner)).body;
    expect(cards2.waiting).toBe(6);
    const cards3 = (await api(t.app, 'GET', `/projects/${id}/agreement-requests?limit=3&cursor=${cards2.nextCursor}`, owner)).body;
    expect(new Set([...ids(cards1), ...ids(cards2), ...ids(cards3)]).size).toBe(7);
    expect(cards3.nextCursor).toBeNull();
    const accepted = (await api(t.app, 'GET', `/projects/${id}/agreement-requests?status=accepted`, owner)).body;
    expect(accepted).toMatchObject({ items: [expect.objectContaining({ id: sent[0], status: 'accepted' })], nextCursor: null, waiting: 6 });
    expect((await api(t.app, 'GET', `/projects/${id}/agreement-requests?status=lost`, owner)).status).toBe(400);
    expect((await api(t.app, 'GET', `/projects/${id}/agreement-requests?limit=3`, investor)).status).toBe(404);
  });

  it('keeps a draft per user and form, storing its images once', async () => {
    const who = await signUpVerified(t.app);
    const saved = await api(t.app, 'PUT', '/me/drafts/project-owner', who, { data: { bname: 'Half done', companyImage: PNG_DATA_URL } });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ bname: 'Half done', companyImage: expect.stringMatching(/^file:/) });
    const back = await api(t.app, 'GET', '/me/drafts/project-owner', who);
    expect(back.body.data).toEqual(saved.body.data);
    const other = await signUpVerified(t.app);
    expect((await api(t.app, 'GET', '/me/drafts/project-owner', other)).body.data).toBeNull();
    expect((await api(t.app, 'GET', '/me/drafts/no-such-form', who)).status).toBe(404);
    await api(t.app, 'DELETE', '/me/drafts/project-owner', who);
    expect((await api(t.app, 'GET', '/me/drafts/project-owner', who)).body.data).toBeNull();
  });
});
