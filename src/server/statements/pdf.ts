/**
 * A statement as an A4 PDF (pdfkit), drawn as its rows arrive and sent a page at a time: pdfkit writes out each page
 * when the next one starts (no buffered pages), so a long year's statement streams like the CSV. Text is selectable
 * (Helvetica; a Bengali title in Noto Sans Bengali, via pdf/text.ts). Each page carries its number in the footer;
 * sections with no movement in the year are left out, and the summary at the end lists every section's totals.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { PLATFORM } from '../../shared/agreement/content';
import { SPLIT_SECTIONS, type StatementRow, type StatementSectionKey, type StatementTotals } from '../../shared/api/statements';
import { fromPaisa, toPaisa } from '../../shared/domain/money';
import { groupDigits } from '../../shared/format/count';
import { formatDate, formatDateTime } from '../../shared/format/dates';
import { BRAND, heightOf, INK, MUTED, registerFonts, rule, SHADE, textWidth, write, type Doc } from '../pdf/text';
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
const PLAIN: Column[] = [col('Date', 60), col('Project', 200), col('Detail', 157), col('Amount (BDT)', 82, 'right')];
const SPLIT: Column[] = [col('Date', 56), col('Project', 118), col('Detail', 137), col('Amount', 62, 'right'), col('Principal', 63, 'right'), col('Profit', 63, 'right')];

/** Taka with grouped digits and two decimals, without the currency (the columns say BDT): "16,814.28". */
const money = (amount: string) => groupDigits(fromPaisa(toPaisa(amount)));

function detail(key: StatementSectionKey, r: StatementRow): string {
  const number = r.agreementNumber ? `\n${r.agreementNumber}` : '';
  switch (key) {
    case 'investments':
      return r.agreementNumber ?? 'Agreement';
    case 'instalmentsReceived':
    case 'instalmentsPaid':
      return `Instalment ${r.instalment!.seq} of ${r.instalment!.of}${number}`;
    case 'donations':
      return `Ref ${r.reference ?? ''}`;
    case 'fundsRaised':
      return r.source === 'donation' ? `Donation\nRef ${r.reference ?? ''}` : `Investment${number}`;
  }
}

function cells(key: StatementSectionKey, r: StatementRow): string[] {
  const base = [formatDate(r.date), r.projectTitle, detail(key, r), money(r.amount)];
  return SPLIT_SECTIONS.has(key) ? [...base, money(r.principal!), money(r.profit!)] : base;
}

function identityLine(head: StatementHead): string {
  const { identity } = head.person;
  const document = identity.idType && identity.idNumber ? `${identity.idType} ${identity.idNumber}` : null;
  if (identity.verified) return `Verified by ${PLATFORM} on ${formatDate(identity.verifiedOn)}${document ? ` · ${document}` : ''}`;
  return `Not verified by ${PLATFORM}${document ? ` (stated ${document})` : ''}`;
}

export function pdfWriter(out: Writable): StatementWriter {
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
    write(doc, `${PLATFORM} · statement for the income year ${head.year} · ${head.person.name} · page ${page}`, { x: MARGIN, y: doc.page.height - MARGIN, size: 7.5, color: MUTED, width: textWidth(doc) });
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
        lang: 'en-GB',
        displayTitle: true,
        info: { Title: `Statement ${h.year}: ${h.person.name}`, Author: PLATFORM, Creator: PLATFORM, Producer: PLATFORM, CreationDate: h.producedAt },
      });
      registerFonts(doc);
      doc.on('data', (chunk: Buffer) => out.write(chunk));
      doc.on('pageAdded', footer);
      doc.addPage();
      const width = textWidth(doc);
      write(doc, PLATFORM.toUpperCase(), { x: MARGIN, y: MARGIN, size: 9, bold: true, color: BRAND });
      write(doc, `Statement for the income year ${h.year}`, { x: MARGIN, y: doc.y + 6, size: 18, bold: true });
      write(doc, `${formatDate(h.from)} to ${formatDate(h.to)} · Bangladesh income year, dates in Asia/Dhaka · amounts in BDT`, { x: MARGIN, y: doc.y + 4, size: 9, color: MUTED });
      rule(doc, doc.y + 8, BRAND);
      doc.y += 16;
      const facts: [string, string][] = [
        ['Name', h.person.name],
        ['Email', h.person.email],
        ['Identity', identityLine(h)],
        ['Produced', `${formatDateTime(h.producedAt)} (Dhaka time)`],
      ];
      for (const [label, value] of facts) {
        const top = doc.y;
        write(doc, label, { x: MARGIN, y: top, width: 90, size: 9.5, color: MUTED });
        write(doc, value, { x: MARGIN + 96, y: top, width: width - 96, size: 9.5, bold: true });
        doc.y = Math.max(doc.y, top + heightOf(doc, value, { width: width - 96, size: 9.5, bold: true })) + 4;
      }
    },
    section(key, title) {
      pending = { key, title };
      columns = SPLIT_SECTIONS.has(key) ? SPLIT : PLAIN;
    },
    rows(key, rows) {
      for (const r of rows) {
        const values = cells(key, r);
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
      const values = ['Total', `${totals.count} ${totals.count === 1 ? 'movement' : 'movements'}`, '', money(totals.amount), ...(SPLIT_SECTIONS.has(key) ? [money(totals.principal!), money(totals.profit!)] : [])];
      if (!fits(values)) {
        doc.addPage();
        tableHeader();
      }
      tableLine(values, { bold: true });
      rule(doc, doc.y, INK);
    },
    async end(summary: { key: StatementSectionKey; title: string; totals: StatementTotals }[]) {
      heading('Summary');
      columns = [col('Section', 155), col('Movements', 60, 'right'), col('Amount (BDT)', 96, 'right'), col('Principal', 94, 'right'), col('Profit', 94, 'right')];
      tableHeader();
      for (const { key, title, totals } of summary) {
        const split = SPLIT_SECTIONS.has(key);
        const values = [title, String(totals.count), money(totals.amount), split ? money(totals.principal!) : '', split ? money(totals.profit!) : ''];
        if (!fits(values)) doc.addPage();
        tableLine(values);
        rule(doc, doc.y);
      }
      const note = summary.every((s) => s.totals.count === 0)
        ? 'No money moved in this income year.'
        : 'An instalment is split into the principal it repays and its profit part as the platform’s Murabaha agreements define: each instalment’s profit part is its share of the agreement’s profit, rounded down to the paisa, and the last instalment takes the rest, so an agreement’s profit parts add up exactly to its profit.';
      if (doc.y + heightOf(doc, note, { width: textWidth(doc), size: 8.5 }) + 12 > bottom()) doc.addPage();
      write(doc, note, { x: MARGIN, y: doc.y + 10, width: textWidth(doc), size: 8.5, color: MUTED });
      const ended = once(doc, 'end');
      doc.end();
      await ended;
    },
  };
}
