/**
 * 023_portfolio on a database from before it (its objects dropped, the step's row removed, schedules stored as older
 * versions stored them): every instalment gets its profit part by the shared rule (DOMAIN.md's example), and the read
 * model is built from the records — held agreements only, in Asia/Dhaka days. On PGlite and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../../../src/server/db/database';
import { DB_KINDS, freshDataDir, freshPostgres, type DbKind } from '../helpers';

const STEP = '023_portfolio.ts';

async function freshTarget(kind: DbKind) {
  if (kind === 'pglite') {
    const dataDir = await freshDataDir();
    return { open: () => openDatabase({ dataDir }), drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const pg = await freshPostgres();
  return { open: () => openDatabase({ dataDir: '', databaseUrl: pg.url }), drop: pg.drop };
}

/** Takes 023 out again (as a database from before it) and stores schedules the way older versions did. */
async function seedBefore(database: Database) {
  const { db } = database;
  await sql`DROP TRIGGER agreement_requests_portfolio ON agreement_requests`.execute(db);
  await sql`DROP TRIGGER instalments_portfolio ON instalments`.execute(db);
  await sql`DROP FUNCTION agreement_requests_portfolio(), instalments_portfolio(), portfolio_days_refresh(), portfolio_days_add(uuid, date, numeric, numeric, numeric, numeric, numeric, numeric)`.execute(db);
  await sql`DROP TABLE portfolio_days`.execute(db);
  await sql`DROP INDEX instalments_project_due`.execute(db);
  await sql`ALTER TABLE instalments DROP COLUMN profit_part`.execute(db);
  await sql`DELETE FROM schema_migrations WHERE name = ${STEP}`.execute(db);

  const [owner, investor] = (
    await db
      .insertInto('users')
      .values([
        { email: 'owner@example.com', phone: '+8801812345678', password_hash: 'x' },
        { email: 'investor@example.com', phone: '+8801912345678', password_hash: 'x' },
      ])
      .returning('id')
      .execute()
  ).map((u) => u.id) as [string, string];
  const project = (
    await db
      .insertInto('projects')
      .values({
        owner_id: owner,
        status: 'open',
        data: JSON.stringify({ bname: 'Rooftop farms' }),
        title: 'Rooftop farms',
        category: 'Organic Foods',
        country: 'Bangladesh',
        goal: '500000',
        min_investment: '20000',
        markup_percent: '17.70',
        tenor_months: 7,
        return_type: 'Recurring',
        returning_time: 1,
        total_duration: 7,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const agreement = async (amount: string, type: string, decidedAt: string) =>
    (
      await db
        .insertInto('agreement_requests')
        .values({ project_id: project, investor_id: investor, status: 'accepted', data: '{}', amount, investment_type: type, decided_at: decidedAt })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  // Accepted at 20:30 UTC on 31 Jan: 1 Feb in Dhaka. A Donation is accepted too, but holds nothing.
  const held = await agreement('100000', 'Halal Way', '2026-01-31T20:30:00Z');
  await agreement('5000', 'Donation', '2026-01-31T20:30:00Z');
  // DOMAIN.md's example: six of 16,814.28 and a last of 16,814.32; the first two confirmed (the second at 02:00 in Dhaka).
  for (let seq = 1; seq <= 7; seq++) {
    const confirmedAt = seq === 1 ? '2026-03-01T06:00:00Z' : seq === 2 ? '2026-03-31T20:00:00Z' : null;
    await sql`
      INSERT INTO instalments (agreement_id, project_id, owner_id, investor_id, seq, due_on, amount, status, paid_at, confirmed_at)
      VALUES (${held}, ${project}, ${owner}, ${investor}, ${seq}, ${`2026-${String(seq + 2).padStart(2, '0')}-01`}::date,
              ${seq === 7 ? '16814.32' : '16814.28'}, ${confirmedAt ? 'confirmed' : 'due'}, ${confirmedAt}, ${confirmedAt})`.execute(db);
  }
  return { owner, investor, held };
}

describe.each(DB_KINDS)('the portfolio migration on %s', (kind) => {
  it('gives each instalment its profit part by the shared rule and builds the read model from the records', async () => {
    const target = await freshTarget(kind);
    try {
      const first = await target.open();
      const ids = await seedBefore(first);
      await first.close();
      const second = await target.open();
      try {
        expect(second.applied).toEqual([STEP]);
        const { db } = second;
        const parts = await db.selectFrom('instalments').select('profit_part').where('agreement_id', '=', ids.held).orderBy('seq').execute();
        expect(parts.map((p) => p.profit_part)).toEqual([...Array(6).fill('2528.57'), '2528.58']);
        const days = await sql<Record<string, string>>`
          SELECT user_id, day::text, invested::numeric(20, 2)::text, due::numeric(20, 2)::text, received::numeric(20, 2)::text,
                 received_profit::numeric(20, 2)::text, owed::numeric(20, 2)::text
            FROM portfolio_days ORDER BY user_id = ${ids.owner}, day`.execute(db);
        const investor = days.rows.filter((r) => r.user_id === ids.investor).map(({ user_id: _u, ...r }) => r);
        expect(investor).toEqual([
          { day: '2026-02-01', invested: '100000.00', due: '0.00', received: '0.00', received_profit: '0.00', owed: '0.00' },
          { day: '2026-03-01', invested: '0.00', due: '0.00', received: '16814.28', received_profit: '2528.57', owed: '0.00' },
          // Confirmed at 02:00 on 1 April in Dhaka (20:00 UTC on 31 March), due on 1 April too.
          { day: '2026-04-01', invested: '0.00', due: '0.00', received: '16814.28', received_profit: '2528.57', owed: '0.00' },
          ...['05', '06', '07', '08'].map((m) => ({ day: `2026-${m}-01`, invested: '0.00', due: '16814.28', received: '0.00', received_profit: '0.00', owed: '0.00' })),
          { day: '2026-09-01', invested: '0.00', due: '16814.32', received: '0.00', received_profit: '0.00', owed: '0.00' },
        ]);
        const owed = days.rows.filter((r) => r.user_id === ids.owner).map((r) => [r.day, r.owed]);
        expect(owed).toEqual([...['05', '06', '07', '08'].map((m) => [`2026-${m}-01`, '16814.28']), ['2026-09-01', '16814.32']]);
        // The triggers run from now on: a new confirmation moves the money in the read model.
        await sql`UPDATE instalments SET status = 'confirmed', confirmed_at = '2026-05-02T06:00:00Z' WHERE agreement_id = ${ids.held} AND seq = 3`.execute(db);
        const may = await sql<{ day: string; due: string; received: string }>`
          SELECT day::text, due::numeric(20, 2)::text, received::numeric(20, 2)::text FROM portfolio_days
           WHERE user_id = ${ids.investor} AND day IN ('2026-05-01', '2026-05-02') ORDER BY day`.execute(db);
        expect(may.rows).toEqual([
          { day: '2026-05-01', due: '0.00', received: '0.00' },
          { day: '2026-05-02', due: '0.00', received: '16814.28' },
        ]);
      } finally {
        await second.close();
      }
    } finally {
      await target.drop();
    }
  });
});
