/**
 * Draws an agreement's content (shared/agreement/content.ts) as an A4 PDF with pdfkit, its text written through
 * pdf/text.ts (selectable Helvetica, Bengali runs in Noto Sans Bengali). The bytes depend only on the terms: the
 * creation date is the acceptance instant and pdfkit derives the file ID from the document info, so the same terms
 * always give the same bytes, and so the same SHA-256.
 */
import PDFDocument from 'pdfkit';
import { agreementContent, AGREEMENT_TITLE, PLATFORM, type Block, type Fact } from '../../../shared/agreement/content';
import type { AgreementTerms } from '../../../shared/agreement/terms';
import { BRAND, heightOf, INK, MUTED, registerFonts, rule, RULE, SHADE, write, type Doc } from '../../pdf/text';

const MARGIN = 56;

function bottom(doc: Doc): number {
  return doc.page.height - MARGIN - 14; // room for the page footer
}

/** Starts a new page when `height` more points would not fit. */
function ensureRoom(doc: Doc, height: number): void {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

function facts(doc: Doc, rows: Fact[], labelWidth: number): void {
  const width = doc.page.width - 2 * MARGIN;
  for (const row of rows) {
    const valueWidth = width - labelWidth - 8;
    const height = Math.max(heightOf(doc, row.label, { width: labelWidth }), heightOf(doc, row.value, { bold: true, width: valueWidth })) + (row.note ? heightOf(doc, row.note, { size: 8.5, width: valueWidth }) + 2 : 0) + 7;
    ensureRoom(doc, height);
    const top = doc.y;
    write(doc, row.label, { x: MARGIN, y: top, width: labelWidth, color: MUTED });
    write(doc, row.value, { x: MARGIN + labelWidth + 8, y: top, width: valueWidth, bold: true });
    if (row.note) write(doc, row.note, { x: MARGIN + labelWidth + 8, y: doc.y + 1, width: valueWidth, size: 8.5, color: MUTED });
    doc.y = top + height;
  }
}

function schedule(doc: Doc, block: Extract<Block, { kind: 'schedule' }>): void {
  const width = doc.page.width - 2 * MARGIN;
  const cols = [{ x: MARGIN + 8, w: 60 }, { x: MARGIN + 76, w: 200 }, { x: MARGIN + width - 208, w: 200 }];
  const rowHeight = 18;
  const header = () => {
    const top = doc.y;
    doc.rect(MARGIN, top, width, rowHeight).fillColor(SHADE).fill();
    write(doc, 'No.', { x: cols[0]!.x, y: top + 5, width: cols[0]!.w, bold: true, size: 9 });
    write(doc, 'Due date', { x: cols[1]!.x, y: top + 5, width: cols[1]!.w, bold: true, size: 9 });
    write(doc, 'Amount', { x: cols[2]!.x, y: top + 5, width: cols[2]!.w, bold: true, size: 9, align: 'right' });
    doc.y = top + rowHeight;
  };
  ensureRoom(doc, rowHeight * 3);
  header();
  for (const row of block.rows) {
    if (doc.y + rowHeight > bottom(doc)) {
      doc.addPage();
      header();
    }
    const top = doc.y;
    write(doc, row.seq, { x: cols[0]!.x, y: top + 5, width: cols[0]!.w });
    write(doc, row.dueOn, { x: cols[1]!.x, y: top + 5, width: cols[1]!.w });
    write(doc, row.amount, { x: cols[2]!.x, y: top + 5, width: cols[2]!.w, align: 'right' });
    rule(doc, top + rowHeight);
    doc.y = top + rowHeight;
  }
  ensureRoom(doc, rowHeight);
  const top = doc.y;
  write(doc, 'Total', { x: cols[0]!.x, y: top + 5, width: 200, bold: true });
  write(doc, block.total, { x: cols[2]!.x, y: top + 5, width: cols[2]!.w, bold: true, align: 'right' });
  rule(doc, top + rowHeight, INK);
  doc.y = top + rowHeight + 4;
  if (block.note) write(doc, block.note, { x: MARGIN, y: doc.y + 2, size: 8.5, color: MUTED });
}

function draw(doc: Doc, terms: AgreementTerms): void {
  const content = agreementContent(terms);
  const width = doc.page.width - 2 * MARGIN;

  write(doc, PLATFORM.toUpperCase(), { x: MARGIN, y: MARGIN, size: 9, bold: true, color: BRAND });
  write(doc, content.title, { x: MARGIN, y: doc.y + 6, size: 20, bold: true, align: 'center', width });
  doc.moveDown(0.6);
  rule(doc, doc.y, BRAND);
  doc.y += 10;
  facts(doc, content.header, 110);
  doc.y += 6;

  // The parties, side by side.
  const half = (width - 16) / 2;
  const partyHeights = content.parties.map((p) => heightOf(doc, p.role, { size: 8.5 }) + heightOf(doc, p.name, { bold: true, size: 11, width: half - 20 }) + p.lines.reduce((h, l) => h + heightOf(doc, l, { size: 9, width: half - 20 }) + 2, 0));
  const boxHeight = Math.max(...partyHeights) + 24;
  ensureRoom(doc, boxHeight + 10);
  const top = doc.y;
  content.parties.forEach((p, i) => {
    const x = MARGIN + i * (half + 16);
    doc.roundedRect(x, top, half, boxHeight, 4).lineWidth(0.8).strokeColor(RULE).stroke();
    write(doc, p.role.toUpperCase(), { x: x + 10, y: top + 10, width: half - 20, size: 8.5, bold: true, color: BRAND });
    write(doc, p.name, { x: x + 10, y: doc.y + 2, width: half - 20, size: 11, bold: true });
    for (const line of p.lines) write(doc, line, { x: x + 10, y: doc.y + 2, width: half - 20, size: 9, color: MUTED });
  });
  doc.y = top + boxHeight + 14;
  write(doc, 'The parties agree as follows.', { x: MARGIN, y: doc.y });
  doc.y += 6;

  content.sections.forEach((section, i) => {
    ensureRoom(doc, 48);
    write(doc, `${i + 1}. ${section.heading}`, { x: MARGIN, y: doc.y + 8, size: 11.5, bold: true, color: BRAND });
    doc.y += 4;
    for (const block of section.blocks) {
      if (block.kind === 'paragraph') {
        ensureRoom(doc, Math.min(heightOf(doc, block.text, { width }), 40));
        write(doc, block.text, { x: MARGIN, y: doc.y, align: 'justify', width });
        doc.y += 6;
      } else if (block.kind === 'facts') {
        facts(doc, block.rows, 220);
        doc.y += 2;
      } else {
        schedule(doc, block);
        doc.y += 6;
      }
    }
  });

  // Places to sign a printed copy.
  ensureRoom(doc, 90);
  const signTop = doc.y + 48;
  content.signatures.forEach((label, i) => {
    const x = MARGIN + i * (half + 16);
    doc.moveTo(x, signTop).lineTo(x + half - 30, signTop).lineWidth(0.6).strokeColor(INK).stroke();
    write(doc, label, { x, y: signTop + 4, width: half - 30, size: 9, color: MUTED });
  });
  doc.y = signTop + 24;
  write(doc, content.footer, { x: MARGIN, y: doc.y + 6, width, size: 8.5, color: MUTED });

  // Page footers, once the number of pages is known.
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, bottom: 0 };
    write(doc, `${AGREEMENT_TITLE} ${terms.number} · page ${i + 1} of ${range.count}`, { x: MARGIN, y: doc.page.height - MARGIN + 10, width, size: 8, color: MUTED, align: 'center' });
    doc.page.margins = margins;
  }
}

/** The agreement's PDF. Same terms, same bytes. */
export function renderAgreementPdf(terms: AgreementTerms): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: 'en-GB',
    displayTitle: true,
    info: {
      Title: `${AGREEMENT_TITLE} ${terms.number}`,
      Author: PLATFORM,
      Subject: `${terms.project.title}: ${terms.principal} BDT at ${terms.markupPercent} % markup`,
      Creator: PLATFORM,
      Producer: PLATFORM,
      // Fixed, so the bytes (and the file ID pdfkit derives from the info) never depend on when they are made.
      CreationDate: new Date(terms.acceptedAt),
    },
  });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc, terms);
      doc.end();
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
