/**
 * Which agreements a portfolio holds: accepted (in default too: that is kept beside the status, migration 021) and of
 * a type that is repaid under a schedule — a Donation is a gift, not a holding. A cancelled agreement (cooling-off)
 * is held no more. The read model's triggers (migration 023) and the portfolio's queries use these same lists.
 */

/** Investment types that are repaid (modules/agreements/schedule.ts makes a schedule for these only). */
export const REPAID_TYPES = ['Halal Way', 'Bank Loan', 'Borrow'] as const;
/** Agreement statuses whose money is held. */
export const HELD_STATUSES = ['accepted'] as const;

const list = (values: readonly string[]) => `(${values.map((v) => `'${v}'`).join(', ')})`;

/** `('accepted')`, for SQL text. */
export const HELD_STATUSES_SQL = list(HELD_STATUSES);
/** `('Halal Way', 'Bank Loan', 'Borrow')`, for SQL text. */
export const REPAID_TYPES_SQL = list(REPAID_TYPES);
