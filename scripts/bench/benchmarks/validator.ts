/**
 * The headless validator against ajv-cli 5 (issue 15 §4): 10,000 documents in one call, and one document per call
 * (median of many calls). Both run as `node <script>` (npm's own start-up would add the same to both), ajv-cli
 * with the product's formats, keywords and ajv-errors (lib/ajv-cli-plugin.ts) and the same Ajv options, so both
 * apply the same rules; the benchmark fails if a single verdict differs. ajv-cli prints raw Ajv errors (no field
 * paths for required fields, if/then noise kept); ours prints the product's messages.
 */
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { alternate, median, timeProcess, type Timed } from '../lib/measure';
import type { Benchmark, Figure } from '../types';

const ROOT = join(import.meta.dirname, '../../..');
const FORM = 'project-owner';
const SMALL_FORM = 'sign-in';
const DOCUMENTS = 10_000;
const BATCH_RUNS = 3;
const SINGLE_RUNS = 15;

/**
 * The peer's options: AJV_OPTIONS (src/shared/validation/ajv-setup.ts) except `verbose`, which only copies the
 * schema and data into each error (ajv-cli would print the whole schema per error) and changes no verdict; errors
 * one JSON line per document, as ours.
 */
const AJV_CLI_FLAGS = ['--spec=draft2019', '--all-errors', '--strict=false', '--multiple-of-precision=8', '--errors=line'];

/** Deterministic variety: about 60 % valid, the rest missing a field, of a wrong type, or with an unknown field. */
function documents(valid: Record<string, unknown>, count: number): unknown[] {
  const keys = Object.keys(valid);
  const out: unknown[] = [];
  for (let i = 0; i < count; i++) {
    const doc: Record<string, unknown> = { ...valid, name: `Owner ${i}` };
    const key = keys[i % keys.length]!;
    switch (i % 10) {
      case 6:
        delete doc[key];
        break;
      case 7:
        doc[key] = i;
        break;
      case 8:
        doc[`extra${i % 3}`] = true;
        break;
      case 9:
        doc[key] = '';
        break;
    }
    out.push(doc);
  }
  return out;
}

/** `<file> valid|invalid` verdicts from either tool's output. */
function ajvCliVerdicts(run: Timed): Map<string, boolean> {
  const verdicts = new Map<string, boolean>();
  for (const line of `${run.stdout}\n${run.stderr}`.split('\n')) {
    const m = /^(\S+) (valid|invalid)$/.exec(line);
    if (m) verdicts.set(m[1]!, m[2] === 'valid');
  }
  return verdicts;
}

function ourVerdicts(run: Timed): Map<string, boolean> {
  const verdicts = new Map<string, boolean>();
  for (const line of run.stdout.trimEnd().split('\n')) {
    const r = JSON.parse(line) as { file?: string; valid?: boolean };
    if (r.file !== undefined) verdicts.set(r.file, r.valid === true);
  }
  return verdicts;
}

function compare(ours: Map<string, boolean>, peer: Map<string, boolean>, expected: number): number {
  if (ours.size !== expected || peer.size !== expected) {
    throw new Error(`expected ${expected} verdicts, got ${ours.size} from ours and ${peer.size} from ajv-cli`);
  }
  let differ = 0;
  for (const [file, valid] of ours) if (peer.get(file) !== valid) differ++;
  return differ;
}

async function run(): Promise<Figure[]> {
  mkdirSync(join(ROOT, 'tmp'), { recursive: true });
  const work = mkdtempSync(join(ROOT, 'tmp', 'bench-validate-'));
  try {
    const plugin = join(work, 'ajv-cli-plugin.cjs');
    await build({
      entryPoints: [join(import.meta.dirname, '../lib/ajv-cli-plugin.ts')],
      outfile: plugin,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      packages: 'external',
      footer: { js: 'module.exports = module.exports.default;' },
      logLevel: 'error',
    });
    const valid = JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/forms', `${FORM}.valid.json`), 'utf8')) as Record<string, unknown>;
    const docsDir = join(work, 'docs');
    mkdirSync(docsDir);
    documents(valid, DOCUMENTS).forEach((doc, i) => writeFileSync(join(docsDir, `${String(i).padStart(5, '0')}.json`), JSON.stringify(doc)));
    const glob = `${relative(ROOT, docsDir)}/*.json`;
    const single = relative(ROOT, join(docsDir, '00000.json'));
    const schema = `schemas/${FORM}.schema.json`;

    const ours = (data: string, form = FORM) => () => timeProcess(process.execPath, ['scripts/validate.mjs', '--json', form, data], { cwd: ROOT });
    const peer = (data: string, schemaFile = schema) => () =>
      timeProcess(process.execPath, ['node_modules/ajv-cli/dist/index.js', 'validate', '-s', schemaFile, '-d', data, '-c', plugin, ...AJV_CLI_FLAGS], { cwd: ROOT });

    await ours(single)(); // builds the CLI bundle if it is stale, outside the timings
    const batch = await alternate(BATCH_RUNS, ours(glob), peer(glob));
    const differ = compare(ourVerdicts(batch.ours[0]!), ajvCliVerdicts(batch.peer[0]!), DOCUMENTS);
    if (differ > 0) throw new Error(`${differ} of ${DOCUMENTS} verdicts differ from ajv-cli's`);
    const one = await alternate(SINGLE_RUNS, ours(single), peer(single));
    // The smallest form too: there the peer's compile is cheapest, so start-up cost weighs most.
    const small = relative(ROOT, join(ROOT, 'tests/fixtures/forms', `${SMALL_FORM}.valid.json`));
    const oneSmall = await alternate(SINGLE_RUNS, ours(small, SMALL_FORM), peer(small, `schemas/${SMALL_FORM}.schema.json`));

    const seconds = (runs: Timed[]) => median(runs.map((r) => r.ms)) / 1000;
    const ms = (runs: Timed[]) => median(runs.map((r) => r.ms));
    return [
      {
        label: `validate ${DOCUMENTS.toLocaleString('en')} ${FORM} documents, one call`,
        value: seconds(batch.ours),
        unit: 's',
        peer: { label: 'ajv-cli', value: seconds(batch.peer) },
        goal: { ratioAtMost: 1.5 },
        note: `median of ${BATCH_RUNS}; all ${DOCUMENTS.toLocaleString('en')} verdicts agree with ajv-cli's`,
      },
      {
        label: `validate one ${FORM} document per call`,
        value: ms(one.ours),
        unit: 'ms',
        peer: { label: 'ajv-cli', value: ms(one.peer) },
        goal: { ratioAtMost: 1.2 },
        note: `median of ${SINGLE_RUNS} calls each, node started per call`,
      },
      {
        label: `validate one ${SMALL_FORM} document per call`,
        value: ms(oneSmall.ours),
        unit: 'ms',
        peer: { label: 'ajv-cli', value: ms(oneSmall.peer) },
        goal: { ratioAtMost: 1.2 },
        note: `median of ${SINGLE_RUNS} calls each`,
      },
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const benchmark: Benchmark = { name: 'validator', run };
export default benchmark;
