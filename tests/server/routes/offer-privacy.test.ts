/**
 * Issue 28 §1: an investor's phone and e-mail are personal data. The server sends them (the fields of the invest
 * form marked `"x-visibility": "contact"`) only to the investor, staff, and a project owner the investor answered —
 * an agreement request to the project of that owner's Request For Invest, or "share my contact details" on it.
 * Everyone else gets the card (name, city, amount, terms) and not one character of them, anywhere in the body.
 * Two offers of one person are two cards that say what differs. On each database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, signUpVerified, startTestApp, type TestApp } from '../helpers';
import { agreementForm, api, fixture, makeStaff, openProject, verifiedOwner, type Person } from '../market-helpers';

const PHONE = '+8801819876543';
const EMAIL = 'private.investor@example.com';

/** Every way the contact details could appear in an answer (E.164, local, bare digits, the e-mail's name). */
function leaks(body: unknown): string[] {
  const text = JSON.stringify(body);
  return [PHONE, PHONE.slice(1), '01819876543', '1819876543', '1819-876543', EMAIL, 'private.investor'].filter((s) => text.includes(s));
}

describe.each(DB_KINDS)('who sees an investor’s contact details (%s)', (kind) => {
  let t: TestApp;
  let staff: Person;
  let investor: Person;
  let stranger: Person;
  let owner: Person;
  let otherOwner: Person;
  let project: string;
  let otherProject: string;
  let offer: string;
  let second: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await makeStaff(t.app);
    [owner, otherOwner] = [await verifiedOwner(t.app, staff), await verifiedOwner(t.app, staff)];
    project = await openProject(t.app, owner, staff, { bname: 'Rooftop Farms', category: 'Organic Foods' });
    otherProject = await openProject(t.app, otherOwner, staff, { bname: 'Solar Pumps', category: 'Agriculture' });
    investor = await signUpVerified(t.app);
    stranger = await signUpVerified(t.app);
    const made = await api(t.app, 'POST', '/offers', investor, { ...fixture('invest'), name: 'Karim Ahmed', phone: PHONE, email: EMAIL, totalAmount: 80000 });
    expect(made.status).toBe(201);
    offer = made.body.id;
    // The same person's second offer, made from a project page: another amount, category and terms.
    const again = await api(t.app, 'POST', `/offers?projectId=${otherProject}`, investor, {
      ...fixture('invest'),
      name: 'Karim Ahmed',
      phone: PHONE,
      email: EMAIL,
      businessCategory: 'Agriculture',
      totalAmount: 300000,
      return: 'On-time',
      returningTime: undefined,
      totalDuration: undefined,
      duration: 18,
    });
    expect(again.status).toBe(201);
    second = again.body.id;
  });
  afterAll(() => t?.close());

  const cardOf = async (who: Person, id: string) => {
    const list = await api(t.app, 'GET', '/offers?limit=50', who);
    return (list.body.items as { id: string }[]).find((o) => o.id === id) as Record<string, unknown>;
  };

  it('gives a stranger the cards without a trace of the phone or the e-mail', async () => {
    const list = await api(t.app, 'GET', '/offers', stranger);
    expect(list.status).toBe(200);
    expect(leaks(list.body)).toEqual([]);
    const one = await api(t.app, 'GET', `/offers/${offer}`, stranger);
    expect(one.status).toBe(200);
    expect(leaks(one.body)).toEqual([]);
    expect(one.body).toMatchObject({ name: 'Karim Ahmed', city: 'Dhaka', amount: '80000.00', currency: 'BDT', contact: null, contactSource: null, mine: false });
    // A project owner's list of relevant investors is no different.
    expect(leaks((await api(t.app, 'GET', `/projects/${project}/relevant-investors`, owner)).body)).toEqual([]);
  });

  it('tells two offers of one person apart: amount, category, terms, when, the project, and that there are two', async () => {
    const [a, b] = [await cardOf(stranger, offer), await cardOf(stranger, second)];
    expect(a).toMatchObject({ amount: '80000.00', businessCategory: 'Organic Foods', returnType: 'Recurring', returningTime: 3, projectId: null, projectTitle: null, investorOpenOffers: 2 });
    expect(b).toMatchObject({ amount: '300000.00', businessCategory: 'Agriculture', returnType: 'On-time', durationMonths: 18, projectId: otherProject, projectTitle: 'Solar Pumps', investorOpenOffers: 2 });
    expect(a.createdAt).not.toBe(b.createdAt);
  });

  it('shows the investor their own details, and staff everyone’s', async () => {
    const mine = await api(t.app, 'GET', `/offers/${offer}`, investor);
    expect(mine.body).toMatchObject({ mine: true, contactSource: 'mine' });
    expect(mine.body.contact).toEqual([
      { field: 'phone', label: 'Phone Number', kind: 'phone', value: PHONE },
      { field: 'email', label: 'Email', kind: 'email', value: EMAIL },
    ]);
    expect(leaks((await api(t.app, 'GET', '/me/offers', investor)).body)).toContain(PHONE);
    const seen = await cardOf(staff, offer);
    expect(seen).toMatchObject({ contactSource: 'staff' });
    expect(leaks(seen)).toEqual(expect.arrayContaining([PHONE, EMAIL]));
  });

  it('shows an owner the details only once the investor answered their Request For Invest; never another owner', async () => {
    // An agreement request sent before any invitation is no answer to one.
    expect((await api(t.app, 'POST', `/projects/${project}/agreement-requests`, investor, agreementForm(30000))).status).toBe(201);
    expect((await api(t.app, 'POST', `/offers/${offer}/requests`, owner, { projectId: project })).status).toBe(201);
    expect((await api(t.app, 'POST', `/offers/${offer}/requests`, otherOwner, { projectId: otherProject })).status).toBe(201);
    expect(leaks(await cardOf(owner, offer))).toEqual([]);
    expect(leaks((await api(t.app, 'GET', `/offers/${offer}`, owner)).body)).toEqual([]);
    const before = (await api(t.app, 'GET', '/me/invitations', investor)).body.items as { projectId?: string; project: { id: string }; contactShared: unknown; offerOpen: boolean }[];
    expect(before.map((i) => [i.project.id, i.contactShared, i.offerOpen])).toEqual([
      [otherProject, null, true],
      [project, null, true],
    ]);

    // The investor answers the owner's invitation with an agreement request to that project.
    expect((await api(t.app, 'POST', `/projects/${project}/agreement-requests`, investor, agreementForm(40000))).status).toBe(201);
    const answered = await api(t.app, 'GET', `/offers/${offer}`, owner);
    expect(answered.body).toMatchObject({ contactSource: 'answered' });
    expect(leaks(answered.body)).toEqual(expect.arrayContaining([PHONE, EMAIL]));
    expect(leaks(await cardOf(owner, offer))).toEqual(expect.arrayContaining([PHONE, EMAIL]));
    const relevant = (await api(t.app, 'GET', `/projects/${project}/relevant-investors`, owner)).body.items as { id: string; contactSource: unknown }[];
    expect(relevant.find((c) => c.id === offer)?.contactSource).toBe('answered');
    // Only the offer the invitation named; and nobody else learns anything.
    expect(leaks(await cardOf(owner, second))).toEqual([]);
    expect(leaks(await cardOf(otherOwner, offer))).toEqual([]);
    expect(leaks((await api(t.app, 'GET', '/offers?limit=50', stranger)).body)).toEqual([]);
    const after = (await api(t.app, 'GET', '/me/invitations', investor)).body.items as { project: { id: string }; contactShared: unknown }[];
    expect(after.find((i) => i.project.id === project)?.contactShared).toBe('answered');
  });

  it('lets the investor share the details with an owner who asked, once, told to the owner and audited', async () => {
    const invitation = ((await api(t.app, 'GET', '/me/invitations', investor)).body.items as { id: string; project: { id: string } }[]).find((i) => i.project.id === otherProject)!;
    // Nobody else can share them, nor learn the invitation exists.
    expect((await api(t.app, 'POST', `/me/invitations/${invitation.id}/share-contact`, otherOwner)).status).toBe(404);
    expect((await api(t.app, 'POST', `/me/invitations/${invitation.id}/share-contact`, stranger)).status).toBe(404);
    expect(leaks(await cardOf(otherOwner, offer))).toEqual([]);

    const shared = await api(t.app, 'POST', `/me/invitations/${invitation.id}/share-contact`, investor);
    expect(shared.status).toBe(200);
    expect(shared.body).toMatchObject({ contactShared: 'shared', message: 'The owner of "Solar Pumps" can now see the phone and e-mail of your offer.' });
    const card = await cardOf(otherOwner, offer);
    expect(card).toMatchObject({ contactSource: 'shared' });
    expect(leaks(card)).toEqual(expect.arrayContaining([PHONE, EMAIL]));
    expect(leaks(await cardOf(otherOwner, second))).toEqual([]);
    expect(leaks(await cardOf(stranger, offer))).toEqual([]);

    // Sharing again changes nothing and tells nobody twice.
    expect((await api(t.app, 'POST', `/me/invitations/${invitation.id}/share-contact`, investor)).body.contactSharedAt).toBe(shared.body.contactSharedAt);
    const notices = (await api(t.app, 'GET', '/me/notices', otherOwner)).body.items as { kind: string; link: string }[];
    expect(notices.filter((n) => n.kind === 'contact_shared')).toEqual([expect.objectContaining({ link: `/RelevantInvestorCards?project=${otherProject}` })]);
    const trail = await t.app.db.selectFrom('audit_log').select(['action', 'actor_id']).where('subject_id', '=', invitation.id).execute();
    expect(trail).toHaveLength(1);
    expect(trail[0]!.action).toBe('invitation.share_contact');
  });

  it('shows a withdrawn offer to its investor and staff only', async () => {
    const gone = await api(t.app, 'POST', '/offers', investor, { ...fixture('invest'), phone: PHONE, email: EMAIL });
    expect((await api(t.app, 'POST', `/offers/${gone.body.id}/withdraw`, investor)).status).toBe(200);
    expect((await api(t.app, 'GET', `/offers/${gone.body.id}`, stranger)).status).toBe(404);
    expect((await api(t.app, 'GET', `/offers/${gone.body.id}`, investor)).body.status).toBe('withdrawn');
    expect((await api(t.app, 'GET', `/offers/${gone.body.id}`, staff)).status).toBe(200);
    expect((await api(t.app, 'GET', '/offers/00000000-0000-4000-8000-000000000000', stranger)).status).toBe(404);
  });

  it('reads an offer made with a version of the form that carries no marks with the marks of the form’s file', async () => {
    // A version published before the invest form said who sees what: its fields carry no x-visibility at all.
    const current = (await api(t.app, 'GET', '/forms/invest')).body as { version: number; schema: unknown; uiSchema: unknown };
    const unmarked = JSON.parse(JSON.stringify(current.schema).replace(/"x-visibility":"[a-z]+",?/g, '')) as Record<string, unknown>;
    expect(JSON.stringify(unmarked)).not.toContain('x-visibility');
    await t.app.db
      .insertInto('form_versions')
      .values({ form_id: 'invest', version: current.version + 1, schema: JSON.stringify(unmarked), ui_schema: JSON.stringify(current.uiSchema), note: 'before marks' })
      .execute();
    t.app.forms.published((await t.app.forms.version('invest', current.version + 1))!);
    const old = await api(t.app, 'POST', '/offers', investor, { ...fixture('invest'), name: 'Old Offer', phone: PHONE, email: EMAIL });
    expect(old.body.formVersion).toBe(current.version + 1);
    const seen = (await api(t.app, 'GET', `/offers/${old.body.id}`, stranger)).body;
    expect(seen).toMatchObject({ name: 'Old Offer', city: 'Dhaka', contact: null });
    expect(leaks(seen)).toEqual([]);
  });
});
