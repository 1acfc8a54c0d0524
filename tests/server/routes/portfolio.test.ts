/**
 * The portfolio (issue 30 §1, §4) through the API, with the business clock set: totals (invested, received,
 * outstanding, overdue, profit received), each agreement's figures and next instalment, money by month, the owner's
 * side, the zakat estimate; XIRR per agreement and for the portfolio against Excel's published example and against
 * the `xirr` package on random schedules (flows built here from DOMAIN.md's words and the schedules the API shows);
 * profit parts summing exactly; nobody seeing anyone else's money; the read model equal to a rebuild from the records.
 * On PGlite and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import referenceXirr from 'xirr';
import { DB_KINDS, signUpVerified, startTestApp, type TestApp } from '../helpers';
import { acceptForm, agreementForm, api, makeStaff, openProject, verifiedOwner, type Person } from '../market-helpers';
import { dhakaDate, addDays } from '../../../src/shared/format/dhaka-calendar';
import { fromPaisa, toPaisa } from '../../../src/shared/domain/money';
import { profitParts } from '../../../src/shared/domain/profit-parts';
import { rng } from '../../../scripts/lib/fuzz';
import type { Portfolio, PortfolioAgreement } from '../../../src/shared/api/portfolio';

interface ScheduleItem {
  id: string;
  seq: number;
  dueOn: string;
  amount: string;
  status: 'due' | 'paid' | 'confirmed';
  confirmedAt: string | null;
}

/** Noon in Dhaka on a calendar date. */
const noon = (date: string) => new Date(`${date}T06:00:00Z`);

/** The `xirr` package's rate (Newton from its guess, then a few others, as its README advises), or null. */
function packageXirr(flows: readonly { amount: number; date: string }[]): number | null {
  const transactions = flows.map((f) => ({ amount: f.amount, when: new Date(`${f.date}T00:00:00Z`) }));
  for (const guess of [undefined, 0.1, 0.5, 1, 2]) {
    try {
      return referenceXirr(transactions, { guess, tolerance: 1e-10, maxIterations: 100 });
    } catch {
      // next guess
    }
  }
  return null;
}

describe.each(DB_KINDS)('the portfolio on %s', (kind) => {
  let t: TestApp;
  let staff: Person;
  let owner: Person;
  /** The business clock; the wall clock while null. */
  let clock: Date | null = null;

  beforeAll(async () => {
    // Retail limits off: one investor here holds more than a retail investor may (issue 31 has its own tests).
    t = await startTestApp(kind, { zakatNisabBdt: '150000', minInvestment: 1000, limitRetailPerYear: 0, limitRetailPerProject: 0 }, undefined, () => clock ?? new Date());
    staff = await makeStaff(t.app);
    owner = await verifiedOwner(t.app, staff);
  }, 120_000);
  afterAll(() => t?.close());

  const at = async <T>(date: Date | null, fn: () => Promise<T>): Promise<T> => {
    clock = date;
    try {
      return await fn();
    } finally {
      clock = null;
    }
  };

  /**
   * A project with these terms approved and an agreement for `amount` requested (now: a request is refused once the
   * campaign's end has passed by the wall clock), then accepted on `on` (noon, Dhaka), the date its schedule counts from.
   */
  async function acceptedOn(investor: Person, on: string, amount: number, terms: Record<string, unknown> = {}): Promise<string> {
    const project = await openProject(t.app, owner, staff, terms);
    const request = await api(t.app, 'POST', `/projects/${project}/agreement-requests`, investor, agreementForm(amount));
    expect(request.status, JSON.stringify(request.body)).toBe(201);
    const accepted = await at(noon(on), () => api(t.app, 'POST', `/agreement-requests/${request.body.id}/accept`, owner, acceptForm()));
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    return request.body.id as string;
  }

  const schedule = async (investor: Person, agreementId: string) =>
    (await api(t.app, 'GET', `/me/returns?agreement=${agreementId}&limit=100`, investor)).body.items as ScheduleItem[];

  /** The owner marks instalment `seq` paid and the investor confirms it, on `on` (noon, Dhaka). */
  async function confirmedOn(investor: Person, agreementId: string, seq: number, on: string) {
    const item = (await schedule(investor, agreementId)).find((i) => i.seq === seq)!;
    await at(noon(on), async () => {
      expect((await api(t.app, 'POST', `/instalments/${item.id}/paid`, owner, { method: 'cash' })).status).toBe(200);
      expect((await api(t.app, 'POST', `/instalments/${item.id}/confirm`, investor)).status).toBe(200);
    });
  }

  const portfolioOn = async (who: Person, on: string) =>
    at(noon(on), async () => {
      const res = await api(t.app, 'GET', '/me/portfolio', who);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as Portfolio;
    });

  const agreementOf = (p: Portfolio, id: string) => p.agreements.items.find((a) => a.id === id)!;

  /** DOMAIN.md's flows of an agreement, from what the API shows of it: expected, and to date on `today`. */
  async function flowsOf(investor: Person, a: PortfolioAgreement, today: string) {
    const items = await schedule(investor, a.id);
    const principal = toPaisa(a.amount);
    const parts = profitParts(principal, items.reduce((s, i) => s + toPaisa(i.amount), 0n), items.map((i) => toPaisa(i.amount)));
    const confirmedDay = (i: ScheduleItem) => (i.confirmedAt ? dhakaDate(i.confirmedAt) : null);
    const expected = [{ amount: -Number(a.amount), date: a.acceptedOn }, ...items.map((i) => ({ amount: Number(i.amount), date: confirmedDay(i) ?? i.dueOn }))];
    const confirmed = items.map((i, k) => ({ i, part: parts[k]! })).filter(({ i }) => i.status === 'confirmed');
    const principalBack = confirmed.reduce((s, { part }) => s + part.principal, 0n);
    const toDate = [
      { amount: -Number(a.amount), date: a.acceptedOn },
      ...confirmed.map(({ i }) => ({ amount: Number(i.amount), date: confirmedDay(i)! })),
      ...(principal > principalBack ? [{ amount: Number(fromPaisa(principal - principalBack)), date: today }] : []),
    ];
    return { expected, toDate };
  }

  describe('an investor with two agreements, one instalment confirmed', () => {
    let investor: Person;
    let recurring: string;
    let onTime: string;
    beforeAll(async () => {
      investor = await signUpVerified(t.app);
      // 100,000 at 17.70 % every 3 months over 12: four of 29,425.00; 50,000 at 9 % on time after 6 months: 54,500.00.
      recurring = await acceptedOn(investor, '2026-01-10', 100_000);
      onTime = await acceptedOn(investor, '2026-02-15', 50_000, { return: 'On-time', reduration: 6, roi: 9 });
      await confirmedOn(investor, recurring, 1, '2026-04-12');
    }, 120_000);

    it('sums what was put in, what came back, what is outstanding and the profit part of what came back', async () => {
      const p = await portfolioOn(investor, '2026-05-01');
      expect(p.asOf).toBe('2026-05-01');
      expect(p.totals).toEqual({
        invested: '150000.00',
        received: '29425.00',
        outstanding: '142775.00', // 117,700 + 54,500 − 29,425
        awaitingConfirmation: '0.00',
        overdue: '0.00',
        profitReceived: '4425.00', // floor(29,425 × 17,700 / 117,700) = 4,425.00
      });
      expect(p.months).toEqual([
        { month: '2026-01', out: '100000.00', received: '0.00', expected: '0.00' },
        { month: '2026-02', out: '50000.00', received: '0.00', expected: '0.00' },
        { month: '2026-04', out: '0.00', received: '29425.00', expected: '0.00' },
        { month: '2026-07', out: '0.00', received: '0.00', expected: '29425.00' },
        { month: '2026-08', out: '0.00', received: '0.00', expected: '54500.00' },
        { month: '2026-10', out: '0.00', received: '0.00', expected: '29425.00' },
        { month: '2027-01', out: '0.00', received: '0.00', expected: '29425.00' },
      ]);
      expect(p.agreements.nextCursor).toBeNull();
      expect(p.agreements.items.map((a) => a.id)).toEqual([onTime, recurring]); // newest first
      expect(agreementOf(p, recurring)).toMatchObject({
        amount: '100000.00',
        status: 'accepted',
        investmentType: 'Halal Way',
        acceptedOn: '2026-01-10',
        total: '117700.00',
        received: '29425.00',
        outstanding: '88275.00',
        overdue: '0.00',
        profitReceived: '4425.00',
        instalments: 4,
        confirmedInstalments: 1,
        nextInstalment: { seq: 2, dueOn: '2026-07-10', amount: '29425.00', overdue: false },
        scheduleLink: `/dashboard/returns?view=returns&agreement=${recurring}`,
      });
      expect(agreementOf(p, onTime)).toMatchObject({ total: '54500.00', received: '0.00', outstanding: '54500.00', nextInstalment: { seq: 1, dueOn: '2026-08-15', amount: '54500.00', overdue: false } });
      expect(agreementOf(p, recurring).projectTitle).toBe('Green Harvest Agro');
    });

    it("gives each agreement's XIRR and the portfolio's, expected and to date, as the xirr package does on the same flows", async () => {
      const today = '2026-05-01';
      const p = await portfolioOn(investor, today);
      const all = { expected: [] as { amount: number; date: string }[], toDate: [] as { amount: number; date: string }[] };
      for (const a of p.agreements.items) {
        const flows = await flowsOf(investor, a, today);
        all.expected.push(...flows.expected);
        all.toDate.push(...flows.toDate);
        expect(a.xirrReason).toBeNull();
        expect(a.xirrToDateReason).toBeNull();
        expect(Math.abs(a.xirr! - packageXirr(flows.expected)!)).toBeLessThan(1e-9);
        expect(Math.abs(a.xirrToDate! - packageXirr(flows.toDate)!)).toBeLessThan(1e-9);
      }
      expect(Math.abs(p.xirr! - packageXirr(all.expected)!)).toBeLessThan(1e-9);
      expect(Math.abs(p.xirrToDate! - packageXirr(all.toDate)!)).toBeLessThan(1e-9);
      // Plausible, too: 17.70 % over a year repaid quarterly is well over 17.70 % a year; 9 % over six months about 18 %.
      expect(agreementOf(p, recurring).xirr!).toBeGreaterThan(0.3);
      expect(agreementOf(p, onTime).xirr!).toBeGreaterThan(0.18);
      // Nothing received on the 50,000 yet: to date it has earned nothing.
      expect(agreementOf(p, onTime).xirrToDate).toBeCloseTo(0, 9);
    });

    it('counts an instalment not marked paid by its due date as overdue, for the investor and the owner', async () => {
      const before = await portfolioOn(investor, '2026-07-10');
      expect(before.totals.overdue).toBe('0.00');
      const p = await portfolioOn(investor, '2026-07-11');
      expect(p.totals.overdue).toBe('29425.00');
      expect(agreementOf(p, recurring)).toMatchObject({ overdue: '29425.00', nextInstalment: { seq: 2, dueOn: '2026-07-10', overdue: true } });
      // Marked paid, it is no longer overdue but still outstanding until the investor confirms it.
      const item = (await schedule(investor, recurring)).find((i) => i.seq === 2)!;
      await at(noon('2026-07-12'), async () => expect((await api(t.app, 'POST', `/instalments/${item.id}/paid`, owner, { method: 'cash' })).status).toBe(200));
      const paid = await portfolioOn(investor, '2026-07-13');
      expect(paid.totals).toMatchObject({ overdue: '0.00', outstanding: '142775.00', awaitingConfirmation: '29425.00' });
      expect(agreementOf(paid, recurring).nextInstalment).toEqual({ seq: 3, dueOn: '2026-10-10', amount: '29425.00', overdue: false });
      // Its expected flow is still its due date until confirmed; confirmed, it moves to the day of confirmation.
      await at(noon('2026-07-20'), async () => expect((await api(t.app, 'POST', `/instalments/${item.id}/confirm`, investor)).status).toBe(200));
      const confirmed = await portfolioOn(investor, '2026-07-21');
      expect(confirmed.totals).toMatchObject({ received: '58850.00', outstanding: '113350.00', awaitingConfirmation: '0.00', profitReceived: '8850.00' });
      expect(confirmed.months.find((m) => m.month === '2026-07')).toEqual({ month: '2026-07', out: '0.00', received: '29425.00', expected: '0.00' });
    });

    it("shows the owner what their projects raised, repaid, what is due and overdue, and what they owe next", async () => {
      const p = await portfolioOn(owner, '2026-08-16');
      // Nothing held as investor.
      expect(p.totals.invested).toBe('0.00');
      expect(p.agreements.items).toEqual([]);
      expect(p.owner.totals).toEqual({ raised: '150000.00', repaid: '58850.00', due: '113350.00', overdue: '54500.00' });
      expect(p.owner.next).toEqual({ dueOn: '2026-08-15', amount: '54500.00', overdue: true });
      const byTitle = p.owner.projects.items;
      expect(byTitle).toHaveLength(2);
      expect(byTitle[0]).toMatchObject({ raised: '50000.00', repaid: '0.00', due: '54500.00', overdue: '54500.00', next: { dueOn: '2026-08-15', amount: '54500.00', instalments: 1, overdue: true } });
      expect(byTitle[1]).toMatchObject({ raised: '100000.00', repaid: '58850.00', due: '58850.00', overdue: '0.00', next: { dueOn: '2026-10-10', amount: '29425.00', instalments: 1, overdue: false } });
      // The owner's own page of projects, and a page link that is not one.
      const page = await at(noon('2026-08-16'), () => api(t.app, 'GET', '/me/portfolio/projects?limit=1', owner));
      expect(page.body.items).toHaveLength(1);
      const next = await at(noon('2026-08-16'), () => api(t.app, 'GET', `/me/portfolio/projects?limit=1&cursor=${page.body.nextCursor}`, owner));
      expect(next.body.items.map((i: { id: string }) => i.id)).toEqual([byTitle[1]!.id]);
      expect((await api(t.app, 'GET', '/me/portfolio/projects?cursor=nonsense', owner)).status).toBe(400);
    });

    it('estimates zakat at 2.5 % of the outstanding receivables when they reach the nisab, step by step', async () => {
      const p = await portfolioOn(investor, '2026-07-21');
      // Outstanding 113,350.00 is below the nisab of 150,000: nothing due.
      expect(p.zakat).toEqual({
        estimate: true,
        asOf: '2026-07-21',
        holdings: '113350.00',
        nisab: '150000.00',
        due: '0.00',
        steps: [
          { step: 'holdings', amount: '113350.00' },
          { step: 'nisab', amount: '150000.00', reached: false },
          { step: 'rate', amount: '2833.75', percent: '2.5' },
          { step: 'due', amount: '0.00' },
        ],
      });
      // 50,000 more at 17.70 %: 58,850 more owed, 172,200.00 in all, past the nisab.
      await acceptedOn(investor, '2026-07-22', 50_000);
      const more = await portfolioOn(investor, '2026-07-23');
      expect(more.zakat).toMatchObject({ holdings: '172200.00', due: '4305.00' });
      expect(more.zakat.steps[1]).toEqual({ step: 'nisab', amount: '150000.00', reached: true });
    });

    it('shows an agreement in default once an instalment is overdue DEFAULT_AFTER_DAYS (the late-payments job)', async () => {
      // 54,500 due on 15 Aug 2026 and never paid: 90 days later, 13 Nov, the job puts the agreement into default.
      await t.app.jobs.run('late-payments', noon('2026-11-12'));
      expect(agreementOf(await portfolioOn(investor, '2026-11-12'), onTime).inDefaultSince).toBeNull();
      await t.app.jobs.run('late-payments', noon('2026-11-13'));
      const p = await portfolioOn(investor, '2026-11-13');
      expect(agreementOf(p, onTime)).toMatchObject({ status: 'accepted', inDefaultSince: '2026-11-13', overdue: '54500.00' });
      expect(agreementOf(p, recurring).inDefaultSince).toBeNull();
      // Still held: its money counts in every total.
      expect(p.totals.invested).toBe('200000.00');
    });

    it("shows nobody else's money: another person's portfolio is empty, and signed out there is none", async () => {
      const stranger = await signUpVerified(t.app);
      const p = await portfolioOn(stranger, '2026-07-21');
      expect(p.totals).toEqual({ invested: '0.00', received: '0.00', outstanding: '0.00', awaitingConfirmation: '0.00', overdue: '0.00', profitReceived: '0.00' });
      expect(p).toMatchObject({ xirr: null, xirrReason: 'no_agreements', xirrToDate: null, xirrToDateReason: 'no_agreements', months: [], agreements: { items: [], nextCursor: null } });
      expect(p.owner).toEqual({ totals: { raised: '0.00', repaid: '0.00', due: '0.00', overdue: '0.00' }, next: null, projects: { items: [], nextCursor: null } });
      expect((await api(t.app, 'GET', '/me/portfolio/agreements', stranger)).body).toEqual({ items: [], nextCursor: null });
      for (const path of ['/me/portfolio', '/me/portfolio/agreements', '/me/portfolio/projects']) expect((await api(t.app, 'GET', path, null)).status).toBe(401);
    });
  });

  it('sums the profit parts of a fully repaid agreement exactly to total − principal (DOMAIN.md example)', async () => {
    const investor = await signUpVerified(t.app);
    // 100,000 at 17.70 % in 7 monthly instalments: six of 16,814.28 and a last of 16,814.32.
    const id = await acceptedOn(investor, '2026-03-01', 100_000, { returningTime: 1, totalDuration: 7, reduration: 7 });
    const items = await schedule(investor, id);
    expect(items.map((i) => i.amount)).toEqual([...Array(6).fill('16814.28'), '16814.32']);
    const rows = await t.app.db.selectFrom('instalments').select(['seq', 'profit_part']).where('agreement_id', '=', id).orderBy('seq').execute();
    expect(rows.map((r) => r.profit_part)).toEqual([...Array(6).fill('2528.57'), '2528.58']);
    for (const i of items.slice(0, 3)) await confirmedOn(investor, id, i.seq, addDays(i.dueOn, 1));
    const partway = await portfolioOn(investor, '2026-07-01');
    expect(partway.totals.profitReceived).toBe('7585.71');
    for (const i of items.slice(3)) await confirmedOn(investor, id, i.seq, i.dueOn);
    const p = await portfolioOn(investor, '2026-12-31');
    expect(p.totals).toMatchObject({ invested: '100000.00', received: '117700.00', outstanding: '0.00', profitReceived: '17700.00' });
    expect(agreementOf(p, id)).toMatchObject({ profitReceived: '17700.00', nextInstalment: null, confirmedInstalments: 7 });
    // Repaid in full, the two rates are one: nothing is left to expect.
    expect(agreementOf(p, id).xirrToDate).toBe(agreementOf(p, id).xirr);
  });

  it("gives Excel's published XIRR for a portfolio whose money moved on Excel's dates", async () => {
    const investor = await signUpVerified(t.app);
    // −10,000 on 2008-01-01 (four agreements of 2,500), back 2,750, 4,250, 3,250 and 2,750 (their totals at 10, 70, 30
    // and 10 %), each confirmed on Excel's date.
    const back: [roi: number, on: string][] = [
      [10, '2008-03-01'],
      [70, '2008-10-30'],
      [30, '2009-02-15'],
      [10, '2009-04-01'],
    ];
    const ids: string[] = [];
    for (const [roi] of back) ids.push(await acceptedOn(investor, '2008-01-01', 2_500, { return: 'On-time', reduration: 12, roi }));
    for (const [k, [, on]] of back.entries()) await confirmedOn(investor, ids[k]!, 1, on);
    const p = await portfolioOn(investor, '2009-05-01');
    expect(p.totals).toMatchObject({ invested: '10000.00', received: '13000.00', outstanding: '0.00', profitReceived: '3000.00' });
    // Excel prints 0.373362535; the root, certified by a change of sign, is 0.37336253351883… (the xirr package's).
    expect(Math.abs(p.xirr! - 0.373362535)).toBeLessThan(2e-9);
    expect(Math.abs(p.xirr! - 0.373362533518831)).toBeLessThan(1e-9);
    expect(p.xirrToDate).toBe(p.xirr);
    // Each agreement alone: 2,500 → 2,750 in 60 days is (1.1)^(365/60) − 1.
    expect(agreementOf(p, ids[0]!).xirr!).toBeCloseTo(1.1 ** (365 / 60) - 1, 9);
  });

  it('agrees with the xirr package per agreement and for the portfolio on random schedules, a page at a time (seeded)', async () => {
    const next = rng(20261130);
    const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
    const investor = await signUpVerified(t.app);
    const ids: string[] = [];
    for (let n = 0; n < 12; n++) {
      const on = addDays('2025-01-01', int(0, 500));
      const roi = int(100, 4000) / 100;
      const terms =
        next() < 0.4
          ? { return: 'On-time', reduration: int(1, 24), roi }
          : (() => {
              const every = int(1, 6);
              const over = every * int(1, 8);
              return { return: 'Recurring', returningTime: every, totalDuration: over, reduration: over, roi };
            })();
      const id = await acceptedOn(investor, on, int(1_000, 500_000) + int(0, 99) / 100, terms);
      ids.push(id);
      // About half the instalments confirmed: on their due date, or up to 10 days early or 60 late (not before acceptance).
      for (const i of await schedule(investor, id)) {
        if (next() < 0.5) continue;
        const day = addDays(i.dueOn, int(-10, 60));
        await confirmedOn(investor, id, i.seq, day < on ? on : day);
      }
    }
    const today = '2027-06-30';
    const p = await portfolioOn(investor, today);
    expect(p.agreements.items).toHaveLength(10);
    const rest = await at(noon(today), () => api(t.app, 'GET', `/me/portfolio/agreements?cursor=${p.agreements.nextCursor}`, investor));
    expect(rest.body.nextCursor).toBeNull();
    const agreements = [...p.agreements.items, ...(rest.body.items as PortfolioAgreement[])];
    expect(agreements.map((a) => a.id).sort()).toEqual([...ids].sort());
    const all = { expected: [] as { amount: number; date: string }[], toDate: [] as { amount: number; date: string }[] };
    for (const a of agreements) {
      const flows = await flowsOf(investor, a, today);
      all.expected.push(...flows.expected);
      all.toDate.push(...flows.toDate);
      for (const [ours, theirs] of [
        [a.xirr, packageXirr(flows.expected)],
        [a.xirrToDate, packageXirr(flows.toDate)],
      ] as const) {
        expect(theirs, JSON.stringify(flows)).not.toBeNull();
        expect(Math.abs(ours! - theirs!), `${ours} vs ${theirs}: ${JSON.stringify(flows)}`).toBeLessThan(1e-9);
      }
    }
    expect(Math.abs(p.xirr! - packageXirr(all.expected)!)).toBeLessThan(1e-9);
    expect(Math.abs(p.xirrToDate! - packageXirr(all.toDate)!)).toBeLessThan(1e-9);
    // The totals are the agreements' sums.
    const sum = (pick: (a: PortfolioAgreement) => string) => fromPaisa(agreements.reduce((s, a) => s + toPaisa(pick(a)), 0n));
    expect(p.totals).toMatchObject({ invested: sum((a) => a.amount), received: sum((a) => a.received), outstanding: sum((a) => a.outstanding), profitReceived: sum((a) => a.profitReceived) });
  }, 300_000);

  it('says "not available" with a reason rather than a number: the day an agreement is accepted there is no rate to date', async () => {
    const investor = await signUpVerified(t.app);
    const id = await acceptedOn(investor, '2026-09-01', 20_000);
    const p = await portfolioOn(investor, '2026-09-01');
    expect(agreementOf(p, id)).toMatchObject({ xirrToDate: null, xirrToDateReason: 'too_early', xirrReason: null });
    expect(p).toMatchObject({ xirrToDate: null, xirrToDateReason: 'too_early' });
    expect(agreementOf(p, id).xirr).toBeGreaterThan(0);
  });

  it('keeps the read model equal to a rebuild from the records, through every move made here and direct ones', async () => {
    const investor = await signUpVerified(t.app);
    const kept1 = await acceptedOn(investor, '2026-05-05', 30_000);
    const gone = await acceptedOn(investor, '2026-05-06', 40_000);
    await confirmedOn(investor, kept1, 1, '2026-08-01');
    await confirmedOn(investor, gone, 1, '2026-08-02');
    // Moves the routes do not make yet: issue 31's cancellation (the agreement leaves, its instalments are removed),
    // an instalment moved to another day, one confirmation undone.
    await t.app.db.deleteFrom('instalments').where('agreement_id', '=', gone).execute();
    await sql`UPDATE agreement_requests SET status = 'withdrawn' WHERE id = ${gone}`.execute(t.app.db);
    await sql`UPDATE instalments SET due_on = due_on + 3 WHERE agreement_id = ${kept1} AND seq = 2`.execute(t.app.db);
    await sql`UPDATE instalments SET status = 'paid', confirmed_at = NULL WHERE agreement_id = ${kept1} AND seq = 1`.execute(t.app.db);
    const snapshot = async () =>
      (await sql`SELECT user_id, day::text, invested::numeric(20, 2)::text, due::numeric(20, 2)::text, paid::numeric(20, 2)::text,
                        received::numeric(20, 2)::text, received_profit::numeric(20, 2)::text, owed::numeric(20, 2)::text
                   FROM portfolio_days
                  WHERE invested <> 0 OR due <> 0 OR paid <> 0 OR received <> 0 OR received_profit <> 0 OR owed <> 0 ORDER BY user_id, day`.execute(t.app.db)).rows;
    const kept = await snapshot();
    expect(kept.length).toBeGreaterThan(5);
    await sql`SELECT portfolio_days_refresh()`.execute(t.app.db);
    expect(await snapshot()).toEqual(kept);
  });
});

describe.each(DB_KINDS)('the zakat estimate without a nisab, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  }, 120_000);
  afterAll(() => t?.close());

  it('shows the holdings and no estimate while staff have not set ZAKAT_NISAB_BDT', async () => {
    const who = await signUpVerified(t.app);
    const res = await api(t.app, 'GET', '/me/portfolio', who);
    expect(res.status).toBe(200);
    expect(res.body.zakat).toMatchObject({ estimate: true, holdings: '0.00', nisab: null, due: null, steps: [{ step: 'holdings', amount: '0.00' }] });
  });
});
