/** What the lints report. */

/** One problem: the file, the JSON pointer inside it, and what is wrong. */
export interface Problem {
  file: string;
  pointer: string;
  message: string;
}
