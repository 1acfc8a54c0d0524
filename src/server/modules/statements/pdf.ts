/**
 * A statement as an A4 PDF (pdfkit), drawn as its rows arrive and sent a page at a time: pdfkit writes out each page
 * when the next one starts (no buffered pages), so a long year's statement streams like the CSV. Text is selectable
 * (Helvetica; Bengali in Noto Sans Bengali, via pdf/text.ts), in the reader's language (pdf-words.ts). Each page
 * carries its number in the footer; sections with no movement in the year are left out, and the summary at the end
 * lists every section's totals.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { SPLIT_SECTIONS, type StatementRow, type StatementSectionKey, type StatementTotals } from '../../../shared/api/statements';
import type { Language } from '../../../shared/i18n/language';
import { statementWords, type StatementWords } from './pdf-words';
import { BRAND, heightOf, INK, MUTED, registerFonts, rule, SHADE, textWidth, write, type Doc } from '../../pdf/text';
import type { StatementHead, StatementWriter } from './produce';

const MARGIN = 48;
const FOOTER = 22;
const SIZE = 8.5;

interface Column {
  label: string;
  width: number;
  align: 'left' | 'right';
}

const col = (label: string, width: number, align: 'left' | 'right' = 'left'): Column => ({ label, width, align });
// Both sets fill the A4 text width (595.28 − 2 × 48 ≈ 499 points); the heading says the amounts are BDT.
const plainColumns = (w: StatementWords): Column[] => [col(w.columns.date, 60), col(w.columns.project, 200), col(w.columns.detail, 157), col(w.columns.amountBdt, 82, 'right')];
const splitColumns = (w: StatementWords): Column[] => [
  col(w.columns.date, 56),
  col(w.columns.project, 118),
  col(w.columns.detail, 137),
  col(w.columns.amount, 62, 'right'),
  col(w.columns.principal, 63, 'right'),
  col(w.columns.profit, 63, 'right'),
];

function detail(w: StatementWords, key: StatementSectionKey, r: StatementRow): string {
  const number = r.agreementNumber ? `\n${r.agreementNumber}` : '';
  switch (key) {
    case 'investments':
      return r.agreementNumber ?? w.agreement;
    case 'instalmentsReceived':
    case 'instalmentsPaid':
      return `${w.instalment(r.instalment!.seq, r.instalment!.of)}${number}`;
    case 'donations':
      return w.reference(r.reference ?? '');
    case 'fundsRaised':
      return r.source === 'donation' ? `${w.donation}\n${w.reference(r.reference ?? '')}` : `${w.investment}${number}`;
  }
}

function cells(w: StatementWords, key: StatementSectionKey, r: StatementRow): string[] {
  const base = [w.date(r.date), r.projectTitle, detail(w, key, r), w.money(r.amount)];
  return SPLIT_SECTIONS.has(key) ? [...base, w.money(r.principal!), w.money(r.profit!)] : base;
}

function identityLine(w: StatementWords, head: StatementHead): string {
  const { identity } = head.person;
  const document = identity.idType && identity.idNumber ? `${identity.idType} ${identity.idNumber}` : null;
  return identity.verified ? w.verified(identity.verifiedOn, document) : w.notVerified(document);
}

/** The statement's PDF writer, in the reader's language (its words, figures and dates). */
export function pdfWriter(out: Writable, language: Language = 'en'): StatementWriter {
  const w = statementWords(language);
  const PLAIN = plainColumns(w);
  const SPLIT = splitColumns(w);
  let doc: Doc;
  let head: StatementHead;
  let page = 0;
  // The section whose heading is drawn with its first row (an empty section is not shown).
  let pending: { key: StatementSectionKey; title: string } | null = null;
  let columns: Column[] = PLAIN;

  const bottom = () => doc.page.height - MARGIN - FOOTER;
  const footer = () => {
    page += 1;
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, bottom: 0 };
    write(doc, w.footer(head.year, head.person.name, page), { x: MARGIN, y: doc.page.height - MARGIN, size: 7.5, color: MUTED, width: textWidth(doc) });
    doc.page.margins = margins;
    doc.x = MARGIN;
    doc.y = MARGIN;
  };

  /** One table line: cells at their columns, wrapped; returns its height. */
  const tableLine = (values: string[], style: { bold?: boolean; shade?: boolean } = {}) => {
    const height = Math.max(...values.map((v, i) => heightOf(doc, v, { width: columns[i]!.width - 6, size: SIZE, bold: style.bold }))) + 8;
    const top = doc.y;
    if (style.shade) doc.rect(MARGIN, top, textWidth(doc), height).fillColor(SHADE).fill();
    let x = MARGIN;
    values.forEach((v, i) => {
      write(doc, v, { x: x + 3, y: top + 4, width: columns[i]!.width - 6, size: SIZE, bold: style.bold, align: columns[i]!.align });
      x += columns[i]!.width;
    });
    doc.y = top + height;
    return height;
  };
  const tableHeader = () => tableLine(columns.map((c) => c.label), { bold: true, shade: true });
  const fits = (values: string[], extra = 0) => doc.y + Math.max(...values.map((v, i) => heightOf(doc, v, { width: columns[i]!.width - 6, size: SIZE }))) + 8 + extra <= bottom();

  const heading = (title: string) => {
    if (doc.y + 60 > bottom()) doc.addPage();
    write(doc, title, { x: MARGIN, y: doc.y + 14, size: 12, bold: true, color: BRAND });
    doc.y += 4;
  };

  return {
    start(h) {
      head = h;
      doc = new PDFDocument({
        size: 'A4',
        margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
        autoFirstPage: false,
        lang: w.tag,
        displayTitle: true,
        info: { Title: w.docTitle(h.year, h.person.name), Author: w.platform, Creator: w.platform, Producer: w.platform, CreationDate: h.producedAt },
      });
      registerFonts(doc);
      doc.on('data', (chunk: Buffer) => out.write(chunk));
      doc.on('pageAdded', footer);
      doc.addPage();
      const width = textWidth(doc);
      write(doc, w.platform.toUpperCase(), { x: MARGIN, y: MARGIN, size: 9, bold: true, color: BRAND });
      write(doc, w.title(h.year), { x: MARGIN, y: doc.y + 6, size: 18, bold: true });
      write(doc, w.period(h.from, h.to), { x: MARGIN, y: doc.y + 4, size: 9, color: MUTED });
      rule(doc, doc.y + 8, BRAND);
      doc.y += 16;
      const facts: [string, string][] = [
        [w.facts.name, h.person.name],
        [w.facts.email, h.person.email],
        [w.facts.identity, identityLine(w, h)],
        [w.facts.produced, w.produced(h.producedAt)],
      ];
      for (const [label, value] of facts) {
        const top = doc.y;
        write(doc, label, { x: MARGIN, y: top, width: 90, size: 9.5, color: MUTED });
        write(doc, value, { x: MARGIN + 96, y: top, width: width - 96, size: 9.5, bold: true });
        doc.y = Math.max(doc.y, top + heightOf(doc, value, { width: width - 96, size: 9.5, bold: true })) + 4;
      }
    },
    section(key) {
      // The section's title in the reader's language (the producer names it in English, as the CSV and JSON do).
      pending = { key, title: w.sections[key] };
      columns = SPLIT_SECTIONS.has(key) ? SPLIT : PLAIN;
    },
    rows(key, rows) {
      for (const r of rows) {
        const values = cells(w, key, r);
        if (pending) {
          heading(pending.title);
          if (!fits(values, 20)) doc.addPage();
          tableHeader();
          pending = null;
        } else if (!fits(values)) {
          doc.addPage();
          tableHeader();
        }
        tableLine(values);
        rule(doc, doc.y);
      }
    },
    endSection(key, totals) {
      if (totals.count === 0) {
        pending = null;
        return;
      }
      const values = [w.total, w.movements(totals.count), '', w.money(totals.amount), ...(SPLIT_SECTIONS.has(key) ? [w.money(totals.principal!), w.money(totals.profit!)] : [])];
      if (!fits(values)) {
        doc.addPage();
        tableHeader();
      }
      tableLine(values, { bold: true });
      rule(doc, doc.y, INK);
    },
    async end(summary: { key: StatementSectionKey; title: string; totals: StatementTotals }[]) {
      heading(w.summary);
      columns = [col(w.columns.section, 155), col(w.columns.movements, 60, 'right'), col(w.columns.amountBdt, 96, 'right'), col(w.columns.principal, 94, 'right'), col(w.columns.profit, 94, 'right')];
      tableHeader();
      for (const { key, totals } of summary) {
        const split = SPLIT_SECTIONS.has(key);
        const values = [w.sections[key], w.count(totals.count), w.money(totals.amount), split ? w.money(totals.principal!) : '', split ? w.money(totals.profit!) : ''];
        if (!fits(values)) doc.addPage();
        tableLine(values);
        rule(doc, doc.y);
      }
      const note = summary.every((s) => s.totals.count === 0) ? w.nothing : w.splitNote;
      if (doc.y + heightOf(doc, note, { width: textWidth(doc), size: 8.5 }) + 12 > bottom()) doc.addPage();
      write(doc, note, { x: MARGIN, y: doc.y + 10, width: textWidth(doc), size: 8.5, color: MUTED });
      const ended = once(doc, 'end');
      doc.end();
      await ended;
    },
  };
}
