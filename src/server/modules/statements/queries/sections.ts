/**
 * The rows of each section of a statement, read a page at a time in date order on the indexes of migration 024:
 * each page starts after the (instant, id) of the previous page's last row, so a year of a heavy investor's
 * activity is never held in memory, and each page is one indexed range read. Funds raised are read project by
 * project (each project's agreements and donations merged in date order).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import type { StatementRow, StatementSectionKey } from '../../../../shared/api/statements';
import { dhakaDate } from '../../../../shared/format/dhaka-calendar';
import { fromPaisa, toPaisa } from '../../../../shared/domain/money';
import type { YearWindow } from '../years';
import { COUNTED_AGREEMENT, COUNTED_DONATION } from './sources';

/** Where the previous page stopped: the instant as PostgreSQL prints it (microseconds kept) and the row's id. */
interface After {
  key: string;
  id: string;
}

interface Keyed {
  id: string;
  key: string;
}

/** What every reader of a section is given. */
export interface SectionRead {
  db: Kysely<DB>;
  personId: string;
  window: YearWindow;
  pageRows: number;
}

/** The row comparison that starts a page after the previous one, on an (instant, id) order. */
const afterKey = (at: string, id: string, after: After | null) => (after ? sql<boolean>`(${sql.ref(at)}, ${sql.ref(id)}) > (${after.key}::timestamptz, ${after.id}::uuid)` : sql<boolean>`true`);

/** Pages of a keyset-ordered read until a short page says there are no more. */
async function* pages<R extends Keyed>(pageRows: number, read: (after: After | null) => Promise<R[]>): AsyncGenerator<R[]> {
  let after: After | null = null;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) yield rows;
    if (rows.length < pageRows) return;
    const last = rows.at(-1)!;
    after = { key: last.key, id: last.id };
  }
}

const base = (r: { project_id: string; project_title: string; at: Date }) => ({
  date: dhakaDate(r.at),
  at: r.at.toISOString(),
  projectId: r.project_id,
  projectTitle: r.project_title,
});

const empty = { agreementId: null, agreementNumber: null, instalment: null, reference: null, source: null, principal: null, profit: null } as const;

async function* investments({ db, personId, window, pageRows }: SectionRead): AsyncGenerator<StatementRow[]> {
  for await (const page of pages(pageRows, (after) =>
    db
      .selectFrom('agreement_requests as a')
      .innerJoin('projects as p', 'p.id', 'a.project_id')
      .leftJoin('agreement_documents as d', 'd.agreement_id', 'a.id')
      .select(['a.id', 'a.amount', 'p.id as project_id', 'p.title as project_title', 'd.number', sql<Date>`a.decided_at`.as('at'), sql<string>`a.decided_at::text`.as('key')])
      .where('a.investor_id', '=', personId)
      .where('a.status', '=', COUNTED_AGREEMENT)
      .where('a.decided_at', '>=', window.from)
      .where('a.decided_at', '<', window.to)
      .where(afterKey('a.decided_at', 'a.id', after))
      .orderBy('a.decided_at')
      .orderBy('a.id')
      .limit(pageRows)
      .execute(),
  )) {
    yield page.map((r) => ({ ...base(r), ...empty, agreementId: r.id, agreementNumber: r.number ?? null, amount: r.amount }));
  }
}

/** Instalments received (investor: by confirmation) or paid (owner: by the instant marked paid), with their parts. */
async function* instalments({ db, personId, window, pageRows }: SectionRead, side: 'investor' | 'owner'): AsyncGenerator<StatementRow[]> {
  const [person, at] = side === 'investor' ? (['i.investor_id', 'i.confirmed_at'] as const) : (['i.owner_id', 'i.paid_at'] as const);
  for await (const page of pages(pageRows, (after) =>
    db
      .selectFrom('instalments as i')
      .innerJoin('agreement_requests as a', 'a.id', 'i.agreement_id')
      .innerJoin('projects as p', 'p.id', 'i.project_id')
      .leftJoin('agreement_documents as d', 'd.agreement_id', 'i.agreement_id')
      .select([
        'i.id',
        'i.seq',
        'i.amount',
        'i.agreement_id',
        'i.payment',
        'i.profit_part',
        'p.id as project_id',
        'p.title as project_title',
        'd.number',
        sql<Date>`${sql.ref(at)}`.as('at'),
        sql<string>`${sql.ref(at)}::text`.as('key'),
        sql<number>`(select count(*)::int from instalments j where j.agreement_id = i.agreement_id)`.as('of'),
      ])
      .where(person, '=', personId)
      .where(at, '>=', window.from)
      .where(at, '<', window.to)
      .where(afterKey(at, 'i.id', after))
      .orderBy(at)
      .orderBy('i.id')
      .limit(pageRows)
      .execute(),
  )) {
    yield page.map((r) => {
      // The profit part was kept with the instalment when its schedule was made (DOMAIN.md; migration 023).
      const reference = (r.payment as { reference?: unknown } | null)?.reference;
      return {
        ...base(r),
        ...empty,
        agreementId: r.agreement_id,
        agreementNumber: r.number ?? null,
        instalment: { seq: r.seq, of: Number(r.of) },
        reference: typeof reference === 'string' ? reference : null,
        amount: r.amount,
        principal: fromPaisa(toPaisa(r.amount) - toPaisa(r.profit_part)),
        profit: fromPaisa(toPaisa(r.profit_part)),
      };
    });
  }
}

async function* donations({ db, personId, window, pageRows }: SectionRead): AsyncGenerator<StatementRow[]> {
  for await (const page of pages(pageRows, (after) =>
    db
      .selectFrom('donations as d')
      .innerJoin('projects as p', 'p.id', 'd.project_id')
      .select(['d.id', 'd.amount', 'd.reference', 'p.id as project_id', 'p.title as project_title', sql<Date>`d.decided_at`.as('at'), sql<string>`d.decided_at::text`.as('key')])
      .where('d.donor_id', '=', personId)
      .where('d.status', '=', COUNTED_DONATION)
      .where('d.decided_at', '>=', window.from)
      .where('d.decided_at', '<', window.to)
      .where(afterKey('d.decided_at', 'd.id', after))
      .orderBy('d.decided_at')
      .orderBy('d.id')
      .limit(pageRows)
      .execute(),
  )) {
    yield page.map((r) => ({ ...base(r), ...empty, reference: r.reference, amount: r.amount }));
  }
}

/** The owner's projects, oldest first, a page at a time; then each one's accepted agreements and confirmed donations. */
async function* fundsRaised({ db, personId, window, pageRows }: SectionRead): AsyncGenerator<StatementRow[]> {
  for await (const projects of pages(pageRows, (after) =>
    db
      .selectFrom('projects')
      .select(['id', 'title', sql<string>`created_at::text`.as('key')])
      .where('owner_id', '=', personId)
      .where(afterKey('created_at', 'id', after))
      .orderBy('created_at')
      .orderBy('id')
      .limit(pageRows)
      .execute(),
  )) {
    for (const project of projects) {
      for await (const page of pages(pageRows, (after) =>
        db
          .selectFrom((eb) =>
            eb
              .selectFrom('agreement_requests as a')
              .leftJoin('agreement_documents as d', 'd.agreement_id', 'a.id')
              .select([
                'a.id',
                'a.amount',
                sql<Date>`a.decided_at`.as('at'),
                sql<string>`a.decided_at::text`.as('key'),
                sql<'investment' | 'donation'>`'investment'`.as('source'),
                'd.number',
                sql<string | null>`null::text`.as('reference'),
              ])
              .where('a.project_id', '=', project.id)
              .where('a.status', '=', COUNTED_AGREEMENT)
              .where('a.decided_at', '>=', window.from)
              .where('a.decided_at', '<', window.to)
              .where(afterKey('a.decided_at', 'a.id', after))
              .unionAll(
                eb
                  .selectFrom('donations as g')
                  .select([
                    'g.id',
                    'g.amount',
                    sql<Date>`g.decided_at`.as('at'),
                    sql<string>`g.decided_at::text`.as('key'),
                    sql<'investment' | 'donation'>`'donation'`.as('source'),
                    sql<string | null>`null::text`.as('number'),
                    'g.reference',
                  ])
                  .where('g.project_id', '=', project.id)
                  .where('g.status', '=', COUNTED_DONATION)
                  .where('g.decided_at', '>=', window.from)
                  .where('g.decided_at', '<', window.to)
                  .where(afterKey('g.decided_at', 'g.id', after)),
              )
              .as('u'),
          )
          .selectAll()
          .orderBy('u.at')
          .orderBy('u.id')
          .limit(pageRows)
          .execute(),
      )) {
        yield page.map((r) => ({
          ...base({ project_id: project.id, project_title: project.title, at: r.at }),
          ...empty,
          agreementId: r.source === 'investment' ? r.id : null,
          agreementNumber: r.number,
          reference: r.reference,
          source: r.source,
          amount: r.amount,
        }));
      }
    }
  }
}

/** The pages of rows of one section of a person's statement for the window. */
export function sectionRows(section: StatementSectionKey, read: SectionRead): AsyncGenerator<StatementRow[]> {
  switch (section) {
    case 'investments':
      return investments(read);
    case 'instalmentsReceived':
      return instalments(read, 'investor');
    case 'donations':
      return donations(read);
    case 'fundsRaised':
      return fundsRaised(read);
    case 'instalmentsPaid':
      return instalments(read, 'owner');
  }
}
