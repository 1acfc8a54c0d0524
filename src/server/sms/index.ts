/**
 * SMS delivery behind one small interface. The default outbox stores every message and prints it to the log
 * (`SMS to <phone>: <text>`), for development and tests; `SMS_PROVIDER=http` posts to a real gateway.
 */
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/schema';
import type { Config } from '../config';

export interface SmsMessage {
  to: string;
  text: string;
  /** The one-time code inside the text, if any (kept only by the outbox, for the dev route). */
  code?: string;
}

export interface SmsSender {
  readonly kind: 'outbox' | 'http';
  send(message: SmsMessage): Promise<void>;
}

export class SmsDeliveryError extends Error {}

/** Stores each message in `sms_outbox` and logs it as one line. */
export function outboxSender(db: Kysely<DB>, log: FastifyBaseLogger): SmsSender {
  return {
    kind: 'outbox',
    async send({ to, text, code }) {
      await db.insertInto('sms_outbox').values({ to_phone: to, text, code: code ?? null }).execute();
      log.info(`SMS to ${to}: ${text}`);
    },
  };
}

/** Posts `{ to, text }` as JSON to the gateway URL with the key as a bearer token; 10 s timeout. */
export function httpSender(url: string, key: string): SmsSender {
  return {
    kind: 'http',
    async send({ to, text }) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
          body: JSON.stringify({ to, text }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (err) {
        throw new SmsDeliveryError(`SMS gateway unreachable: ${(err as Error).message}`);
      }
      if (!res.ok) throw new SmsDeliveryError(`SMS gateway answered ${res.status}`);
    },
  };
}

/** The sender the configuration selects. */
export function createSmsSender(config: Config, db: Kysely<DB>, log: FastifyBaseLogger): SmsSender {
  return config.smsProvider === 'http'
    ? httpSender(config.smsHttpUrl!, config.smsHttpKey!)
    : outboxSender(db, log);
}
