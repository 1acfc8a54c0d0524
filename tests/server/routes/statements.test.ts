/**
 * Statements for the Bangladesh income year (issue 30 §2), through the API on PGlite and on PostgreSQL when
 * TEST_DATABASE_URL is set. One investor's Murabaha agreement (100,000 at 17.70 % in 7 monthly instalments, DOMAIN.md's
 * example) is accepted, paid and confirmed across the 30 June / 1 July boundary in Asia/Dhaka, with a donation
 * beside it; the statements of the investor and of the owner list the years with activity, put each movement in the
 * year of its Dhaka date, split instalments into principal and profit parts that sum exactly to the agreement's, and
 * total exactly to their rows as JSON, as CSV (parsed by csv-parse) and as PDF (its text read back). Pages of two
 * rows make every section cross page boundaries. Staff produce anyone's statement, audited; others cannot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import { DB_KINDS, json, signUpVerified, startTestApp, type TestApp } from '../helpers';
import { acceptForm, agreementForm, api, fixture, makeStaff, openProject, verifiedOwner, type Person } from '../market-helpers';
import { pdfText } from '../pdf-text';
import { fromPaisa, toPaisa } from '../../../src/shared/domain/money';
import type { Statement, StatementSection, StatementYear } from '../../../src/shared/api/statements';

const TITLE = 'Green "Harvest", Agro';
const FORMULA_TITLE = '=SUM(1,2) Flood relief';

const sum = (values: (string | null)[]) => fromPaisa(values.reduce((acc, v) => acc + toPaisa(v!), 0n));

describe.each(DB_KINDS)('statements for the income year, on %s', (kind) => {
  let t: TestApp;
  let now = new Date('2026-12-01T06:00:00Z');
  let staff: Person;
  let owner: Person;
  let investor: Person;
  let stranger: Person;
  let agreementId: string;
  let donationRef: string;

  const at = (iso: string) => {
    now = new Date(iso);
  };
  const get = (who: Person | null, url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: who ? who.auth : {} });
  const statement = async (who: Person, year: string) => {
    const res = await get(who, `/me/statements/${year}`);
    expect(res.statusCode, res.body).toBe(200);
    return json<Statement>(res);
  };
  const section = (s: Statement, key: StatementSection['key']) => s.sections.find((x) => x.key === key)!;

  beforeAll(async () => {
    t = await startTestApp(kind, { statementPageRows: 2 }, undefined, () => now);
    staff = await makeStaff(t.app);
    owner = await verifiedOwner(t.app, staff);
    investor = await verifiedOwner(t.app, staff);
    stranger = await signUpVerified(t.app);
    expect((await api(t.app, 'PUT', '/profile', investor, { ...fixture('profile'), name: 'Karim Ahmed' })).status).toBe(200);
    const project = await openProject(t.app, owner, staff, { bname: TITLE, askamu: 500000, roi: 17.7, reduration: 7, return: 'Recurring', returningTime: 1, totalDuration: 7, initialins: 0 });
    const relief = await openProject(t.app, owner, staff, { bname: FORMULA_TITLE });

    // Accepted at 12:00 on 1 December 2026 in Dhaka: an investment of 2026-27.
    const request = await api(t.app, 'POST', `/projects/${project}/agreement-requests`, investor, agreementForm(100_000));
    agreementId = request.body.id as string;
    expect((await api(t.app, 'POST', `/agreement-requests/${agreementId}/accept`, owner, acceptForm())).status).toBe(200);
    // A donation of 5,000 confirmed the same day.
    const pledge = await api(t.app, 'POST', `/projects/${relief}/donations`, investor, { amount: 5000, paymentMethod: 'Mobile Banking', name: 'Karim', email: 'karim@example.com' });
    expect(pledge.status).toBe(201);
    donationRef = pledge.body.reference as string;
    expect((await api(t.app, 'POST', `/staff/donations/${pledge.body.id}/review`, staff, { decision: 'approve' })).status).toBe(200);

    const schedule = (await api(t.app, 'GET', `/me/repayments?agreement=${agreementId}`, owner)).body.items as { id: string; seq: number }[];
    expect(schedule).toHaveLength(7);
    const pay = async (seq: number, paidAt: string, confirmedAt: string) => {
      const id = schedule.find((i) => i.seq === seq)!.id;
      at(paidAt);
      expect((await api(t.app, 'POST', `/instalments/${id}/paid`, owner, { method: 'bkash', reference: `9BD4K7QX${seq}M` })).status).toBe(200);
      at(confirmedAt);
      expect((await api(t.app, 'POST', `/instalments/${id}/confirm`, investor)).status).toBe(200);
    };
    // The last millisecond of 30 June 2027 in Dhaka (17:59:59.999 UTC) is still 2026-27…
    await pay(1, '2027-01-05T10:00:00Z', '2027-06-30T17:59:59.999Z');
    // …and 02:00 on 1 July in Dhaka (20:00 UTC on 30 June) is 2027-28: paid in one year, received in the next.
    await pay(2, '2027-06-30T17:30:00Z', '2027-06-30T20:00:00Z');
    for (const seq of [3, 4, 5, 6, 7]) {
      const month = String(seq + 4).padStart(2, '0');
      await pay(seq, `2027-${month}-10T06:00:00Z`, `2027-${month}-12T06:00:00Z`);
    }
    at('2027-12-01T06:00:00Z');
  }, 120_000);
  afterAll(() => t?.close());

  it('lists the income years with activity, newest first, for each person', async () => {
    const years = async (who: Person) => json<{ items: StatementYear[] }>(await get(who, '/me/statements')).items;
    expect(await years(investor)).toEqual([
      { year: '2027-28', from: '2027-07-01', to: '2028-06-30' },
      { year: '2026-27', from: '2026-07-01', to: '2027-06-30' },
    ]);
    expect((await years(owner)).map((y) => y.year)).toEqual(['2027-28', '2026-27']);
    expect(await years(stranger)).toEqual([]);
    expect((await get(null, '/me/statements')).statusCode).toBe(401);
  });

  it("puts each movement in the year of its Dhaka date, with the investor's verified identity", async () => {
    const first = await statement(investor, '2026-27');
    expect(first).toMatchObject({ year: '2026-27', from: '2026-07-01', to: '2027-06-30', currency: 'BDT' });
    expect(first.person).toMatchObject({ name: 'Karim Ahmed', email: investor.email, identity: { verified: true, idType: 'National ID', idNumber: '••••6789' } });
    expect(first.sections.map((s) => s.key)).toEqual(['investments', 'instalmentsReceived', 'donations', 'fundsRaised', 'instalmentsPaid']);
    expect(section(first, 'investments').rows).toMatchObject([{ date: '2026-12-01', projectTitle: TITLE, agreementId, amount: '100000.00', principal: null, profit: null }]);
    expect(section(first, 'instalmentsReceived').rows).toMatchObject([
      { date: '2027-06-30', instalment: { seq: 1, of: 7 }, amount: '16814.28', principal: '14285.71', profit: '2528.57', reference: '9BD4K7QX1M' },
    ]);
    expect(section(first, 'donations').rows).toMatchObject([{ date: '2026-12-01', projectTitle: FORMULA_TITLE, reference: donationRef, amount: '5000.00' }]);
    expect(section(first, 'fundsRaised').rows).toEqual([]);
    expect(section(first, 'instalmentsPaid').rows).toEqual([]);

    const second = await statement(investor, '2027-28');
    const received = section(second, 'instalmentsReceived').rows;
    expect(received.map((r) => [r.instalment!.seq, r.date])).toEqual([
      [2, '2027-07-01'],
      [3, '2027-07-12'],
      [4, '2027-08-12'],
      [5, '2027-09-12'],
      [6, '2027-10-12'],
      [7, '2027-11-12'],
    ]);
    expect(received.at(-1)).toMatchObject({ amount: '16814.32', profit: '2528.58', principal: '14285.74' });
    expect(section(second, 'investments').rows).toEqual([]);
    expect(section(second, 'donations').rows).toEqual([]);

    // Across the two years, the agreement's profit parts add up exactly to total − principal, and the principal parts to the principal.
    const all = [...section(first, 'instalmentsReceived').rows, ...received];
    expect(sum(all.map((r) => r.profit))).toBe('17700.00');
    expect(sum(all.map((r) => r.principal))).toBe('100000.00');
    expect(sum(all.map((r) => r.amount))).toBe('117700.00');
  });

  it("gives the owner funds raised project by project and instalments paid by the date marked paid", async () => {
    const first = await statement(owner, '2026-27');
    expect(section(first, 'fundsRaised').rows).toMatchObject([
      { projectTitle: TITLE, source: 'investment', agreementId, amount: '100000.00', date: '2026-12-01' },
      { projectTitle: FORMULA_TITLE, source: 'donation', reference: donationRef, amount: '5000.00', date: '2026-12-01' },
    ]);
    // Instalment 2 was marked paid at 23:30 on 30 June in Dhaka: the owner's 2026-27, the investor's 2027-28.
    expect(section(first, 'instalmentsPaid').rows.map((r) => [r.instalment!.seq, r.date, r.profit])).toEqual([
      [1, '2027-01-05', '2528.57'],
      [2, '2027-06-30', '2528.57'],
    ]);
    expect(section(first, 'investments').rows).toEqual([]);
    const second = await statement(owner, '2027-28');
    expect(section(second, 'instalmentsPaid').rows.map((r) => r.instalment!.seq)).toEqual([3, 4, 5, 6, 7]);
    expect(section(second, 'fundsRaised').rows).toEqual([]);
  });

  it('totals each section exactly to its rows', async () => {
    for (const who of [investor, owner]) {
      for (const year of ['2026-27', '2027-28']) {
        for (const s of (await statement(who, year)).sections) {
          expect(s.totals.count).toBe(s.rows.length);
          expect(s.totals.amount).toBe(sum(s.rows.map((r) => r.amount)));
          if (s.key === 'instalmentsReceived' || s.key === 'instalmentsPaid') {
            expect(s.totals.principal).toBe(sum(s.rows.map((r) => r.principal)));
            expect(s.totals.profit).toBe(sum(s.rows.map((r) => r.profit)));
            expect(sum([s.totals.principal, s.totals.profit])).toBe(s.totals.amount);
          } else expect([s.totals.principal, s.totals.profit]).toEqual([null, null]);
        }
      }
    }
    expect(section(await statement(investor, '2027-28'), 'instalmentsReceived').totals).toEqual({ count: 6, amount: '100885.72', principal: '85714.29', profit: '15171.43' });
  });

  it('answers a year without activity with an empty statement, and a name that is not a year with a 400', async () => {
    const empty = await statement(investor, '2030-31');
    expect(empty.sections.every((s) => s.rows.length === 0 && s.totals.count === 0 && s.totals.amount === '0.00')).toBe(true);
    for (const bad of ['2026-28', '2026', '2026-2027', 'abcd-ef', '1999-01']) {
      const res = await get(investor, `/me/statements/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(json(res).message).toMatch(/is not an income year\. Name one by its two calendar years, like 2026-27/);
    }
    const format = await get(investor, '/me/statements/2026-27?format=xls');
    expect(format.statusCode).toBe(400);
    expect(json(format).message).toBe('Invalid querystring: format must be json, csv or pdf');
  });

  it('writes the CSV with a header row, quoted fields and total lines equal to the sums of the rows', async () => {
    const res = await get(investor, '/me/statements/2026-27?format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="statement-2026-27.csv"');
    expect(res.body).toContain('"Green ""Harvest"", Agro"');
    const rows = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual(['Line', 'Section', 'Date', 'Project', 'Agreement', 'Instalment', 'Reference', 'Source', 'Amount (BDT)', 'Principal (BDT)', 'Profit (BDT)']);
    const movements = rows.filter((r) => r.Line === 'movement');
    expect(movements.map((r) => [r.Section, r.Date, r.Project, r['Amount (BDT)']])).toEqual([
      ['Investments made', '2026-12-01', TITLE, '100000.00'],
      ['Instalments received', '2027-06-30', TITLE, '16814.28'],
      ['Donations made', '2026-12-01', `'${FORMULA_TITLE}`, '5000.00'],
    ]);
    expect(movements[1]).toMatchObject({ Instalment: '1 of 7', 'Principal (BDT)': '14285.71', 'Profit (BDT)': '2528.57' });
    expect(movements[2]!.Reference).toBe(donationRef);
    const totals = rows.filter((r) => r.Line === 'total');
    expect(totals.map((r) => r.Section)).toEqual(['Investments made', 'Instalments received', 'Donations made', 'Funds raised', 'Instalments paid']);
    for (const total of totals) {
      const mine = movements.filter((r) => r.Section === total.Section);
      expect(total['Amount (BDT)']).toBe(sum(mine.map((r) => r['Amount (BDT)']!)));
      if (total['Principal (BDT)']) expect(total['Principal (BDT)']).toBe(sum(mine.map((r) => r['Principal (BDT)']!)));
    }
  });

  it('draws the PDF with selectable text: the year, the person, the rows and their totals', async () => {
    const res: LightMyRequestResponse = await get(owner, '/me/statements/2026-27?format=pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="statement-2026-27.pdf"');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toMatch(/%%EOF/);
    const text = pdfText(pdf);
    for (const line of ['Statement for the income year 2026-27', '1 Jul 2026 to 30 Jun 2027', 'Funds raised', 'Instalments paid', 'Instalment 2 of 7', '105,000.00', '33,628.56', '5,057.14', '28,571.42', 'Summary']) {
      expect(text, line).toContain(line);
    }
    expect(text).toContain(TITLE);
    expect(text).toContain(`Ref ${donationRef}`);
  });

  it("draws the PDF in its reader's language: Bengali, in the Bengali font, with no English words", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/me/statements/2026-27?format=pdf', headers: { ...owner.auth, 'accept-language': 'bn-BD' } });
    expect(res.statusCode).toBe(200);
    const pdf = res.rawPayload;
    // Its language and its Bengali font (the Bengali text itself is drawn as the font's shaped glyphs, which the plain
    // reader cannot read back: the reference stays in ASCII and reads as ever, the English words are gone).
    expect(pdf.toString('latin1')).toContain('/Lang (bn-BD)');
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansBengali-(Regular|Bold)/);
    const text = pdfText(pdf);
    expect(text).toContain(donationRef);
    for (const english of ['Statement for the income year', 'Summary', 'Instalment 2 of 7', 'Funds raised', 'Total']) expect(text).not.toContain(english);
    // The English statement is unchanged by it.
    expect(pdfText((await get(owner, '/me/statements/2026-27?format=pdf')).rawPayload)).toContain('Statement for the income year 2026-27');
  });

  it("lets staff produce anyone's statement, audited, and nobody else", async () => {
    const res = await get(staff, `/staff/people/${(await statement(investor, '2026-27')).person.id}/statements/2026-27?format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe((await get(investor, '/me/statements/2026-27?format=csv')).body);
    const person = (await statement(investor, '2026-27')).person.id;
    const audited = await t.app.db.selectFrom('audit_log').selectAll().where('subject_id', '=', person).where('action', 'like', 'statement.%').execute();
    expect(audited).toMatchObject([{ action: 'statement.produce', subject_type: 'user', note: 'income year 2026-27 as CSV' }]);
    const staffId = (await t.app.db.selectFrom('users').select('id').where('email', '=', staff.email).executeTakeFirstOrThrow()).id;
    expect(audited[0]!.actor_id).toBe(staffId);
    expect(json<{ items: StatementYear[] }>(await get(staff, `/staff/people/${person}/statements`)).items.map((y) => y.year)).toEqual(['2027-28', '2026-27']);
    expect(await t.app.db.selectFrom('audit_log').select('action').where('subject_id', '=', person).where('action', '=', 'statement.years').execute()).toHaveLength(1);

    // Not staff: refused as every staff route refuses (403), the owner's own statement unchanged; no such person: 404.
    for (const who of [stranger, owner]) {
      expect((await get(who, `/staff/people/${person}/statements/2026-27`)).statusCode).toBe(403);
      expect((await get(who, `/staff/people/${person}/statements`)).statusCode).toBe(403);
    }
    expect((await get(null, `/staff/people/${person}/statements/2026-27`)).statusCode).toBe(401);
    expect((await get(staff, '/staff/people/00000000-0000-4000-8000-000000000000/statements/2026-27')).statusCode).toBe(404);
    expect((await get(staff, `/staff/people/${person}/statements/2026-28`)).statusCode).toBe(400);
    // A stranger's own statement of the same year shows none of the investor's money.
    const theirs = await statement(stranger, '2026-27');
    expect(theirs.sections.every((s) => s.rows.length === 0)).toBe(true);
    expect(await t.app.db.selectFrom('audit_log').select('action').where('action', 'like', 'statement.%').execute()).toHaveLength(2);
  });
});
