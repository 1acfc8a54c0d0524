/**
 * Writes the category pictures (src/client/public/images/category-<name>.svg) from the drawn scenes in
 * scripts/lib/demo-scenes.ts. `npx tsx scripts/category-art.ts` rewrites them; `--check` fails when a committed file differs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCENES, sceneSvg, type SceneName } from './lib/demo-scenes';

const dir = join(import.meta.dirname, '..', 'src', 'client', 'public', 'images');
const check = process.argv.includes('--check');
let stale = 0;
for (const name of Object.keys(SCENES) as SceneName[]) {
  if (name === 'document') continue;
  const file = join(dir, `category-${name}.svg`);
  const svg = sceneSvg(name);
  if (check) {
    let old = '';
    try {
      old = readFileSync(file, 'utf8');
    } catch {
      /* missing: stale */
    }
    if (old !== svg) {
      stale++;
      console.error(`${file} is out of date: run npx tsx scripts/category-art.ts`);
    }
  } else writeFileSync(file, svg);
}
if (stale) process.exit(1);
