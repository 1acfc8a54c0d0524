/**
 * A heavy investor's statement streams (issue 30 §2): 300 accepted agreements and their 900 confirmed
 * instalments in one income year, three of an agreement's instalments confirmed at the same instant, read seven rows a
 * page, come out whole and exact as JSON, CSV and PDF (the profit parts of 300 agreements sum to exactly
 * 300 × (total − principal)). And the reading waits for the reader: with nobody reading the stream, the producer
 * stops once the stream’s buffers are full; once read, it goes on to the end. On PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql, type KyselyPlugin } from 'kysely';
import { parse } from 'csv-parse/sync';
import { DB_KINDS, startTestApp, type TestApp } from '../helpers';
import { api, makeStaff, openProject, verifiedOwner, type Person } from '../market-helpers';
import { pdfText } from '../pdf-text';
import type { Statement } from '../../../src/shared/api/statements';
import { produceStatement } from '../../../src/server/modules/statements/produce';
import { csvWriter } from '../../../src/server/modules/statements/csv';
import { statementPerson } from '../../../src/server/modules/statements/service';
import { statementYear } from '../../../src/server/modules/statements/years';

const AGREEMENTS = 300;
const PAGE_ROWS = 7;

describe.each(DB_KINDS)("a heavy investor's statement, on %s", (kind) => {
  let t: TestApp;
  let investor: Person;
  let investorId: string;

  beforeAll(async () => {
    t = await startTestApp(kind, { statementPageRows: PAGE_ROWS });
    const staff = await makeStaff(t.app);
    const owner = await verifiedOwner(t.app, staff);
    investor = await verifiedOwner(t.app, staff);
    const project = await openProject(t.app, owner, staff, { askamu: 50_000_000 });
    const ids = await t.app.db.selectFrom('users').select(['id', 'email']).where('email', 'in', [owner.email, investor.email]).execute();
    const ownerId = ids.find((u) => u.email === owner.email)!.id;
    investorId = ids.find((u) => u.email === investor.email)!.id;
    // 10,000 at 17.70 % repaid in three instalments (3,923.33, 3,923.33 and 3,923.34), all in 2028-29.
    await sql`
      INSERT INTO agreement_requests (id, project_id, investor_id, status, data, amount, investment_type, decided_at, created_at)
      SELECT md5('s' || g)::uuid, ${project}::uuid, ${investorId}::uuid, 'accepted', '{}'::jsonb, 10000, 'Halal Way',
             timestamptz '2028-07-01 00:00+06' + g * interval '1 minute', timestamptz '2028-07-01 00:00+06'
      FROM generate_series(1, ${AGREEMENTS}) g`.execute(t.app.db);
    await sql`
      INSERT INTO instalments (agreement_id, project_id, owner_id, investor_id, seq, due_on, amount, profit_part, status, paid_at, confirmed_at)
      SELECT md5('s' || g)::uuid, ${project}::uuid, ${ownerId}::uuid, ${investorId}::uuid, seq, date '2028-08-01',
             CASE WHEN seq = 3 THEN 3923.34 ELSE 3923.33 END, CASE WHEN seq = 3 THEN 590.02 ELSE 589.99 END, 'confirmed',
             timestamptz '2028-08-01 00:00+06' + g * interval '1 minute', timestamptz '2028-08-02 00:00+06' + g * interval '1 minute'
      FROM generate_series(1, ${AGREEMENTS}) g, generate_series(1, 3) seq`.execute(t.app.db);
  }, 120_000);
  afterAll(() => t?.close());

  it('comes out whole and exact as JSON, CSV and PDF, read a few rows a page', async () => {
    const res = await api(t.app, 'GET', '/me/statements/2028-29', investor);
    expect(res.status).toBe(200);
    const statement = res.body as Statement;
    const [investments, received] = statement.sections;
    expect(investments!.rows).toHaveLength(AGREEMENTS);
    expect(investments!.totals).toEqual({ count: AGREEMENTS, amount: '3000000.00', principal: null, profit: null });
    expect(received!.rows).toHaveLength(3 * AGREEMENTS);
    expect(new Set(received!.rows.map((r) => `${r.agreementId}:${r.instalment!.seq}`)).size).toBe(3 * AGREEMENTS);
    expect(received!.totals).toEqual({ count: 3 * AGREEMENTS, amount: '3531000.00', principal: '3000000.00', profit: '531000.00' });
    // The first agreement's three instalments, confirmed at one instant (ordered by id among themselves).
    const first = received!.rows.filter((r) => r.agreementId === received!.rows[0]!.agreementId);
    expect(first.map((r) => [r.instalment!.seq, r.amount, r.profit, r.principal]).sort()).toEqual([
      [1, '3923.33', '589.99', '3333.34'],
      [2, '3923.33', '589.99', '3333.34'],
      [3, '3923.34', '590.02', '3333.32'],
    ]);

    const csv = await t.app.inject({ method: 'GET', url: '/api/v1/me/statements/2028-29?format=csv', headers: investor.auth });
    const lines = parse(csv.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(lines.filter((l) => l.Line === 'movement')).toHaveLength(4 * AGREEMENTS);
    expect(lines.find((l) => l.Line === 'total' && l.Section === 'Instalments received')).toMatchObject({ 'Amount (BDT)': '3531000.00', 'Profit (BDT)': '531000.00' });

    const pdf = await t.app.inject({ method: 'GET', url: '/api/v1/me/statements/2028-29?format=pdf', headers: investor.auth });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('531,000.00');
    const pages = [...text.matchAll(/ · page (\d+)$/gm)].map((m) => Number(m[1]));
    expect(pages.length).toBeGreaterThan(20);
    expect(pages).toEqual(pages.map((_, i) => i + 1));
  }, 120_000);

  it('reads the next page only once the reader has taken the last', async () => {
    let reads = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        if (args.node.kind === 'SelectQueryNode') reads += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const out = new PassThrough();
    const person = (await statementPerson(t.app.db, investorId))!;
    const done = produceStatement({ db: t.app.db.withPlugin(counting), head: { ...statementYear('2028-29'), person, producedAt: new Date() }, writer: csvWriter(out), out, pageRows: 10 });
    const pages = Math.ceil((4 * AGREEMENTS) / 10);
    // Nobody reads: the producer fills the stream's buffers (16 kB each side, a few pages) and waits.
    await vi.waitFor(() => expect(out.writableNeedDrain).toBe(true), { timeout: 15_000, interval: 50 });
    const stalled = reads;
    expect(stalled).toBeLessThan(pages / 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reads).toBe(stalled);
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    await done;
    expect(reads).toBeGreaterThanOrEqual(pages);
    const lines = parse(Buffer.concat(chunks).toString('utf8'), { bom: true, columns: true }) as Record<string, string>[];
    expect(lines.filter((l) => l.Line === 'movement')).toHaveLength(4 * AGREEMENTS);
  }, 60_000);
});
