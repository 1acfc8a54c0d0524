/**
 * `npm run bench [-- <name>…]`: runs every benchmark in scripts/bench/benchmarks/ (or those named), one after the
 * other so they do not compete for the CPU, and prints each figure beside its peer and its goal. Exit 1 when a
 * figure misses its goal or a benchmark fails. Not part of `npm test`: these take minutes and depend on the machine.
 */
import { readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatFigure, meetsGoal } from './report';
import type { Benchmark } from './types';

const DIR = join(import.meta.dirname, 'benchmarks');

async function load(): Promise<Benchmark[]> {
  const out: Benchmark[] = [];
  for (const file of readdirSync(DIR).filter((f) => f.endsWith('.ts')).sort()) {
    const mod = (await import(pathToFileURL(join(DIR, file)).href)) as { default: Benchmark };
    out.push(mod.default);
  }
  return out;
}

/**
 * Names for several benchmarks reported together. `interactions` (issue 33): the first interactions on a phone, typing
 * in the largest form, and the pages' weight and Lighthouse in the same report, so a gain in one is not paid for in
 * another.
 */
const GROUPS: Record<string, string[]> = { interactions: ['first-tap', 'typing', 'pages'] };

const wanted = process.argv.slice(2).flatMap((name) => GROUPS[name] ?? [name]);
const all = await load();
const chosen = wanted.length > 0 ? all.filter((b) => wanted.includes(b.name)) : all;
if (chosen.length === 0) {
  console.error(`bench: no benchmark named ${wanted.join(', ')}; known: ${all.map((b) => b.name).join(', ')}`);
  process.exit(2);
}
console.log(`machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.versions.node}`);
let failed = false;
for (const bench of chosen) {
  console.log(`\n${bench.name}`);
  try {
    for (const figure of await bench.run()) {
      console.log(`  ${formatFigure(figure)}`);
      if (!meetsGoal(figure)) failed = true;
    }
  } catch (err) {
    failed = true;
    console.log(`  failed: ${(err as Error).message}`);
  }
}
process.exitCode = failed ? 1 : 0;
