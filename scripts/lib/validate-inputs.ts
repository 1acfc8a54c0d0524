/**
 * Turns the CLI's input arguments into the documents to check: a file, every *.json under a directory, the
 * files a glob matches, or `-` for JSON Lines on stdin (one document a line). Names are what the user gave (a
 * directory's files joined to it, a glob's matches relative to the working directory, `stdin:<line>`), sorted
 * within each argument so the output is stable.
 */
import { statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { globSync, isDynamicPattern } from 'tinyglobby';

/** A document to validate: where it came from, and either its text or how reading it failed. */
export type Source = { name: string; text: string } | { name: string; readError: string };

/** An input that names nothing (not a file, a directory, a glob with matches, or `-`). */
export class InputError extends Error {}

export type Input = { kind: 'files'; files: string[] } | { kind: 'stdin' };

/** Matches, sorted; an absolute pattern gives absolute names, a relative one names relative to `cwd`. */
function sortedGlob(pattern: string, cwd?: string): string[] {
  return globSync(pattern, { cwd, absolute: isAbsolute(pattern), onlyFiles: true, dot: false, expandDirectories: false }).sort();
}

/** Why a file could not be read, in words (`no such file`, not `ENOENT`). */
export function readFailure(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOENT':
      return 'no such file';
    case 'ENOTDIR':
      return 'no such file (a part of the path is not a directory)';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'it is a directory, not a file';
    case 'EMFILE':
    case 'ENFILE':
      return 'too many files open';
    default:
      return (err as Error).message;
  }
}

/** Classifies one argument; throws InputError when it names nothing. */
export function expandInput(arg: string): Input {
  if (arg === '-') return { kind: 'stdin' };
  let stat;
  try {
    stat = statSync(arg);
  } catch (err) {
    if (isDynamicPattern(arg)) {
      const files = sortedGlob(arg);
      if (files.length === 0) throw new InputError(`no file matches ${arg}`);
      return { kind: 'files', files };
    }
    throw new InputError(`${readFailure(err)}: ${arg}`);
  }
  if (stat.isDirectory()) {
    const files = sortedGlob('**/*.json', arg).map((rel) => join(arg, rel));
    if (files.length === 0) throw new InputError(`no .json file in the directory ${arg}`);
    return { kind: 'files', files };
  }
  return { kind: 'files', files: [arg] };
}

/** Splits JSON Lines text into sources named `stdin:<line number>`; blank lines are skipped. */
export function jsonLines(text: string): Source[] {
  const out: Source[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() !== '') out.push({ name: `stdin:${i + 1}`, text: line });
  }
  return out;
}
