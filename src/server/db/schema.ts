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
  created_at: Generated<Date>;
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
  content_type: 'image/png' | 'image/jpeg';
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
  user_id: string;
  data: ColumnType<Record<string, unknown>, string, string>;
  name: string;
  country: string;
  updated_at: Generated<Date>;
}

export type VerificationStatus = 'submitted' | 'verified' | 'rejected';

export interface VerificationsTable {
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
  actor_id: string;
  action: string;
  subject_type: string;
  subject_id: string;
  before_status: string | null;
  after_status: string | null;
  note: string | null;
  created_at: Generated<Date>;
}

export interface DB {
  users: UsersTable;
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
}
