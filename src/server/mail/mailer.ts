/**
 * Delivers the e-mail outbox. Each delivery claims due rows with one atomic UPDATE … RETURNING (status 'sending',
 * attempts + 1, a lease in next_attempt_at) and FOR UPDATE SKIP LOCKED, so several processes — or a kick and the
 * scheduled job — never claim the same row; a row is marked sent once its transport accepted it. A failure puts the
 * row back with a growing delay; after MAX_ATTEMPTS it stays failed. A process that dies mid-send leaves its row
 * 'sending' until the lease ends, then it is tried again (SMTP cannot be exactly-once across a crash).
 *
 * Transports: nodemailer over SMTP when SMTP_URL is set; otherwise the outbox mode, which logs one line per message
 * and leaves it readable at GET /api/v1/dev/mail.
 */
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';

export const MAX_ATTEMPTS = 8;
const BATCH = 20;
/** How long a claimed row is left alone before another delivery may take it again (a crashed sender). */
const LEASE_MS = 5 * 60_000;

/** 30 s, 1 min, 2 min … capped at one hour. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

export interface DeliveryResult {
  sent: number;
  failed: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: {
      readonly kind: 'smtp' | 'outbox';
      /** Delivers what is due now; safe to run in several places at once. */
      deliver(now?: Date): Promise<DeliveryResult>;
      /** Best effort, soon after a commit that queued mail (the scheduled job is the guarantee). */
      kick(): void;
    };
  }
}

function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send({ to, subject, text }) {
      await transporter.sendMail({ from, to, subject, text });
    },
  };
}

interface MailerOptions {
  /** Replace the transport (tests that make it fail). */
  transport?: MailTransport;
}

async function mailerPlugin(app: FastifyInstance, options: MailerOptions): Promise<void> {
  const { smtpUrl, mailFrom } = app.config;
  const transport: MailTransport =
    options.transport ??
    (smtpUrl
      ? smtpTransport(smtpUrl, mailFrom)
      : {
          kind: 'outbox',
          async send({ to, subject }) {
            app.log.info(`E-mail to ${to}: ${subject}`);
          },
        });

  async function deliverDue(now: Date): Promise<DeliveryResult> {
    const claimed = await sql<{ id: string; to_email: string; subject: string; text: string; attempts: number }>`
      UPDATE email_outbox SET status = 'sending', attempts = attempts + 1, next_attempt_at = ${new Date(now.getTime() + LEASE_MS)}
       WHERE id IN (SELECT id FROM email_outbox
                     WHERE status IN ('queued', 'sending') AND next_attempt_at <= ${now}
                     ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
      RETURNING id, to_email, subject, text, attempts`.execute(app.db);
    const result: DeliveryResult = { sent: 0, failed: 0 };
    for (const row of claimed.rows) {
      let failure: string | undefined;
      try {
        await transport.send({ to: row.to_email, subject: row.subject, text: row.text });
      } catch (err) {
        failure = (err as Error).message.slice(0, 500);
      }
      // A database error from here on (it went away mid-batch) ends this delivery and is not the transport's: the
      // rows claimed and not marked stay 'sending' until their lease ends, then are tried again.
      if (failure === undefined) {
        await app.db.updateTable('email_outbox').set({ status: 'sent', sent_at: new Date(), last_error: null }).where('id', '=', row.id).execute();
        result.sent += 1;
        continue;
      }
      const last = row.attempts >= MAX_ATTEMPTS;
      await app.db
        .updateTable('email_outbox')
        .set({ status: last ? 'failed' : 'queued', last_error: failure, next_attempt_at: new Date(now.getTime() + backoffMs(row.attempts)) })
        .where('id', '=', row.id)
        .execute();
      app.log.warn({ emailId: row.id, attempts: row.attempts }, `e-mail not sent${last ? ', giving up' : ', will retry'}: ${failure}`);
      result.failed += 1;
    }
    return result;
  }

  let pending: Promise<unknown> | null = null;
  let again = false;
  let closing = false;
  function kick(): void {
    if (closing) return;
    // Coalesced: one delivery at a time in this process, and one more if kicked meanwhile.
    if (pending) {
      again = true;
      return;
    }
    pending = deliverDue(new Date())
      .catch((err: unknown) => app.log.error({ err }, 'e-mail delivery failed'))
      .finally(() => {
        pending = null;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  // A delivery this process has under way (a kick after a commit) holds its rows' lease: wait for it, so that what was
  // due when `deliver` was called has been tried when it returns (the scheduled job, a test), not skipped as leased.
  async function deliver(now = new Date()): Promise<DeliveryResult> {
    if (pending) await pending;
    return deliverDue(now);
  }

  app.decorate('mail', { kind: transport.kind, deliver, kick });
  app.addHook('onClose', async () => {
    closing = true;
    await pending;
  });
}

export default fp(mailerPlugin, { name: 'mailer', dependencies: ['db'] });
