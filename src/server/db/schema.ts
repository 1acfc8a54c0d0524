/**
 * The database tables as Kysely sees them. Money columns are numeric and come back as strings; counts (int8) too.
 * Kept in step with ./migrations by hand; the server tests exercise every column on both databases.
 */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  phone: string;
  password_hash: string;
  phone_verified_at: NullableTimestamp;
  is_staff: Generated<boolean>;
  /** The `shariah` role (migration 028): may record Shariah reviews of projects. */
  is_shariah: Generated<boolean>;
  created_at: Generated<Date>;
  /** 'bn' or 'en' as the person chose (migration 030); null when never chosen. */
  language: string | null;
}

/** One Shariah review of a project (migration 028); the project's shariah_review_id names the one in force. */
export interface ShariahReviewsTable {
  id: Generated<string>;
  project_id: string;
  decision: 'approved' | 'changes_requested';
  adviser: string;
  note: string;
  opinion_file_id: string | null;
  reviewer_id: string | null;
  created_at: Generated<Date>;
}

/** A person staff marked a qualified investor (migration 025): no retail limits while the row exists. */
export interface InvestorQualificationsTable {
  user_id: string;
  note: string;
  evidence_file_id: string | null;
  qualified_by: string | null;
  qualified_at: Generated<Date>;
}

/** A person's acknowledgment of one version of the risk statement (migration 027; modules/content/risk-statement.ts). */
export interface RiskAcknowledgmentsTable {
  user_id: string;
  statement_version: number;
  acknowledged_at: Generated<Date>;
}

export interface OtpCodesTable {
  id: Generated<string>;
  user_id: string;
  purpose: 'verify_phone' | 'reset_password';
  code_hash: string;
  attempts: Generated<number>;
  via_resend: Generated<boolean>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  replaced_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface SigninFailuresTable {
  key: string;
  failures: Generated<number>;
  window_started_at: Generated<Date>;
  locked_until: NullableTimestamp;
}

export interface SmsOutboxTable {
  id: Generated<string>;
  to_phone: string;
  text: string;
  code: string | null;
  created_at: Generated<Date>;
}

export interface NewsletterSubscribersTable {
  email: string;
  created_at: Generated<Date>;
}

export interface FilesTable {
  id: Generated<string>;
  owner_id: string;
  content_type: 'image/png' | 'image/jpeg' | 'application/pdf';
  file_name: string;
  size_bytes: number;
  sha256: string;
  data: Buffer;
  created_at: Generated<Date>;
}

export interface FileLinksTable {
  file_id: string;
  subject_type: string;
  subject_id: string;
}

export interface ProfilesTable {
  /** The version of its form the data was validated with (form_versions). */
  form_version: Generated<number>;
  user_id: string;
  data: ColumnType<Record<string, unknown>, string, string>;
  name: string;
  country: string;
  updated_at: Generated<Date>;
}

export type VerificationStatus = 'submitted' | 'verified' | 'rejected';

export interface VerificationsTable {
  /** The version of its form the data was validated with (form_versions). */
  form_version: Generated<number>;
  id: Generated<string>;
  user_id: string;
  status: VerificationStatus;
  data: ColumnType<Record<string, unknown>, string, string>;
  staff_note: string | null;
  reviewed_by: string | null;
  reviewed_at: NullableTimestamp;
  submitted_at: Generated<Date>;
  superseded_at: NullableTimestamp;
}

export interface AuditLogTable {
  id: Generated<string>;
  actor_id: string | null;
  action: string;
  subject_type: string;
  subject_id: string;
  before_status: string | null;
  after_status: string | null;
  note: string | null;
  created_at: Generated<Date>;
}

type Json = ColumnType<Record<string, unknown>, string, string>;
type NullableJson = ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
type Money = ColumnType<string, string, string>;

export type ProjectStatus = 'pending_review' | 'open' | 'rejected' | 'funded' | 'closed';

export type FundingModel = 'all_or_nothing' | 'keep_what_you_raise';

export interface ProjectsTable {
  /** The version of its form the data was validated with (form_versions). */
  form_version: Generated<number>;
  id: Generated<string>;
  owner_id: string;
  status: ProjectStatus;
  data: Json;
  title: string;
  category: string;
  country: string;
  goal: Money;
  min_investment: Money;
  markup_percent: Money;
  tenor_months: number;
  return_type: 'On-time' | 'Recurring';
  returning_time: number | null;
  total_duration: number | null;
  /** Stated when submitted (migration 026): all-or-nothing returns the money when the goal is not reached. */
  funding_model: ColumnType<FundingModel, FundingModel | undefined, FundingModel>;
  /** Set when an all-or-nothing campaign closed below its goal (migration 026); null otherwise. */
  outcome: ColumnType<'goal_not_reached' | null, never, 'goal_not_reached' | null>;
  raised: ColumnType<string, string | undefined, string>;
  /** Kept by the database (migration 009's triggers) from the project's agreement requests and donations. */
  accepted_amount: ColumnType<string, never, never>;
  waiting: ColumnType<string, never, never>;
  donated: ColumnType<string, never, never>;
  pledged_donations: ColumnType<string, never, never>;
  backers: ColumnType<number, never, never>;
  investors: ColumnType<number, never, never>;
  staff_note: string | null;
  submitted_at: Generated<Date>;
  approved_at: NullableTimestamp;
  ends_at: NullableTimestamp;
  funded_at: NullableTimestamp;
  closed_at: NullableTimestamp;
  /** The Shariah review in force (migration 028): the latest recorded, null when none or after a material edit. */
  shariah_review_id: ColumnType<string | null, never, string | null>;
  created_at: Generated<Date>;
}

export interface OffersTable {
  /** The version of its form the data was validated with (form_versions). */
  form_version: Generated<number>;
  id: Generated<string>;
  investor_id: string;
  project_id: string | null;
  status: 'open' | 'withdrawn';
  kind: 'Donate' | 'Investment';
  data: Json;
  business_category: string | null;
  amount: string | null;
  currency: string | null;
  created_at: Generated<Date>;
  withdrawn_at: NullableTimestamp;
}

export interface InvitationsTable {
  id: Generated<string>;
  offer_id: string;
  project_id: string;
  owner_id: string;
  investor_id: string;
  created_at: Generated<Date>;
  /** When the investor chose to share the offer's contact details with this owner (migration 015); null: not. */
  contact_shared_at: NullableTimestamp;
}

export type AgreementStatus = 'pending' | 'accepted' | 'declined' | 'withdrawn' | 'expired' | 'cancelled';

export interface AgreementRequestsTable {
  /** The version of its form the data was validated with (form_versions). */
  form_version: Generated<number>;
  id: Generated<string>;
  project_id: string;
  investor_id: string;
  status: AgreementStatus;
  data: Json;
  amount: Money;
  investment_type: string;
  acceptance: NullableJson;
  /** The version of the agreement-accept form the acceptance was validated with; null until accepted. */
  acceptance_form_version: number | null;
  decline_reason: string | null;
  decided_at: NullableTimestamp;
  /** When the investor cancelled it within the cooling-off window (migration 025); null: not cancelled. */
  cancelled_at: NullableTimestamp;
  /** Why it was cancelled (migration 026): within the cooling-off window, or its all-or-nothing goal not reached. */
  cancel_reason: 'cooling_off' | 'goal_not_reached' | null;
  created_at: Generated<Date>;
  /** Since when an accepted agreement is in default (an instalment overdue DEFAULT_AFTER_DAYS; migration 021); null: not. */
  in_default_since: NullableTimestamp;
}

export type DonationStatus = 'pledged' | 'confirmed' | 'cancelled' | 'refund_due' | 'refunded';

export interface DonationsTable {
  /** The version of its form the data was validated with (form_versions). */
  form_version: Generated<number>;
  id: Generated<string>;
  project_id: string;
  donor_id: string | null;
  status: DonationStatus;
  data: Json;
  amount: Money;
  payment_method: string;
  /** The payment reference a person types (HF-XXXX-XX), unique. */
  reference: string;
  anonymous: Generated<boolean>;
  staff_note: string | null;
  decided_at: NullableTimestamp;
  created_at: Generated<Date>;
  reminded_at: NullableTimestamp;
  /** The secret of the receipt's address (migration 016): with the id, it opens the receipt to whoever holds the link. */
  receipt_key: Generated<string>;
  /** The refund of a donation to an all-or-nothing campaign that missed its goal (migration 026): staff's reference. */
  refund_reference: string | null;
  refunded_at: NullableTimestamp;
  refunded_by: string | null;
  /** The language the donor read the donate page in (migration 031): a signed-out donor's e-mails follow it; NULL before. */
  language: Generated<string | null>;
}

export interface PaymentSessionsTable {
  tran_id: string;
  donation_id: string;
  gateway: string;
  amount: Money;
  currency: string;
  session_key: string | null;
  created_at: Generated<Date>;
}

export type GatewayOutcome = 'confirmed' | 'unchanged' | 'rejected';

export interface GatewayEventsTable {
  id: Generated<string>;
  gateway: string;
  kind: string;
  tran_id: string | null;
  val_id: string | null;
  donation_id: string | null;
  outcome: GatewayOutcome;
  reason: string;
  amount: string | null;
  currency: string | null;
  payload: Json;
  created_at: Generated<Date>;
}

export type InstalmentStatus = 'due' | 'paid' | 'confirmed';

export interface InstalmentsTable {
  id: Generated<string>;
  agreement_id: string;
  project_id: string;
  owner_id: string;
  investor_id: string;
  seq: number;
  due_on: string;
  amount: Money;
  status: InstalmentStatus;
  paid_at: NullableTimestamp;
  confirmed_at: NullableTimestamp;
  overdue_at: NullableTimestamp;
  /** How the owner paid: the instalment-paid form's document (migration 017); null while due, and for older rows. */
  payment: NullableJson;
  payment_form_version: number | null;
  /** Its profit part (DOMAIN.md), by the shared profitParts when the schedule is made (migration 023). */
  profit_part: Money;
  /** The owner's reminders, each sent once (migration 021): days before the due date, and on the day. */
  reminded_before_at: NullableTimestamp;
  reminded_due_at: NullableTimestamp;
}

export interface JobRunsTable {
  id: Generated<string>;
  job: string;
  slot: Date;
  started_at: Generated<Date>;
  finished_at: NullableTimestamp;
  ok: boolean | null;
  result: string | null;
  /** The result as a key and its values (jobs/words.ts), said in each reader's language. */
  result_words: NullableJson;
}

export interface DraftsTable {
  user_id: string;
  form_id: string;
  data: Json;
  updated_at: Generated<Date>;
}

export interface DB {
  users: UsersTable;
  investor_qualifications: InvestorQualificationsTable;
  risk_acknowledgments: RiskAcknowledgmentsTable;
  shariah_reviews: ShariahReviewsTable;
  otp_codes: OtpCodesTable;
  sessions: SessionsTable;
  signin_failures: SigninFailuresTable;
  sms_outbox: SmsOutboxTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  files: FilesTable;
  file_links: FileLinksTable;
  profiles: ProfilesTable;
  verifications: VerificationsTable;
  audit_log: AuditLogTable;
  projects: ProjectsTable;
  offers: OffersTable;
  invitations: InvitationsTable;
  agreement_requests: AgreementRequestsTable;
  donations: DonationsTable;
  payment_sessions: PaymentSessionsTable;
  gateway_events: GatewayEventsTable;
  instalments: InstalmentsTable;
  drafts: DraftsTable;
  job_runs: JobRunsTable;
  rate_limits: RateLimitsTable;
  notices: NoticesTable;
  email_outbox: EmailOutboxTable;
  notice_preferences: NoticePreferencesTable;
  user_figures: UserFiguresTable;
  platform_figures: PlatformFiguresTable;
  donor_figures: DonorFiguresTable;
  country_figures: CountryFiguresTable;
  form_versions: FormVersionsTable;
  form_drafts: FormDraftsTable;
  form_file_digests: FormFileDigestsTable;
  content_versions: ContentVersionsTable;
  content_drafts: ContentDraftsTable;
  agreement_documents: AgreementDocumentsTable;
  agreement_consents: AgreementConsentsTable;
  agreement_documents_pending: AgreementDocumentsPendingTable;
  portfolio_days: PortfolioDaysTable;
  late_charges: LateChargesTable;
  charity_disbursements: CharityDisbursementsTable;
  idempotency_keys: IdempotencyKeysTable;
}

/** A create's Idempotency-Key and the answer it got (migration 022), kept 24 hours. */
export interface IdempotencyKeysTable {
  /** Whose key: `user:<id>`, or `guest:<address>` for a signed-out client. */
  scope: string;
  key: string;
  /** SHA-256 of the request (method, address, body). */
  fingerprint: string;
  status_code: number;
  /** The answer's JSON (`json`, not `jsonb`: kept as written, so a repeat gets the same bytes). */
  answer: ColumnType<unknown, string, string>;
  created_at: Generated<Date>;
}

/**
 * A person's money per Asia/Dhaka day (migration 023), kept by triggers; read-only for the code. Sums are numeric
 * text. As investor, of held agreements: principal out on the day of acceptance, instalments by due date until
 * confirmed (`due`: not marked paid; `paid`: marked paid) and by the day of confirmation once confirmed
 * (`received`, with `received_profit`, their profit parts); as owner, `owed`: instalments due that day not marked paid.
 */
export interface PortfolioDaysTable {
  user_id: string;
  day: ColumnType<string, never, never>;
  invested: string;
  due: string;
  paid: string;
  received: string;
  received_profit: string;
  owed: string;
}

/** The Murabaha agreement document of an accepted proposal (migration 020): never rewritten. */
export interface AgreementDocumentsTable {
  agreement_id: string;
  number: string;
  terms: Json;
  pdf: Buffer;
  sha256: string;
  created_at: Generated<Date>;
}

/** A party's consent to an agreement document, one per party. */
export interface AgreementConsentsTable {
  agreement_id: string;
  party: 'investor' | 'owner';
  user_id: string;
  sha256: string;
  statement: string;
  consented_at: Generated<Date>;
}

/** Agreements accepted before migration 020, waiting for the `agreement-documents` job. */
export interface AgreementDocumentsPendingTable {
  agreement_id: string;
}

/** Counters kept by the database (migration 009's triggers); read-only for the code. Sums are numeric text. */
export interface UserFiguresTable {
  user_id: string;
  invested: string;
  accepted_agreements: number;
  received: string;
  fundraising: string;
  returned: string;
  got: string;
}

export interface PlatformFiguresTable {
  id: boolean;
  invested: string;
  investors: number;
  invested_projects: number;
  open_projects: number;
  invitations: number;
  /** Confirmed donations (migration 015). */
  donated: string;
  /** Signed-in donors once each, anonymous and guest donations once each. */
  donors: number;
  /** Projects that reached their goal (funded_at set). */
  funded_projects: number;
  /** Projects with at least one backer. */
  backed_projects: number;
}

export interface DonorFiguresTable {
  user_id: string;
  donations: number;
}

export interface CountryFiguresTable {
  country: string;
  projects: number;
  profiles: number;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  window_started_at: Date;
}

export interface NoticesTable {
  id: Generated<string>;
  user_id: string;
  kind: string;
  title: string;
  text: string;
  link: string | null;
  created_at: Generated<Date>;
  read_at: NullableTimestamp;
}

export type EmailStatus = 'queued' | 'sending' | 'sent' | 'failed';

export interface EmailOutboxTable {
  id: Generated<string>;
  notice_id: string | null;
  to_email: string;
  subject: string;
  text: string;
  status: Generated<EmailStatus>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  sent_at: NullableTimestamp;
  last_error: string | null;
  created_at: Generated<Date>;
}

export interface FormVersionsTable {
  form_id: string;
  version: number;
  schema: ColumnType<Record<string, unknown>, string, never>;
  ui_schema: ColumnType<Record<string, unknown>, string, never>;
  /** The form's words in other languages (migration 030): `{ bn: { English text: translation } }`. */
  translations: ColumnType<Record<string, Record<string, string>>, string | undefined, never>;
  note: Generated<string>;
  author_id: string | null;
  published_at: Generated<Date>;
  /** Four eyes (migration 029): `pending_approval` until another staff member approves (`live`) or returns it. */
  status: Generated<VersionStatus>;
  base_version: number | null;
  decided_by: string | null;
  decided_at: NullableTimestamp;
  decision_note: string | null;
}

/** Published versions of the site content (migration 012): immutable. */
export interface ContentVersionsTable {
  version: number;
  content: ColumnType<Record<string, unknown>, string, never>;
  /** Its Bengali: English text → Bengali (migration 032; '{}' before). */
  translations: ColumnType<Record<string, string>, string | undefined, never>;
  note: Generated<string>;
  author_id: string | null;
  published_at: Generated<Date>;
  status: Generated<VersionStatus>;
  base_version: number | null;
  decided_by: string | null;
  decided_at: NullableTimestamp;
  decision_note: string | null;
}

/** Where a studio version stands (migration 029): only `live` versions are ever current. */
export type VersionStatus = 'pending_approval' | 'live' | 'returned' | 'superseded';

/** One content draft per staff member. */
export interface ContentDraftsTable {
  author_id: string;
  base_version: number;
  content: ColumnType<Record<string, unknown>, string, string>;
  translations: ColumnType<Record<string, string>, string | undefined, string>;
  updated_at: Timestamp;
}

export interface FormFileDigestsTable {
  form_id: string;
  digest: string;
}

export interface FormDraftsTable {
  form_id: string;
  author_id: string;
  base_version: number;
  schema: ColumnType<Record<string, unknown>, string, string>;
  ui_schema: ColumnType<Record<string, unknown>, string, string>;
  translations: ColumnType<Record<string, Record<string, string>>, string | undefined, string>;
  cases: ColumnType<unknown[], string | undefined, string>;
  updated_at: Timestamp;
}

export interface NoticePreferencesTable {
  user_id: string;
  kind: string;
  /** The channel turned off for that kind (migration 021). */
  channel: Generated<'email' | 'sms'>;
}

export type LateChargeStatus = 'accruing' | 'owed' | 'settled';

/** A late charge owed to charity through the platform, never to the investor (migration 021). */
export interface LateChargesTable {
  id: Generated<string>;
  instalment_id: string;
  agreement_id: string;
  project_id: string;
  owner_id: string;
  overdue_amount: Money;
  due_on: string;
  /** Percent a year, as in force when the charge opened. */
  rate_pa: string;
  grace_days: number;
  status: LateChargeStatus;
  /** Fixed when the instalment is marked paid; null while accruing. */
  amount: Money | null;
  /** The Dhaka date the instalment was marked paid; null while accruing. */
  paid_on: string | null;
  settled_at: NullableTimestamp;
  settled_by: string | null;
  reference: string | null;
  note: string | null;
  created_at: Generated<Date>;
}

/** A payment out of the platform's charity account (migration 021). */
export interface CharityDisbursementsTable {
  id: Generated<string>;
  amount: Money;
  recipient: string;
  reference: string;
  paid_on: string;
  note: string | null;
  recorded_by: string;
  created_at: Generated<Date>;
}
