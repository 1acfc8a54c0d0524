/**
 * A Vite plugin that cuts the taka sign ৳ (U+09F3) out of Noto Sans Bengali at build time (subset-font), so a page
 * that shows an amount downloads about a kilobyte instead of the 44–48 kB Bengali subset per weight. It writes
 * src/client/fonts/generated/taka-<weight>.woff2, which src/client/fonts/taka.css declares with `unicode-range`.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

export const TAKA = '\u09F3';
const WEIGHTS = [400, 700] as const;

/** Writes the subsets when missing or older than their source font. */
export async function writeTakaFonts(outDir: string): Promise<string[]> {
  const require = createRequire(import.meta.url);
  const fontsource = dirname(require.resolve('@fontsource/noto-sans-bengali/package.json'));
  mkdirSync(outDir, { recursive: true });
  const written: string[] = [];
  for (const weight of WEIGHTS) {
    const source = join(fontsource, 'files', `noto-sans-bengali-bengali-${weight}-normal.woff2`);
    const target = join(outDir, `taka-${weight}.woff2`);
    if (existsSync(target) && statSync(target).mtimeMs >= statSync(source).mtimeMs) continue;
    writeFileSync(target, await subsetFont(readFileSync(source), TAKA, { targetFormat: 'woff2' }));
    written.push(target);
  }
  return written;
}

export function takaFont(outDir: string): Plugin {
  return {
    name: 'halal-fund:taka-font',
    async buildStart() {
      await writeTakaFonts(outDir);
    },
  };
}
