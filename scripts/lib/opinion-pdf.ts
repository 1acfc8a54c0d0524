/**
 * A one-page PDF standing in for a signed Shariah opinion (issue 31 §5), for the demo and the load benchmark's set-up:
 * a real, readable PDF written by hand (plain text in Helvetica, byte offsets counted), as a named `data:` URL.
 */

/** PDF text strings escape backslashes and parentheses; the built-in font reads Latin-1 only. */
const pdfText = (s: string) => s.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1');

/** The PDF's bytes: the given lines, top to bottom, on an A4 page. */
export function opinionPdf(lines: string[]): Buffer {
  const body = lines.map((line, i) => `BT /F1 ${i === 0 ? 16 : 11} Tf 56 ${780 - i * 22} Td (${pdfText(line)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(body, 'latin1')} >>\nstream\n${body}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((n) => `${String(n).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** The opinion on one project as the body of `POST /staff/projects/:id/shariah-review` (approved). */
export function approvedReview(projectTitle: string, adviser: string) {
  const pdf = opinionPdf([
    'Shariah opinion (demo)',
    `Project: ${projectTitle}`,
    'Contract: Murabaha (cost-plus sale of the goods financed).',
    'The goods are identified, owned before they are sold on, and the markup is fixed in advance.',
    `Signed: ${adviser}`,
  ]);
  return {
    decision: 'approved' as const,
    adviser,
    note: 'The Murabaha terms, the goods financed and the markup were reviewed and found compliant.',
    opinion: `data:application/pdf;name=shariah-opinion.pdf;base64,${pdf.toString('base64')}`,
  };
}
