/**
 * Which agreements a portfolio holds: accepted (or in default, issue 30 §3's state that leaves the money where it
 * is) and of a type that is repaid under a schedule — a Donation is a gift, not a holding. The read model's triggers
 * (migration 023) and the portfolio's queries use these same lists.
 */

/** Investment types that are repaid (routes/agreements.ts makes a schedule for these only). */
export const REPAID_TYPES = ['Halal Way', 'Bank Loan', 'Borrow'] as const;
/** Agreement statuses whose money is held. */
export const HELD_STATUSES = ['accepted', 'in_default'] as const;

const list = (values: readonly string[]) => `(${values.map((v) => `'${v}'`).join(', ')})`;

/** `('accepted', 'in_default')`, for SQL text. */
export const HELD_STATUSES_SQL = list(HELD_STATUSES);
/** `('Halal Way', 'Bank Loan', 'Borrow')`, for SQL text. */
export const REPAID_TYPES_SQL = list(REPAID_TYPES);
