/**
 * Small self-made PNG illustrations for the demo projects (no image is fetched from anywhere): a sky, a sun, hills
 * and a few shapes in each project's colours. Pure code: a minimal PNG encoder over zlib.
 */
import { deflateSync } from 'node:zlib';

type RGB = [number, number, number];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buf) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** Encodes an RGB image given by a pixel function as PNG. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => RGB): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    raw[y * stride] = 0;
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      const o = y * stride + 1 + x * 3;
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const mix = (a: RGB, b: RGB, t: number): RGB => [0, 1, 2].map((i) => Math.round(a[i]! + (b[i]! - a[i]!) * t)) as RGB;

export interface Palette {
  skyTop: RGB;
  skyBottom: RGB;
  sun: RGB;
  far: RGB;
  near: RGB;
  accent: RGB;
}

/** A landscape: gradient sky, sun, two hill lines and a row of accent shapes (fields, roofs or seats). */
export function landscape(palette: Palette, seed: number, width = 640, height = 400): Buffer {
  const sunX = width * (0.2 + ((seed * 37) % 60) / 100);
  const sunY = height * 0.3;
  const sunR = height * 0.11;
  const hill = (x: number, amp: number, freq: number, base: number) => base + Math.sin(x * freq + seed) * amp + Math.sin(x * freq * 2.3 + seed * 2) * amp * 0.4;
  return encodePng(width, height, (x, y) => {
    let c: RGB = mix(palette.skyTop, palette.skyBottom, y / height);
    const d = Math.hypot(x - sunX, y - sunY);
    if (d < sunR) c = palette.sun;
    else if (d < sunR * 1.6) c = mix(palette.sun, c, (d - sunR) / (sunR * 0.6));
    if (y > hill(x, height * 0.05, 0.012, height * 0.58)) c = palette.far;
    if (y > hill(x, height * 0.06, 0.008, height * 0.72)) c = palette.near;
    // Accent shapes along the near hill: evenly spaced blocks with triangular tops.
    const slot = width / 7;
    const cx = (x % slot) - slot / 2;
    const top = height * 0.66;
    if (Math.abs(cx) < slot * 0.22 && y > top + Math.abs(cx) * 0.8 && y < height * 0.8) c = mix(palette.accent, [255, 255, 255], ((x / slot) | 0) % 2 ? 0.15 : 0);
    return c;
  });
}
