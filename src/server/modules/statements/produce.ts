/**
 * Produces a statement into a stream, section by section, a page of rows at a time: each page is handed to the
 * format's writer, and the next page is read only once the reader has taken what was written (the stream drained),
 * so memory holds a page, not a year. Each section's totals are summed from its rows as they pass, in integer paisa,
 * so they are exactly the sums of the rows shown.
 */
import { once } from 'node:events';
import type { PassThrough } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { SECTION_TITLES, SPLIT_SECTIONS, STATEMENT_SECTIONS, type StatementPerson, type StatementRow, type StatementSectionKey, type StatementTotals, type StatementYear } from '../../../shared/api/statements';
import { fromPaisa, toPaisa } from '../../../shared/domain/money';
import { sectionRows } from './queries/sections';
import { yearWindow } from './years';

/** What a statement says before its rows. */
export interface StatementHead extends StatementYear {
  person: StatementPerson;
  producedAt: Date;
}

/** A format (JSON, CSV, PDF): told the parts of the statement in order, it writes them to its stream. */
export interface StatementWriter {
  start(head: StatementHead): void;
  section(key: StatementSectionKey, title: string): void;
  rows(key: StatementSectionKey, rows: StatementRow[]): void;
  endSection(key: StatementSectionKey, totals: StatementTotals): void;
  /** Writes what comes last; resolves once everything is in the stream. */
  end(summary: { key: StatementSectionKey; title: string; totals: StatementTotals }[]): Promise<void>;
}

/** Sums of a section's rows, in paisa. */
class Totals {
  private count = 0;
  private amount = 0n;
  private principal = 0n;
  private profit = 0n;
  constructor(private readonly split: boolean) {}

  add(rows: StatementRow[]): void {
    for (const row of rows) {
      this.count += 1;
      this.amount += toPaisa(row.amount);
      if (this.split) {
        this.principal += toPaisa(row.principal!);
        this.profit += toPaisa(row.profit!);
      }
    }
  }

  result(): StatementTotals {
    return { count: this.count, amount: fromPaisa(this.amount), principal: this.split ? fromPaisa(this.principal) : null, profit: this.split ? fromPaisa(this.profit) : null };
  }
}

/** Waits until the stream's reader has taken what was written (or the stream is gone). */
async function drained(out: PassThrough): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return;
  await Promise.race([once(out, 'drain'), once(out, 'close')]);
}

export interface ProduceOptions {
  db: Kysely<DB>;
  head: StatementHead;
  writer: StatementWriter;
  out: PassThrough;
  /** Rows read per database round trip. */
  pageRows: number;
}

/**
 * Writes the whole statement into `out` and ends it. Stops early when the reader goes away (the stream is
 * destroyed); a failure destroys the stream with the error, so a reader never takes half a file for a whole one.
 */
export async function produceStatement({ db, head, writer, out, pageRows }: ProduceOptions): Promise<void> {
  try {
    const window = yearWindow(head.year);
    writer.start(head);
    const summary: { key: StatementSectionKey; title: string; totals: StatementTotals }[] = [];
    for (const key of STATEMENT_SECTIONS) {
      const totals = new Totals(SPLIT_SECTIONS.has(key));
      writer.section(key, SECTION_TITLES[key]);
      for await (const rows of sectionRows(key, { db, personId: head.person.id, window, pageRows })) {
        totals.add(rows);
        writer.rows(key, rows);
        await drained(out);
        if (out.destroyed) return;
      }
      summary.push({ key, title: SECTION_TITLES[key], totals: totals.result() });
      writer.endSection(key, summary.at(-1)!.totals);
    }
    await writer.end(summary);
    out.end();
  } catch (err) {
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  }
}
