/** Types of build-node.mjs (plain JS so it runs before anything can compile TypeScript). */
export interface BuildTarget {
  /** The TypeScript entry, relative to the repository root. */
  entry: string;
  /** The output directory, relative to the repository root. */
  outdir: string;
  /** The bundle's name: `<outdir>/<name>.mjs`. */
  name: string;
}
export function isFresh(outdir: string, name: string): boolean;
export function ensureBuilt(target: BuildTarget): Promise<string>;
