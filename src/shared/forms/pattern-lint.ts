/**
 * The lint's rules for regular expressions (`pattern`, and the names of `patternProperties`), so that each runs in
 * linear time and means the same in the three places that run it: the browser (its own RegExp), the server and the
 * CLI (RE2, src/shared/validation/pattern-engine.js). A pattern must
 * 1. be a regular expression JavaScript accepts with the `u` flag (as Ajv compiles it);
 * 2. be one RE2 can run: no look-arounds, no backreferences (the translation keeps JavaScript's meaning for the rest);
 * 3. run in linear time on a backtracking engine, per the ReDoS checker (./pattern-safety.ts): no repetition that can
 *    match the same characters in more than one way, like `(a+)+` or `\d*\d*`.
 * The first two are checked at once; the third asynchronously (Node only).
 */
import { toRe2Syntax } from '../validation/re2-syntax.js';
import { compileRe2 } from '../validation/pattern-engine.js';
import { esc, isNode, walkEverySchema, type Node } from './schema-walk';
import { patternComplexity } from './pattern-safety';

/** A pattern of a schema: where it is, how to name it, and its source. */
interface PatternAt {
  pointer: string;
  name: string;
  source: string;
}

/** Every pattern of a schema, at any depth. */
function patternsOf(schema: Node): PatternAt[] {
  const out: PatternAt[] = [];
  walkEverySchema(schema, '', (node, pointer) => {
    if (typeof node.pattern === 'string') out.push({ pointer: `${pointer}/pattern`, name: `"pattern" ${node.pattern}`, source: node.pattern });
    if (isNode(node.patternProperties)) {
      for (const key of Object.keys(node.patternProperties)) {
        out.push({ pointer: `${pointer}/patternProperties/${esc(key)}`, name: `the "patternProperties" name ${key}`, source: key });
      }
    }
  });
  return out;
}

/** Why a pattern cannot be used in any of the three places, or null. */
function syntaxProblem(p: PatternAt): string | null {
  try {
    new RegExp(p.source, 'u');
  } catch (err) {
    return `${p.name} is not a valid regular expression: ${(err as Error).message}`;
  }
  const { lookaround, backreference } = toRe2Syntax(p.source);
  if (lookaround) {
    return `${p.name} has a look-ahead or look-behind ((?= (?! (?<= (?<!), which the server's linear-time engine (RE2) cannot run: write the rule without it (for "must contain each of", one pattern per rule in an "allOf")`;
  }
  if (backreference) return `${p.name} has a backreference (\\1, \\k<name>), which the server's linear-time engine (RE2) cannot run: write the rule without it`;
  try {
    compileRe2(p.source);
  } catch (err) {
    return `${p.name} cannot run on the server's linear-time engine (RE2): ${(err as Error).message}`;
  }
  return null;
}

/** Rules 1 and 2 (immediate): patterns that are no regular expression, or that RE2 cannot run. */
export function patternSyntaxProblems(schema: Node): { pointer: string; message: string }[] {
  return patternsOf(schema).flatMap((p) => {
    const message = syntaxProblem(p);
    return message ? [{ pointer: p.pointer, message }] : [];
  });
}

/** Rule 3 (the ReDoS checker): patterns that may take more than linear time, among those rules 1 and 2 accept. */
export async function superLinearPatternProblems(schema: Node): Promise<{ pointer: string; message: string }[]> {
  const runnable = patternsOf(schema).filter((p) => syntaxProblem(p) === null);
  const verdicts = await Promise.all(runnable.map((p) => patternComplexity(p.source)));
  return runnable.flatMap((p, i) => {
    const v = verdicts[i]!;
    if (v.status === 'linear') return [];
    if (v.status === 'unknown') return [{ pointer: p.pointer, message: `${p.name} could not be shown to run in linear time (${v.reason}): make it simpler` }];
    const parts = v.parts.length > 0 ? `: ${v.parts.map((x) => `"${x}"`).join(', ')} can match the same characters in more than one way` : '';
    return [
      {
        pointer: p.pointer,
        message: `${p.name} can take ${v.growth} on some text (e.g. ${v.attack})${parts}; rewrite it so every character can be matched one way only (no repetition inside a repetition like (a+)+, no two repetitions that can take the same characters like \\d*\\d*)`,
      },
    ];
  });
}
