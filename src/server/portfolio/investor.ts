/**
 * The investor's side of the portfolio: totals, XIRR, the monthly series and the zakat basis from the person's rows of
 * the read model (`portfolio_days`, a few hundred rows whatever the number of agreements), and the held agreements a
 * page at a time, each with its instalments in the same query.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { fromPaisa, toPaisa } from '../../shared/domain/money';
import { agreementDays, expectedFlows, rateOf, toDateFlows, type DaySums, type HeldInstalment, type Rate } from '../../shared/domain/portfolio-flows';
import type { AgreementsPage, PortfolioAgreement, PortfolioMonth, PortfolioTotals, RateReason } from '../../shared/api/portfolio';
import { newestPage } from '../market/cursor';
import { dhakaDate } from '../../shared/format/dhaka-calendar';
import { noticeLinks } from '../modules/notices/service';
import { HELD_STATUSES_SQL, REPAID_TYPES_SQL } from './held';

/** A day of the read model, in paisa, with the owner's column. */
export interface PersonDay extends DaySums {
  owed: bigint;
}

/** What an owner's projects raised and repaid in all (the counters of migration 009), paisa. */
export interface OwnerFigures {
  raised: bigint;
  repaid: bigint;
}

interface MoneyRow {
  raised: string | null;
  repaid: string | null;
  day: string | null;
  invested: string | null;
  due: string | null;
  paid: string | null;
  received: string | null;
  received_profit: string | null;
  owed: string | null;
}

/** The person's rows of the read model, oldest first, and their owner's counters: one query. */
export async function personMoney(db: Kysely<DB>, userId: string): Promise<{ days: PersonDay[]; figures: OwnerFigures }> {
  const { rows } = await sql<MoneyRow>`
    SELECT f.received AS raised, f.returned AS repaid, d.day::text AS day, d.invested, d.due, d.paid, d.received, d.received_profit, d.owed
      FROM (SELECT 1) one
      LEFT JOIN user_figures f ON f.user_id = ${userId}
      LEFT JOIN portfolio_days d ON d.user_id = ${userId}
     ORDER BY d.day`.execute(db);
  const first = rows[0];
  const days = rows
    .filter((r) => r.day !== null)
    .map((r) => ({
      day: r.day!,
      invested: toPaisa(r.invested!),
      due: toPaisa(r.due!),
      paid: toPaisa(r.paid!),
      received: toPaisa(r.received!),
      receivedProfit: toPaisa(r.received_profit!),
      owed: toPaisa(r.owed!),
    }));
  return { days, figures: { raised: toPaisa(first?.raised ?? '0'), repaid: toPaisa(first?.repaid ?? '0') } };
}

const sum = (days: readonly PersonDay[], pick: (d: PersonDay) => bigint) => days.reduce((acc, d) => acc + pick(d), 0n);

/** The investor's totals (paisa) over their days; `today` decides what is overdue. */
export function investorTotals(days: readonly PersonDay[], today: string) {
  return {
    invested: sum(days, (d) => d.invested),
    received: sum(days, (d) => d.received),
    outstanding: sum(days, (d) => d.due + d.paid),
    awaitingConfirmation: sum(days, (d) => d.paid),
    overdue: sum(days, (d) => (d.day < today ? d.due : 0n)),
    profitReceived: sum(days, (d) => d.receivedProfit),
  };
}

export function totalsView(t: ReturnType<typeof investorTotals>): PortfolioTotals {
  return {
    invested: fromPaisa(t.invested),
    received: fromPaisa(t.received),
    outstanding: fromPaisa(t.outstanding),
    awaitingConfirmation: fromPaisa(t.awaitingConfirmation),
    overdue: fromPaisa(t.overdue),
    profitReceived: fromPaisa(t.profitReceived),
  };
}

/** Expected and to-date XIRR of days of held money; `empty` is the reason when nothing is held. */
export function ratesOf(days: readonly DaySums[], today: string, empty: RateReason) {
  const held = days.filter((d) => d.invested !== 0n || d.due !== 0n || d.paid !== 0n || d.received !== 0n);
  const none: Rate = { rate: null, reason: empty };
  const expected = held.length === 0 ? none : rateOf(expectedFlows(held));
  const toDate = held.length === 0 ? none : rateOf(toDateFlows(held, today));
  return { xirr: expected.rate, xirrReason: expected.reason, xirrToDate: toDate.rate, xirrToDateReason: toDate.reason };
}

/** Money out and back by month (Dhaka dates), months with no investor money left out. */
export function monthsOf(days: readonly PersonDay[]): PortfolioMonth[] {
  const months = new Map<string, { out: bigint; received: bigint; expected: bigint }>();
  for (const d of days) {
    if (d.invested === 0n && d.received === 0n && d.due === 0n && d.paid === 0n) continue;
    const key = d.day.slice(0, 7);
    const m = months.get(key) ?? { out: 0n, received: 0n, expected: 0n };
    m.out += d.invested;
    m.received += d.received;
    m.expected += d.due + d.paid;
    months.set(key, m);
  }
  return [...months].map(([month, m]) => ({ month, out: fromPaisa(m.out), received: fromPaisa(m.received), expected: fromPaisa(m.expected) }));
}

interface InstalmentJson {
  seq: number;
  dueOn: string;
  amount: string;
  profit: string;
  status: HeldInstalment['status'];
  /** A timestamp as json_build_object writes it; null until confirmed. */
  confirmedAt: string | null;
}

/** One page, newest request first, of the person's held agreements, each with its figures and XIRR. */
export async function agreementsPage(db: Kysely<DB>, userId: string, today: string, cursor: string | undefined, limit: number): Promise<AgreementsPage> {
  const query = db
    .selectFrom('agreement_requests as a')
    .innerJoin('projects as p', 'p.id', 'a.project_id')
    .select([
      'a.id',
      'a.project_id',
      'p.title as project_title',
      'a.amount',
      'a.status',
      'a.investment_type',
      sql<string>`a.created_at::text`.as('created_key'),
      'a.decided_at',
      'a.created_at',
      'a.in_default_since',
      // Amounts as text (exact), dates as PostgreSQL writes them; the Dhaka dates are worked out by the shared calendar.
      sql<InstalmentJson[] | null>`(
        SELECT json_agg(json_build_object('seq', i.seq, 'dueOn', i.due_on, 'amount', i.amount::text, 'profit', i.profit_part::text,
                                          'status', i.status, 'confirmedAt', i.confirmed_at) ORDER BY i.seq)
          FROM instalments i WHERE i.agreement_id = a.id)`.as('instalments'),
    ])
    .where('a.investor_id', '=', userId)
    .where(sql<boolean>`a.status IN ${sql.raw(HELD_STATUSES_SQL)} AND a.investment_type IN ${sql.raw(REPAID_TYPES_SQL)}`);
  const { shown, nextCursor } = await newestPage(query, 'a', cursor, limit);
  return { items: shown.map((row) => agreementView(row, today)), nextCursor };
}

function agreementView(
  row: {
    id: string;
    project_id: string;
    project_title: string;
    amount: string;
    status: string;
    investment_type: string;
    decided_at: Date | null;
    created_at: Date;
    in_default_since: Date | null;
    instalments: InstalmentJson[] | null;
  },
  today: string,
): PortfolioAgreement {
  const acceptedOn = dhakaDate(row.decided_at ?? row.created_at);
  const json = row.instalments ?? [];
  const instalments: HeldInstalment[] = json.map((i) => ({
    dueOn: i.dueOn,
    amount: toPaisa(i.amount),
    profit: toPaisa(i.profit),
    status: i.status,
    confirmedOn: i.confirmedAt === null ? null : dhakaDate(i.confirmedAt),
  }));
  const of = (pick: (i: HeldInstalment) => boolean) => instalments.filter(pick).reduce((acc, i) => acc + i.amount, 0n);
  const nextIndex = instalments.findIndex((i) => i.status === 'due');
  const next = nextIndex >= 0 ? { json: json[nextIndex]!, due: instalments[nextIndex]! } : null;
  const rates = instalments.length === 0 ? ratesOf([], today, 'no_schedule') : ratesOf(agreementDays({ principal: toPaisa(row.amount), acceptedOn, instalments }), today, 'no_schedule');
  return {
    id: row.id,
    projectId: row.project_id,
    projectTitle: row.project_title,
    amount: row.amount,
    status: row.status,
    investmentType: row.investment_type,
    acceptedOn,
    inDefaultSince: row.in_default_since ? dhakaDate(row.in_default_since) : null,
    total: fromPaisa(of(() => true)),
    received: fromPaisa(of((i) => i.status === 'confirmed')),
    outstanding: fromPaisa(of((i) => i.status !== 'confirmed')),
    overdue: fromPaisa(of((i) => i.status === 'due' && i.dueOn < today)),
    profitReceived: fromPaisa(instalments.filter((i) => i.status === 'confirmed').reduce((acc, i) => acc + i.profit, 0n)),
    instalments: instalments.length,
    confirmedInstalments: instalments.filter((i) => i.status === 'confirmed').length,
    nextInstalment: next && { seq: next.json.seq, dueOn: next.due.dueOn, amount: fromPaisa(next.due.amount), overdue: next.due.dueOn < today },
    ...rates,
    scheduleLink: noticeLinks.schedule('returns', row.id),
  };
}
