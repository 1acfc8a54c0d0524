/**
 * Text in the product's PDFs (pdfkit): selectable text in the standard Helvetica (not embedded), Bengali runs (a
 * name or a project title written in Bengali) in Noto Sans Bengali, embedded as a subset. The agreement document
 * and the income-year statement both write through these, so they look and behave alike.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
// The .woff files: fontkit's subsetter fails on the .woff2 ones (STACK-NOTES).
const bengaliFont = (weight: 400 | 700) => join(dirname(require.resolve('@fontsource/noto-sans-bengali/package.json')), `files/noto-sans-bengali-bengali-${weight}-normal.woff`);

export const INK = '#1d2a24';
export const MUTED = '#5b6660';
export const RULE = '#c9d2cc';
export const SHADE = '#eef3ef';
export const BRAND = '#1b6b45';

export type Doc = PDFKit.PDFDocument;

/** Registers the Bengali fonts `write` switches to; call once per document. */
export function registerFonts(doc: Doc): void {
  doc.registerFont('bengali', bengaliFont(400));
  doc.registerFont('bengali-bold', bengaliFont(700));
}

// Characters Helvetica can draw (WinAnsi): printable ASCII, Latin-1 and the few of Windows-1252's 0x80–0x9F.
const WIN_ANSI_EXTRA = new Set([402, 8211, 8212, 8216, 8217, 8218, 8220, 8221, 8222, 8224, 8225, 8226, 8230, 8364, 8240, 8249, 8250, 710, 8482, 338, 339, 732, 352, 353, 376, 381, 382]);
const isWinAnsi = (code: number) => (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(code);
// The Bengali block, and the danda and double danda (।, ॥) Bengali ends its sentences with (coded with Devanagari's).
const isBengali = (code: number) => (code >= 0x0980 && code <= 0x09ff) || code === 0x0964 || code === 0x0965;

/** Splits text into runs by the font that can draw them; anything neither font has becomes "?" (a line break stays one). */
function runs(text: string): { bengali: boolean; text: string }[] {
  const out: { bengali: boolean; text: string }[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    // Joiners and spaces stay with the run they are in, so a Bengali word is shaped whole.
    const bengali = isBengali(code) || ((code === 0x200c || code === 0x200d) && out.at(-1)?.bengali === true);
    const drawn = bengali || isWinAnsi(code) || ch === '\n' ? ch : '?';
    const last = out.at(-1);
    // Spaces and line breaks stay in the run they follow.
    if (last && (last.bengali === bengali || ch === ' ' || ch === '\n')) last.text += drawn;
    else out.push({ bengali, text: drawn });
  }
  return out;
}

export interface TextStyle {
  bold?: boolean;
  size?: number;
  color?: string;
  align?: 'left' | 'center' | 'right' | 'justify';
  width?: number;
  x?: number;
  y?: number;
  gap?: number;
}

/** The width between the page's left and right margins. */
export function textWidth(doc: Doc): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

/** Writes one paragraph in as many font runs as it needs, wrapping at the width. */
export function write(doc: Doc, text: string, style: TextStyle = {}): void {
  const size = style.size ?? 10;
  const parts = runs(text);
  const x = style.x ?? doc.x;
  const y = style.y ?? doc.y;
  const options = { width: style.width ?? textWidth(doc), align: style.align ?? 'left', lineGap: style.gap ?? 2 };
  doc.fillColor(style.color ?? INK);
  parts.forEach((part, i) => {
    doc.font(part.bengali ? (style.bold ? 'bengali-bold' : 'bengali') : style.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
    const continued = i < parts.length - 1;
    if (i === 0) doc.text(part.text, x, y, { ...options, continued });
    else doc.text(part.text, { ...options, continued });
  });
}

/** The height `write` takes for the text at the width (measured in Helvetica). */
export function heightOf(doc: Doc, text: string, style: TextStyle): number {
  doc.font(style.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(style.size ?? 10);
  return doc.heightOfString(text, { width: style.width, lineGap: style.gap ?? 2 });
}

/** A horizontal rule across the text width at `y`. */
export function rule(doc: Doc, y: number, color = RULE): void {
  doc
    .moveTo(doc.page.margins.left, y)
    .lineTo(doc.page.width - doc.page.margins.right, y)
    .lineWidth(0.6)
    .strokeColor(color)
    .stroke();
}
