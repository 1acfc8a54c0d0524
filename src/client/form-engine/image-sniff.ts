/**
 * Checks a picked file by its first bytes, as the server does, before it is previewed or kept (issue 12 §5): a text
 * file renamed `.png` is refused at once with the field's own message instead of showing a broken preview and
 * failing on submit.
 */
import type { RJSFSchema } from '@rjsf/utils';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

function startsWith(head: Uint8Array, magic: number[]): boolean {
  return magic.every((byte, i) => head[i] === byte);
}

/** The first `n` bytes of a file (FileReader: supported by every browser and by jsdom). */
function firstBytes(file: Blob, n: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('could not read the file'));
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(file.slice(0, n));
  });
}

/** True when the file's content is a PNG or a JPEG image, whatever its name or declared type says. */
export async function isPngOrJpeg(file: Blob): Promise<boolean> {
  const head = await firstBytes(file, PNG.length);
  return startsWith(head, PNG) || startsWith(head, JPEG);
}

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/** True when the file's content is a PDF, a PNG or a JPEG (a document field: `"x-upload": "document"`). */
export async function isPdfOrImage(file: Blob): Promise<boolean> {
  const head = await firstBytes(file, PNG.length);
  return startsWith(head, PDF) || startsWith(head, PNG) || startsWith(head, JPEG);
}

/**
 * The field's message for "not a PNG or JPEG image", from its schema: `errorMessage.pattern` (the rule that checks
 * the image type of the data URL), else `errorMessage.format`. So the words are the ones the server would answer.
 */
export function notAnImageMessage(schema: RJSFSchema): string {
  const messages = (schema as { errorMessage?: Record<string, unknown> }).errorMessage;
  const pick = (key: string) => (typeof messages?.[key] === 'string' ? (messages[key] as string) : undefined);
  const isDocument = (schema as { 'x-upload'?: unknown })['x-upload'] === 'document';
  return pick('pattern') ?? pick('format') ?? (isDocument ? 'This file is not a PDF, PNG or JPEG file.' : 'This file is not a PNG or JPEG image.');
}
