/**
 * Marking an instalment paid says how (issue 28 §6): the owner answers the instalment-paid form — bKash, Nagad,
 * other mobile banking, bank transfer, cheque or cash — with its reference, required (and checked) for every method
 * but cash, stored trimmed with the form's version; the investor sees it in the schedule and in the notice before
 * confirming; nobody else sees or moves it (404). The schedule's totals say what is paid and awaiting confirmation
 * and what is confirmed. On PGlite and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, json, signUpVerified, startTestApp, type TestApp } from '../helpers';
import { acceptForm, agreementForm, api, makeStaff, openProject, verifiedOwner, type Person } from '../market-helpers';

interface Instalment {
  id: string;
  seq: number;
  status: string;
  amount: string;
  payment: Record<string, unknown> | null;
  paymentFormVersion: number | null;
}

describe.each(DB_KINDS)('how an instalment was paid, on %s', (kind) => {
  let t: TestApp;
  let staff: Person;
  let owner: Person;
  let investor: Person;
  let stranger: Person;
  let agreementId: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await makeStaff(t.app);
    owner = await verifiedOwner(t.app, staff);
    investor = await signUpVerified(t.app);
    stranger = await signUpVerified(t.app);
    const project = await openProject(t.app, owner, staff);
    const request = await api(t.app, 'POST', `/projects/${project}/agreement-requests`, investor, agreementForm(100_000));
    expect(request.status).toBe(201);
    agreementId = request.body.id as string;
    expect((await api(t.app, 'POST', `/agreement-requests/${agreementId}/accept`, owner, acceptForm())).status).toBe(200);
  });
  afterAll(() => t?.close());

  const schedule = async (who: Person, path = '/me/repayments') => (await api(t.app, 'GET', `${path}?agreement=${agreementId}`, who)).body as { items: Instalment[]; totals: Record<string, string>; counts: Record<string, number> };
  const instalment = async (seq: number) => (await schedule(owner)).items.find((i) => i.seq === seq)!;
  const markPaid = (id: string, who: Person, body: unknown) => api(t.app, 'POST', `/instalments/${id}/paid`, who, body);

  it('refuses a payment without its reference (except cash), or a reference that is not one, with a message, changing nothing', async () => {
    const first = await instalment(1);
    const refusals: [unknown, string, string][] = [
      [{}, '/method', 'Choose how you paid'],
      [{ method: 'gold' }, '/method', 'Choose how you paid'],
      [{ method: 'bkash' }, '/reference', 'Enter the bKash transaction ID (TrxID)'],
      [{ method: 'bkash', reference: '9BD4K7' }, '/reference', 'A bKash transaction ID has 10 letters and digits, e.g. 9BD4K7QX2M'],
      [{ method: 'nagad' }, '/reference', 'Enter the Nagad transaction ID (TxnID)'],
      [{ method: 'rocket', reference: 'TX 12' }, '/reference', 'A transaction ID has 6 to 20 letters and digits, no spaces'],
      [{ method: 'bank' }, '/reference', "Enter the bank's reference for the transfer"],
      [{ method: 'bank', reference: 'R'.repeat(41) }, '/reference', 'A bank reference has at most 40 characters'],
      [{ method: 'bank', reference: 'AB  CD' }, '/reference', 'A bank reference is letters and digits, with single spaces or - / . between them'],
      [{ method: 'cheque', reference: 'twelve' }, '/reference', 'A cheque number has 6 to 10 digits, perhaps after a few letters'],
      [{ method: 'cash', reference: 'x'.repeat(61) }, '/reference', 'The reference must be at most 60 characters'],
      [{ method: 'cash', surprise: 'hi' }, '/surprise', 'Unknown field "surprise": this form has no such field'],
    ];
    for (const [body, path, message] of refusals) {
      const res = await markPaid(first.id, owner, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors).toEqual([{ path, message }]);
    }
    // No body at all is refused too.
    const bare = await t.app.inject({ method: 'POST', url: `/api/v1/instalments/${first.id}/paid`, headers: owner.auth });
    expect(bare.statusCode).toBe(400);
    expect(await instalment(1)).toMatchObject({ status: 'due', payment: null, paymentFormVersion: null });
    const notices = json<{ items: { kind: string }[] }>(await t.app.inject({ method: 'GET', url: '/api/v1/me/notices', headers: investor.auth }));
    expect(notices.items.filter((n) => n.kind === 'instalment_paid')).toEqual([]);
  });

  it('stores the method and the reference trimmed, shows them to the investor in the schedule and the notice, and audits the step', async () => {
    const first = await instalment(1);
    const paid = await markPaid(first.id, owner, { method: 'bkash', reference: '  9BD4K7QX2M ' });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'paid', payment: { method: 'bkash', reference: '9BD4K7QX2M' }, paymentFormVersion: 1 });

    // The investor who confirms it sees how it was paid, with the version of the form that says what the words mean.
    const returns = await schedule(investor, '/me/returns');
    expect(returns.items.find((i) => i.id === first.id)).toMatchObject({ status: 'paid', payment: { method: 'bkash', reference: '9BD4K7QX2M' }, paymentFormVersion: 1 });
    const notices = json<{ items: { kind: string; text: string }[] }>(await t.app.inject({ method: 'GET', url: '/api/v1/me/notices', headers: investor.auth }));
    // 100,000 at 17.70 % in four instalments: 29,425 each.
    expect(first.amount).toBe('29425.00');
    expect(notices.items.find((n) => n.kind === 'instalment_paid')!.text).toBe('The owner marked instalment 1 (৳29,425) paid: bKash, reference 9BD4K7QX2M. Confirm it when the money arrives.');

    // Paid once: a second answer cannot replace the first.
    const again = await markPaid(first.id, owner, { method: 'cash' });
    expect(again.status).toBe(409);
    expect((await instalment(1)).payment).toEqual({ method: 'bkash', reference: '9BD4K7QX2M' });

    expect((await api(t.app, 'POST', `/instalments/${first.id}/confirm`, investor)).body).toMatchObject({ status: 'confirmed', payment: { method: 'bkash', reference: '9BD4K7QX2M' } });
    const trail = await t.app.db.selectFrom('audit_log').select(['action', 'before_status', 'after_status', 'note']).where('subject_id', '=', first.id).orderBy('id').execute();
    expect(trail).toEqual([
      { action: 'instalment.pay', before_status: 'due', after_status: 'paid', note: 'bKash, reference 9BD4K7QX2M' },
      { action: 'instalment.confirm', before_status: 'paid', after_status: 'confirmed', note: null },
    ]);
  });

  it('takes cash without a reference, and leaves an empty one out', async () => {
    const second = await instalment(2);
    const paid = await markPaid(second.id, owner, { method: 'cash', reference: '   ' });
    expect(paid.status).toBe(200);
    expect(paid.body.payment).toEqual({ method: 'cash' });
    const third = await instalment(3);
    expect((await markPaid(third.id, owner, { method: 'cheque', reference: 'CDA 1234567' })).body.payment).toEqual({ method: 'cheque', reference: 'CDA 1234567' });
  });

  it('counts paid-and-awaiting-confirmation apart from confirmed in the totals', async () => {
    // Instalment 1 confirmed, 2 and 3 paid awaiting confirmation, 4 due.
    const s = await schedule(investor, '/me/returns');
    expect(s.counts).toEqual({ scheduled: 4, due: 1, paid: 2, confirmed: 1 });
    expect(s.totals).toEqual({ scheduled: '117700.00', due: '29425.00', paid: '58850.00', confirmed: '29425.00' });
  });

  it('shows the payment to nobody else and lets nobody else move it (404)', async () => {
    const fourth = await instalment(4);
    expect((await markPaid(fourth.id, stranger, { method: 'cash' })).status).toBe(404);
    expect((await markPaid(fourth.id, investor, { method: 'cash' })).status).toBe(404); // the investor does not mark paid
    expect((await api(t.app, 'POST', `/instalments/${(await instalment(2)).id}/confirm`, stranger)).status).toBe(404);
    expect((await api(t.app, 'POST', `/instalments/${(await instalment(2)).id}/confirm`, owner)).status).toBe(404); // nor the owner confirm
    for (const path of ['/me/returns', '/me/repayments']) {
      const theirs = await schedule(stranger, path);
      expect(theirs.items).toEqual([]);
      expect(theirs.counts.scheduled).toBe(0);
    }
    expect((await instalment(4)).status).toBe('due');
  });

  it('counts the answers per version of the form in the studio', async () => {
    const forms = (await api(t.app, 'GET', '/forms', staff)).body as { formId: string; submissions: Record<string, number> }[];
    expect(forms.find((f) => f.formId === 'instalment-paid')).toMatchObject({ submissions: { '1': 3 } });
  });
});
