/**
 * Decoding and checking uploaded files: a `data:` URL is decoded, its content sniffed (PNG or JPEG by magic bytes,
 * whatever the declared type or name says; a document may also be a PDF) and capped at 5 MB.
 */
import { createHash } from 'node:crypto';

export const MAX_FILE_BYTES = 5 * 1024 * 1024;

export type ImageType = 'image/png' | 'image/jpeg';
export type DocumentType = ImageType | 'application/pdf';

/** What an upload may be: an image (the forms' file fields), or a document (a PDF or an image, e.g. a signed opinion). */
export type UploadKind = 'image' | 'document';

export interface DecodedFile {
  contentType: DocumentType;
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

const PDF = Buffer.from('%PDF-', 'latin1');

/** The document type the bytes really are (a PDF, PNG or JPEG), or null. */
export function sniffDocument(bytes: Buffer): DocumentType | null {
  if (bytes.length >= PDF.length && bytes.subarray(0, PDF.length).equals(PDF)) return 'application/pdf';
  return sniffImage(bytes);
}

const WORDS: Record<UploadKind, { upload: string; content: string }> = {
  image: { upload: 'Upload a PNG or JPEG image', content: 'File content is not a PNG or JPEG image' },
  document: { upload: 'Upload a PDF, PNG or JPEG file', content: 'File content is not a PDF, PNG or JPEG file' },
};

const DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*?);base64,(.*)$/s;

/** Decodes and checks a file field's `data:` URL; throws `FileRejected` with the reason. */
export function decodeDataUrl(value: string, kind: UploadKind = 'image'): DecodedFile {
  const words = WORDS[kind];
  const m = DATA_URL.exec(value);
  if (!m) throw new FileRejected(words.upload);
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
  return checkedFile(Buffer.from(base64, 'base64'), fileName, kind);
}

/** Checks a file's bytes as an upload of `kind` (not empty, at most 5 MB, its real type); throws `FileRejected`. */
export function checkedFile(bytes: Buffer, fileName: string, kind: UploadKind = 'image'): DecodedFile {
  const words = WORDS[kind];
  if (bytes.length === 0) throw new FileRejected('File is empty');
  if (bytes.length > MAX_FILE_BYTES) throw new FileRejected('File must be 5 MB or smaller');
  const contentType = kind === 'document' ? sniffDocument(bytes) : sniffImage(bytes);
  if (!contentType) throw new FileRejected(`${words.content} (renaming a file does not change what it is)`);
  return {
    contentType,
    fileName: fileName.replace(/[\r\n"\\/]/g, '_').slice(0, 200) || 'upload',
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}
