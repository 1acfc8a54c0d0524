/**
 * Issue 12 §8: the demo's pictures are drawn here, one distinct scene per project category (not one picture
 * recoloured), the committed category pictures are exactly what the scenes draw, and the PNGs the demo uploads are
 * real PNGs of the asked size.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../server/helpers';
import { CATEGORY_SCENE, SCENES, sceneSvg, scenePng, type SceneName } from '../../scripts/lib/demo-scenes';

const categories: string[] = JSON.parse(readFileSync(join(ROOT, 'schemas/project-owner.schema.json'), 'utf8')).properties.category.enum;
const pictures = (Object.keys(SCENES) as SceneName[]).filter((n) => n !== 'document');

/** The drawing without its colours: what is left when a picture is recoloured. */
const geometry = (svg: string) => svg.replace(/ (fill|stroke|opacity)="[^"]*"/g, '');

/** Width, height and the grey level of each pixel of one of our PNGs (8-bit RGB, filter 0 on every row). */
function decode(png: Buffer): { width: number; height: number; grey: number[] } {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  let at = 8;
  const idat: Buffer[] = [];
  while (at < png.length) {
    const len = png.readUInt32BE(at);
    if (png.toString('ascii', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + len));
    at += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const grey: number[] = [];
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
    const o = y * (width * 3 + 1) + 1 + x * 3;
    grey.push((raw[o]! + raw[o + 1]! + raw[o + 2]!) / 3);
  }
  return { width, height, grey };
}

describe('category pictures', () => {
  it('gives every business category of the project form a scene', () => {
    expect(Object.keys(CATEGORY_SCENE).sort()).toEqual([...categories].sort());
  });

  it('draws each category differently: no two scenes share their shapes, whatever the colours', () => {
    const shapes = pictures.map((n) => geometry(sceneSvg(n)));
    expect(new Set(shapes).size).toBe(pictures.length);
    // Not even mostly the same: each pair shares less than half of its shapes.
    for (let i = 0; i < pictures.length; i++) {
      for (let j = i + 1; j < pictures.length; j++) {
        const a = shapes[i]!.match(/<[a-z]+ [^>]*\/>/g)!;
        const b = new Set(shapes[j]!.match(/<[a-z]+ [^>]*\/>/g)!);
        const shared = a.filter((s) => b.has(s)).length;
        expect(shared / a.length, `${pictures[i]} and ${pictures[j]}`).toBeLessThan(0.5);
      }
    }
  });

  it('has the committed SVG files the scenes draw (npx tsx scripts/category-art.ts rewrites them)', () => {
    for (const n of pictures) expect(readFileSync(join(ROOT, `src/client/public/images/category-${n}.svg`), 'utf8'), n).toBe(sceneSvg(n));
  });

  it('renders a scene as a PNG of the asked size, mirrored or enlarged for a project’s other photos', () => {
    const plain = decode(scenePng('education', { width: 160, height: 100 }));
    expect([plain.width, plain.height]).toEqual([160, 100]);
    // Not a flat colour: the drawing shows.
    expect(new Set(plain.grey.map(Math.round)).size).toBeGreaterThan(20);
    const mirrored = decode(scenePng('education', { width: 160, height: 100, mirror: true }));
    expect(mirrored.grey[5 * 160 + 10]).toBeCloseTo(plain.grey[5 * 160 + 149]!, 5);
    expect(mirrored.grey).not.toEqual(plain.grey);
    expect(decode(scenePng('education', { width: 160, height: 100, zoom: 1.6 })).grey).not.toEqual(plain.grey);
  });
});
