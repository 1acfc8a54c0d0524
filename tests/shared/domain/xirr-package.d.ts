/** The part of the `xirr` package's API (1.1, no types of its own) the tests compare against. */
declare module 'xirr' {
  interface Transaction {
    amount: number;
    when: Date;
  }
  interface Options {
    guess?: number;
    tolerance?: number;
    maxIterations?: number;
  }
  /** Throws when Newton's method does not converge. */
  export default function xirr(transactions: Transaction[], options?: Options): number;
}
