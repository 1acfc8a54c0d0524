/**
 * Decoding and checking uploaded files: a `data:` URL is decoded, its content sniffed (PNG or JPEG by magic bytes,
 * whatever the declared type or name says) and capped at 5 MB.
 */
import { createHash } from 'node:crypto';

export const MAX_FILE_BYTES = 5 * 1024 * 1024;

export type ImageType = 'image/png' | 'image/jpeg';

export interface DecodedFile {
  contentType: ImageType;
  fileName: string;
  bytes: Buffer;
  sha256: string;
}

/** Why a value is not an acceptable file: the message shown under the field. */
export class FileRejected extends Error {}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** The image type the bytes really are, or null. */
export function sniffImage(bytes: Buffer): ImageType | null {
  if (bytes.length >= PNG.length && bytes.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (bytes.length >= JPEG.length && bytes.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  return null;
}

const DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*?);base64,(.*)$/s;

/** Decodes and checks a file field's `data:` URL; throws `FileRejected` with the reason. */
export function decodeDataUrl(value: string): DecodedFile {
  const m = DATA_URL.exec(value);
  if (!m) throw new FileRejected('Upload a PNG or JPEG image');
  const params = m[2] ?? '';
  const nameParam = /;name=([^;]*)/.exec(params)?.[1];
  let fileName = 'upload';
  if (nameParam) {
    try {
      fileName = decodeURIComponent(nameParam);
    } catch {
      fileName = nameParam;
    }
  }
  const base64 = m[3] ?? '';
  // Exact decoded size from the base64 length, checked before decoding anything large.
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  const size = Math.floor((base64.length * 3) / 4) - padding;
  if (size > MAX_FILE_BYTES) throw new FileRejected('File must be 5 MB or smaller');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw new FileRejected('File data is not valid base64');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw new FileRejected('File is empty');
  const contentType = sniffImage(bytes);
  if (!contentType) {
    throw new FileRejected('File content is not a PNG or JPEG image (renaming a file does not change what it is)');
  }
  return {
    contentType,
    fileName: fileName.replace(/[\r\n"\\/]/g, '_').slice(0, 200) || 'upload',
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}
