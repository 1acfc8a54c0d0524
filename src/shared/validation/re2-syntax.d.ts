/** Types of re2-syntax.js (see there). */
export interface Re2Syntax {
  /** The pattern in RE2's syntax. */
  source: string;
  /** It has a look-ahead or look-behind, which RE2 cannot run. */
  lookaround: boolean;
  /** It has a backreference, which RE2 cannot run. */
  backreference: boolean;
  /** It has a repetition or an alternative (without either, no engine backtracks). */
  branching: boolean;
}
export declare function toRe2Syntax(pattern: string): Re2Syntax;
