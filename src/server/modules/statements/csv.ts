/**
 * A statement as CSV (RFC 4180: comma-separated, CRLF line ends, a field quoted when it holds a comma, a quote or a
 * line break, its quotes doubled), UTF-8 with a byte-order mark so spreadsheets read Bengali titles right. One
 * header row, then one line per movement and, after each section's movements, its total line (`Line` says which).
 * Text that a spreadsheet would run as a formula (a project title starting with =, +, -, @) is written after an
 * apostrophe, the usual defence; amounts are plain decimals ("16814.28").
 */
import type { Writable } from 'node:stream';
import type { StatementRow, StatementTotals } from '../../../shared/api/statements';
import type { StatementWriter } from './produce';

export const CSV_COLUMNS = ['Line', 'Section', 'Date', 'Project', 'Agreement', 'Instalment', 'Reference', 'Source', 'Amount (BDT)', 'Principal (BDT)', 'Profit (BDT)'] as const;

/** One field as CSV: quoted when it must be. */
export function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Free text from people (a title, a reference): never a formula in a spreadsheet. */
function text(value: string | null): string | null {
  return value !== null && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const line = (fields: (string | number | null)[]) => `${fields.map(csvField).join(',')}\r\n`;

export function csvWriter(out: Writable): StatementWriter {
  let title = '';
  return {
    start() {
      out.write(`\uFEFF${line([...CSV_COLUMNS])}`);
    },
    section(_key, sectionTitle) {
      title = sectionTitle;
    },
    rows(_key, rows: StatementRow[]) {
      if (rows.length === 0) return;
      out.write(
        rows
          .map((r) =>
            line([
              'movement',
              title,
              r.date,
              text(r.projectTitle),
              r.agreementNumber ?? r.agreementId,
              r.instalment ? `${r.instalment.seq} of ${r.instalment.of}` : null,
              text(r.reference),
              r.source,
              r.amount,
              r.principal,
              r.profit,
            ]),
          )
          .join(''),
      );
    },
    endSection(_key, totals: StatementTotals) {
      out.write(line(['total', title, null, `${totals.count} ${totals.count === 1 ? 'movement' : 'movements'}`, null, null, null, null, totals.amount, totals.principal, totals.profit]));
    },
    async end() {},
  };
}
