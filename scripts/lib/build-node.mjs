// Builds a TypeScript entry (and what it imports from the repository) into plain ESM JavaScript with esbuild, only
// when the bundle is missing or one of its sources changed since, so commands start on `node` without compiling
// TypeScript. Packages stay external (node_modules is resolved at run time as usual). Plain JS: it must run before
// anything can compile TypeScript.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Bumped when the build options change, so bundles made with older options are rebuilt. */
const BUILD_VERSION = 2;

/** The file recording what a bundle was built from (its sources, relative to the root) and when. */
function metaFile(outdir, name) {
  return join(outdir, `${name}.sources.json`);
}

/** True when the bundle exists and no source changed after its build started. */
export function isFresh(outdir, name) {
  const meta = metaFile(outdir, name);
  if (!existsSync(meta) || !existsSync(join(outdir, `${name}.mjs`))) return false;
  let recorded;
  try {
    recorded = JSON.parse(readFileSync(meta, 'utf8'));
  } catch {
    return false;
  }
  if (recorded.version !== BUILD_VERSION) return false;
  for (const source of recorded.sources) {
    let mtime;
    try {
      mtime = statSync(join(ROOT, source)).mtimeMs;
    } catch {
      return false;
    }
    if (mtime > recorded.startedAt) return false;
  }
  return true;
}

/**
 * JSON files of packages (Ajv's meta-schemas) go into the bundle: Node's ESM loader refuses a JSON import without an
 * import attribute, which esbuild does not write for an external package.
 */
const packageJsonInBundle = {
  name: 'package-json-in-bundle',
  setup(b) {
    b.onResolve({ filter: /\.json$/ }, (args) => {
      if (args.path.startsWith('.') || args.path.startsWith('/')) return undefined;
      return { path: createRequire(join(args.resolveDir, 'index.js')).resolve(args.path) };
    });
  },
};

/**
 * Returns the path of `<outdir>/<name>.mjs`, the bundle of `entry` (relative to the repository root), building it
 * first when it is stale. The files are written to a temporary directory and moved into place, entry last, so a
 * second process starting meanwhile never imports a half-written bundle.
 */
export async function ensureBuilt({ entry, outdir: outRel, name }) {
  const outdir = join(ROOT, outRel);
  const outfile = join(outdir, `${name}.mjs`);
  if (isFresh(outdir, name)) return outfile;

  const { build } = await import('esbuild');
  const startedAt = Date.now();
  mkdirSync(outdir, { recursive: true });
  const tmp = mkdtempSync(join(outdir, `.build-${name}-`));
  try {
    const result = await build({
      absWorkingDir: ROOT,
      entryPoints: { [name]: join(ROOT, entry) },
      outdir: tmp,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      plugins: [packageJsonInBundle],
      outExtension: { '.js': '.mjs' },
      chunkNames: `${name}-chunks/[name]-[hash]`,
      metafile: true,
      logLevel: 'error',
    });
    const sources = Object.keys(result.metafile.inputs).map((p) => relative(ROOT, resolve(ROOT, p)));
    const chunkDir = join(tmp, `${name}-chunks`);
    if (existsSync(chunkDir)) {
      mkdirSync(join(outdir, `${name}-chunks`), { recursive: true });
      // Chunk names carry a content hash: moving them over older ones never changes what an older entry imports.
      for (const chunk of readdirSync(chunkDir)) renameSync(join(chunkDir, chunk), join(outdir, `${name}-chunks`, chunk));
    }
    renameSync(join(tmp, `${name}.mjs`), outfile);
    const meta = join(tmp, `${name}.sources.json`);
    writeFileSync(meta, JSON.stringify({ version: BUILD_VERSION, startedAt, sources }, null, 1));
    renameSync(meta, metaFile(outdir, name));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return outfile;
}
