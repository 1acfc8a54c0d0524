/**
 * The answer of `GET /projects/:id/repayment-record` (src/server/modules/agreements/schemas.ts declares it as JSON
 * Schema): an owner's repayment record, counts of instalments only, nobody named (src/server/modules/agreements/returns.ts
 * says what each count holds).
 */
export interface RepaymentRecord {
  onTime: number;
  late: number;
  overdue: number;
  inDefault: number;
  upcoming: number;
  /** The owner's agreements in default now. */
  agreementsInDefault: number;
}

export interface RepaymentRecordView extends RepaymentRecord {
  /** DEFAULT_AFTER_DAYS: days overdue that put an agreement in default. */
  defaultAfterDays: number;
}
