/**
 * Configuration from environment variables, validated once at start-up. A bad value stops the server with a
 * message naming the variable and what it accepts.
 */
import { join, resolve } from 'node:path';
import { isSupportedCountry } from 'libphonenumber-js/mobile';
import { repoRoot } from '../shared/forms/load-schemas';
import { LANGUAGES, type Language } from '../shared/i18n/language';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL: how long a query waits for a connection before it fails and the request answers 503 (ms). */
  dbConnectTimeoutMs: number;
  /** PostgreSQL: how many connections this process's pool opens at most (each process has its own pool). */
  dbPoolSize: number;
  smsProvider: 'outbox' | 'http';
  smsHttpUrl: string | undefined;
  smsHttpKey: string | undefined;
  /** smtp:// or smtps:// URL of the mail server; unset = the e-mail outbox (logged, read at /api/v1/dev/mail). */
  smtpUrl: string | undefined;
  /** The From address of e-mail notices. */
  mailFrom: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  otpTtlSeconds: number;
  otpResendSeconds: number;
  sessionTtlDays: number;
  /**
   * How long a process may answer from a session it has read (ms; 0 reads it for every request): a sign-out or a
   * revocation made by another process is refused here within this time (plugins/auth.ts). At most a second.
   */
  sessionCacheMs: number;
  /** Where the built front end is; served when it exists. */
  clientDir: string | undefined;
  /** SERVER_RENDER=off renders every page in the browser (public pages are rendered on the server by default). */
  serverRender: boolean;
  /** Sign-in throttling: failures before answers slow down, and before they are refused. */
  signInSlowAfter: number;
  signInLockAfter: number;
  signInLockMinutes: number;
  /** The platform's minimum investment in taka, for projects that state none. */
  minInvestment: number;
  /** A retail investor's most in one project and in the last 365 days, in taka (0: no limit; DOMAIN.md). */
  limitRetailPerProject: number;
  limitRetailPerYear: number;
  /** Hours after acceptance in which an investor may cancel an agreement; the first instalment is not due before. */
  coolingOffHours: number;
  /** RISK_ACK_REQUIRED: an agreement request needs an acknowledgment of the current risk statement (default on). */
  riskAckRequired: boolean;
  /**
   * STUDIO_REQUIRE_APPROVAL: a version published in the studio takes effect only when another staff member approves
   * it. `auto` (default): required while there are two or more staff; `on`: always; `off`: one-step publish.
   */
  studioRequireApproval: 'on' | 'off' | 'auto';
  /** SHARIAH_REVIEW_REQUIRED: an investment project opens only with an approved Shariah review (default on). */
  shariahReviewRequired: boolean;
  /** How long an approved campaign runs unless staff choose an end date. */
  campaignDays: number;
  /** Requests per minute per address on sign-up, code and reset routes. */
  authRateLimitPerMinute: number;
  /** Sign-in requests per minute per address (a backstop behind the per-account throttling). */
  signInRateLimitPerMinute: number;
  /** Trust X-Forwarded-For from a proxy in front of the server. */
  trustProxy: boolean;
  /** Run the scheduled jobs in this process (off in tests, which run them by hand with their own clock). */
  jobs: boolean;
  /** An unpaid pledge is reminded after this many days, and expires (cancelled) after the second number. */
  pledgeRemindDays: number;
  pledgeExpireDays: number;
  /** Late payments (DOMAIN.md): days overdue before a late charge accrues (`LATE_GRACE_DAYS`). */
  lateGraceDays: number;
  /** The late charge for charity, percent a year with at most two decimals (`LATE_CHARITY_RATE_PA`; "0": off). */
  lateCharityRatePa: string;
  /** Days an instalment is overdue before its agreement is in default (`DEFAULT_AFTER_DAYS`). */
  defaultAfterDays: number;
  /** Rows of a statement read per database round trip while it streams (issue 30 §2). */
  statementPageRows: number;
  /**
   * The site's origin as people and a payment gateway reach it: the start of every link in e-mails and SMS (unset:
   * `http://HOST:PORT`, see modules/notices/links.ts) and of the gateway's return and IPN URLs (unset: the request's address).
   */
  publicUrl: string | undefined;
  /** The JSON file of payment instructions for each method (edited by product staff). */
  paymentInstructionsFile: string;
  /** The optional hosted-checkout gateway; off unless set. */
  paymentGateway: 'off' | 'sslcommerz';
  sslcommerz: { storeId: string; storePassword: string; url: string } | undefined;
  /** The region (ISO 3166-1 alpha-2) a phone number typed without a country code belongs to. */
  defaultPhoneRegion: string;
  /** The language of a request nothing else decides (no `lang` cookie, account setting or `Accept-Language`). */
  defaultLanguage: Language;
  /** A token that opens /metrics to callers other than this machine (`Authorization: Bearer <token>`). */
  metricsToken: string | undefined;
  /** Load shedding: answer 503 when the event loop lags more than this (ms; 0 turns the check off). */
  maxEventLoopDelayMs: number;
  /** Load shedding: answer 503 when the JavaScript heap holds more than this (MB; 0 means 90% of Node's heap limit). */
  maxHeapMb: number;
  /** How often the load is measured (ms). */
  pressureSampleMs: number;
  /**
   * The nisab in taka (ZAKAT_NISAB_BDT, a decimal string): the portfolio's zakat estimate applies 2.5 % to holdings
   * that reach it. Unset: no estimate (the nisab follows the price of gold or silver; staff set it, nobody guesses it).
   */
  zakatNisabBdt: string | undefined;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return n;
}

function oneOf<T extends string>(env: Env, name: string, fallback: T, allowed: readonly T[]): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
  }
  return raw as T;
}

/** A metrics token long enough not to be guessed; unset leaves /metrics to loopback callers only. */
function metricsToken(env: Env): string | undefined {
  const raw = env.METRICS_TOKEN;
  if (raw === undefined || raw === '') return undefined;
  if (raw.length < 16 || /\s/.test(raw)) {
    throw new ConfigError('METRICS_TOKEN must be at least 16 characters without spaces (e.g. the output of `openssl rand -hex 24`)');
  }
  return raw;
}

/** An amount of taka (whole, or with paisa), or unset. */
function taka(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(raw)) throw new ConfigError(`${name} must be an amount in taka such as 150000 or 150000.50 (got "${env[name]}")`);
  return raw;
}

/** A percentage a year from 0 to 100 with at most two decimals, kept as the text it is (money arithmetic is exact). */
function percent(env: Env, name: string, fallback: string): string {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(raw) || Number(raw) > 100) {
    throw new ConfigError(`${name} must be a percentage a year from 0 to 100 with at most two decimals, such as 0 or 12.5 (got "${raw}")`);
  }
  return raw;
}

/** Reads and checks the configuration; throws `ConfigError` with a clear message when something is wrong. */
export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError(`DATABASE_URL must be a postgres:// connection string (got "${databaseUrl}")`);
  }
  const smsProvider = oneOf(env, 'SMS_PROVIDER', 'outbox', ['outbox', 'http'] as const);
  const smsHttpUrl = env.SMS_HTTP_URL || undefined;
  if (smsProvider === 'http') {
    if (!smsHttpUrl || !/^https?:\/\//.test(smsHttpUrl)) {
      throw new ConfigError('SMS_PROVIDER=http needs SMS_HTTP_URL, the gateway URL (http:// or https://)');
    }
    if (!env.SMS_HTTP_KEY) throw new ConfigError('SMS_PROVIDER=http needs SMS_HTTP_KEY, the gateway API key');
  }
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl && !/^smtps?:\/\/[^/]+/.test(smtpUrl)) {
    throw new ConfigError(`SMTP_URL must be an smtp:// or smtps:// URL such as smtps://user:password@mail.example.com (got "${smtpUrl.replace(/\/\/[^@/]*@/, '//…@')}")`);
  }
  const mailFrom = env.MAIL_FROM || 'Halal Fund <no-reply@localhost>';
  if (smtpUrl && !env.MAIL_FROM) throw new ConfigError('SMTP_URL needs MAIL_FROM, the From address of e-mail notices (e.g. Halal Fund <no-reply@halalfund.example>)');
  const paymentGateway = oneOf(env, 'PAYMENT_GATEWAY', 'off', ['off', 'sslcommerz'] as const);
  let sslcommerz: Config['sslcommerz'];
  if (paymentGateway === 'sslcommerz') {
    const storeId = env.SSLCOMMERZ_STORE_ID;
    const storePassword = env.SSLCOMMERZ_STORE_PASSWORD;
    const url = env.SSLCOMMERZ_URL?.replace(/\/+$/, '');
    if (!storeId) throw new ConfigError('PAYMENT_GATEWAY=sslcommerz needs SSLCOMMERZ_STORE_ID, the store id SSLCommerz gave you');
    if (!storePassword) throw new ConfigError('PAYMENT_GATEWAY=sslcommerz needs SSLCOMMERZ_STORE_PASSWORD, the store password SSLCommerz gave you');
    if (!url || !/^https?:\/\/[^/]+/.test(url)) {
      throw new ConfigError('PAYMENT_GATEWAY=sslcommerz needs SSLCOMMERZ_URL: https://sandbox.sslcommerz.com (sandbox) or https://securepay.sslcommerz.com (live)');
    }
    sslcommerz = { storeId, storePassword, url };
  }
  const publicUrl = env.PUBLIC_URL?.replace(/\/+$/, '') || undefined;
  if (publicUrl && !/^https?:\/\/[^/]+$/.test(publicUrl)) {
    throw new ConfigError(`PUBLIC_URL must be the site's origin, like https://halalfund.example (got "${env.PUBLIC_URL}")`);
  }
  // Real e-mails carry links: without the site's public address they would point at this machine's own.
  if (smtpUrl && !publicUrl) throw new ConfigError("SMTP_URL needs PUBLIC_URL, the site's address for the links in e-mails (e.g. https://halalfund.example)");
  const defaultPhoneRegion = (env.DEFAULT_PHONE_REGION || 'BD').toUpperCase();
  if (!isSupportedCountry(defaultPhoneRegion)) {
    throw new ConfigError(`DEFAULT_PHONE_REGION must be a two-letter country code such as BD (got "${env.DEFAULT_PHONE_REGION}")`);
  }
  const config: Config = {
    port: int(env, 'PORT', 3000, 0, 65535),
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl,
    smsProvider,
    smsHttpUrl,
    smsHttpKey: env.SMS_HTTP_KEY || undefined,
    smtpUrl,
    mailFrom,
    logLevel: oneOf(env, 'LOG_LEVEL', 'info', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const),
    otpTtlSeconds: int(env, 'OTP_TTL_SECONDS', 180, 1, 86_400),
    otpResendSeconds: int(env, 'OTP_RESEND_SECONDS', 180, 0, 86_400),
    sessionTtlDays: int(env, 'SESSION_TTL_DAYS', 30, 1, 365),
    sessionCacheMs: int(env, 'SESSION_CACHE_MS', 1000, 0, 1000),
    dbConnectTimeoutMs: int(env, 'DB_CONNECT_TIMEOUT_MS', 3000, 100, 60_000),
    dbPoolSize: int(env, 'DB_POOL_SIZE', 10, 1, 1000),
    clientDir: env.CLIENT_DIR ? resolve(env.CLIENT_DIR) : undefined,
    serverRender: env.SERVER_RENDER !== 'off',
    signInSlowAfter: int(env, 'SIGNIN_SLOW_AFTER', 3, 1, 1000),
    signInLockAfter: int(env, 'SIGNIN_LOCK_AFTER', 8, 1, 1000),
    signInLockMinutes: int(env, 'SIGNIN_LOCK_MINUTES', 15, 1, 1440),
    minInvestment: int(env, 'MIN_INVESTMENT', 20_000, 1, 1_000_000_000),
    limitRetailPerProject: int(env, 'LIMIT_RETAIL_PER_PROJECT', 500_000, 0, 1_000_000_000),
    limitRetailPerYear: int(env, 'LIMIT_RETAIL_PER_YEAR', 1_000_000, 0, 1_000_000_000),
    coolingOffHours: int(env, 'COOLING_OFF_HOURS', 48, 0, 8760),
    riskAckRequired: ['1', 'on'].includes(oneOf(env, 'RISK_ACK_REQUIRED', '1', ['1', '0', 'on', 'off'] as const)),
    studioRequireApproval: oneOf(env, 'STUDIO_REQUIRE_APPROVAL', 'auto', ['auto', 'on', 'off'] as const),
    shariahReviewRequired: ['1', 'on'].includes(oneOf(env, 'SHARIAH_REVIEW_REQUIRED', '1', ['1', '0', 'on', 'off'] as const)),
    campaignDays: int(env, 'CAMPAIGN_DAYS', 60, 1, 3650),
    authRateLimitPerMinute: int(env, 'AUTH_RATE_LIMIT_PER_MINUTE', 20, 1, 1_000_000),
    signInRateLimitPerMinute: int(env, 'SIGNIN_RATE_LIMIT_PER_MINUTE', 60, 1, 1_000_000),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    jobs: oneOf(env, 'JOBS', 'on', ['on', 'off'] as const) === 'on',
    pledgeRemindDays: int(env, 'PLEDGE_REMIND_DAYS', 3, 1, 365),
    pledgeExpireDays: int(env, 'PLEDGE_EXPIRE_DAYS', 14, 1, 365),
    lateGraceDays: int(env, 'LATE_GRACE_DAYS', 7, 0, 365),
    lateCharityRatePa: percent(env, 'LATE_CHARITY_RATE_PA', '0'),
    defaultAfterDays: int(env, 'DEFAULT_AFTER_DAYS', 90, 1, 3650),
    statementPageRows: int(env, 'STATEMENT_PAGE_ROWS', 500, 1, 10_000),
    publicUrl,
    paymentInstructionsFile: resolve(env.PAYMENT_INSTRUCTIONS_FILE || join(repoRoot(), 'src/server/modules/donations/instructions.json')),
    paymentGateway,
    sslcommerz,
    defaultPhoneRegion,
    defaultLanguage: oneOf<Language>(env, 'DEFAULT_LANGUAGE', 'en', LANGUAGES),
    metricsToken: metricsToken(env),
    maxEventLoopDelayMs: int(env, 'MAX_EVENT_LOOP_DELAY_MS', 1000, 0, 60_000),
    maxHeapMb: int(env, 'MAX_HEAP_MB', 0, 0, 1_000_000),
    pressureSampleMs: int(env, 'PRESSURE_SAMPLE_MS', 1000, 10, 60_000),
    zakatNisabBdt: taka(env, 'ZAKAT_NISAB_BDT'),
    ...overrides,
  };
  // The outbox serves codes to anyone who asks: fine on one's own machine, an account takeover on a public host.
  const loopback = ['127.0.0.1', 'localhost', '::1'].includes(config.host);
  if (config.smsProvider === 'outbox' && !loopback && env.ALLOW_DEV_OUTBOX !== '1') {
    throw new ConfigError(
      `SMS_PROVIDER is the outbox, whose codes anyone can read at /api/v1/dev/outbox, but HOST=${config.host} is reachable from other machines. ` +
        'Set SMS_PROVIDER=http (with SMS_HTTP_URL and SMS_HTTP_KEY), or ALLOW_DEV_OUTBOX=1 for a test server.',
    );
  }
  if (!config.smtpUrl && !loopback && env.ALLOW_DEV_OUTBOX !== '1') {
    throw new ConfigError(
      `E-mail goes to the outbox, which anyone can read at /api/v1/dev/mail, but HOST=${config.host} is reachable from other machines. ` +
        'Set SMTP_URL and MAIL_FROM, or ALLOW_DEV_OUTBOX=1 for a test server.',
    );
  }
  if (config.pledgeExpireDays <= config.pledgeRemindDays) {
    throw new ConfigError('PLEDGE_EXPIRE_DAYS must be greater than PLEDGE_REMIND_DAYS');
  }
  if (config.signInLockAfter <= config.signInSlowAfter) {
    throw new ConfigError('SIGNIN_LOCK_AFTER must be greater than SIGNIN_SLOW_AFTER');
  }
  return config;
}
