/**
 * The text a PDF shows in its standard fonts, read the plain way: every Flate stream inflated, the strings of its
 * text-showing operators (Tj, TJ) joined, one line per operator. Enough to check what a document says without a PDF
 * library; text in embedded fonts (glyph ids) is not read.
 */
import { inflateSync } from 'node:zlib';

function hexText(hex: string): string {
  return Buffer.from(hex.replace(/\s/g, ''), 'hex').toString('latin1');
}

function literalText(literal: string): string {
  return literal.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_m, e: string) =>
    /^[0-7]/.test(e) ? String.fromCharCode(parseInt(e, 8)) : ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[e] ?? e,
  );
}

/** The strings of a TJ array (or one Tj operand); a wide move right between two (justified text) reads as a space. */
function strings(operand: string): string {
  const out: string[] = [];
  for (const m of operand.matchAll(/<([0-9a-fA-F\s]*)>|\(((?:\\.|[^\\)])*)\)|(-?\d+(?:\.\d+)?)/g)) {
    if (m[3] !== undefined) {
      if (Number(m[3]) < -150 && !out.at(-1)?.endsWith(' ')) out.push(' ');
    } else out.push(m[1] !== undefined ? hexText(m[1]) : literalText(m[2]!));
  }
  return out.join('');
}

/** The PDF's text, one shown string (a line of a paragraph, a table cell) per line. */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const m of raw.matchAll(/<<(.*?)>>\s*stream\r?\n/gs)) {
    const start = m.index! + m[0].length;
    const end = raw.indexOf('endstream', start);
    const bytes = pdf.subarray(start, end);
    let content: string;
    try {
      content = m[1]!.includes('/FlateDecode') ? inflateSync(bytes).toString('latin1') : bytes.toString('latin1');
    } catch {
      continue; // a font program or an image, not page content
    }
    for (const op of content.matchAll(/\[((?:[^\]\\]|\\.)*)\]\s*TJ|(<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\))\s*Tj/g)) lines.push(strings(op[1] ?? op[2]!));
  }
  return lines.join('\n');
}
