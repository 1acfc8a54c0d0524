/**
 * A statement as JSON (shared/api/statements.ts `Statement`), written as its rows arrive: each section's rows, then
 * its totals. The text is one JSON document, whole only when the stream ends normally.
 */
import type { Writable } from 'node:stream';
import type { StatementWriter } from './produce';

export function jsonWriter(out: Writable): StatementWriter {
  let sections = 0;
  let rowsInSection = 0;
  return {
    start(head) {
      const { producedAt, ...rest } = head;
      const opening = JSON.stringify({ ...rest, currency: 'BDT', producedAt: producedAt.toISOString() });
      out.write(`${opening.slice(0, -1)},"sections":[`);
    },
    section(key, title) {
      out.write(`${sections++ > 0 ? ',' : ''}{"key":${JSON.stringify(key)},"title":${JSON.stringify(title)},"rows":[`);
      rowsInSection = 0;
    },
    rows(_key, rows) {
      if (rows.length === 0) return;
      out.write(`${rowsInSection > 0 ? ',' : ''}${rows.map((r) => JSON.stringify(r)).join(',')}`);
      rowsInSection += rows.length;
    },
    endSection(_key, totals) {
      out.write(`],"totals":${JSON.stringify(totals)}}`);
    },
    async end() {
      out.write(']}');
    },
  };
}
