/**
 * Idempotency keys for the create routes (route config `idempotent: true`). A client sends `Idempotency-Key: <a key
 * of its own, new for each create>`; sending the same request with the same key again within 24 hours (a retry after
 * an answer that never arrived, or a 503) gets the first answer back, with `Idempotent-Replayed: true`, instead of a
 * second row. The same key with another request is refused with 422. A key is the signed-in person's, or for a
 * signed-out client its address's: nobody else's repeat can read an answer. Without the header nothing changes.
 *
 * The key is stored with its answer inside the create's own transaction (`app.writeOnce`), so it exists exactly when
 * the write committed. Two requests with one key at once are taken in turn (a transaction-scoped advisory lock on the
 * key): the second finds the first's answer. Keys older than 24 hours are removed by the purge job.
 */
import fp from 'fastify-plugin';
import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DB } from '../db/schema';
import { AppError } from '../errors';

/** Whose key, the key, and what it was sent with. */
export interface IdempotencyClaim {
  scope: string;
  key: string;
  fingerprint: string;
}

/** A route's `app.writeOnce` for one request, as a service takes it: runs the create's work once, in its transaction. */
export type WriteOnce = <T>(work: (trx: Transaction<DB>) => Promise<T>) => Promise<T>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route creates something and takes an `Idempotency-Key` header (plugins/idempotency.ts). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The request's Idempotency-Key, with whose it is and the request's fingerprint; null without the header. */
    idempotency: IdempotencyClaim | null;
  }
  interface FastifyInstance {
    /**
     * Runs a create's writes in one transaction and answers `status` with what `work` returns. With an
     * Idempotency-Key, the answer is stored in that transaction; a request whose key already has an answer gets that
     * one (its status, `Idempotent-Replayed: true`) and `work` does not run. Returns the body to send.
     */
    writeOnce<T>(request: FastifyRequest, reply: FastifyReply, status: number, work: (trx: Transaction<DB>) => Promise<T>): Promise<T>;
    /**
     * Replaces a stored answer with the one really sent, when something done after the commit changed it (a code
     * that could not be sent). Best effort: a failure is logged, and a repeat then gets the answer stored first.
     */
    reviseStoredAnswer(request: FastifyRequest, body: unknown): Promise<void>;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
export const KEY_REUSED =
  'This Idempotency-Key was already used with a different request in the last 24 hours. Send a new key with a new request (the same key only to repeat the same request).';

/** The header as the route schemas declare it (so the API document shows it and a bad one is a 400). */
const KEY_SCHEMA = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  pattern: '^[!-~]+$',
  description:
    'A key of your own (a random UUID is a good one), new for each thing you create. Sending the same request with the same key again within 24 hours returns the first answer instead of creating it twice; another request with that key is 422.',
} as const;

/** Advisory locks of idempotency keys use the two-number form, whose key space is apart from the jobs' one-number locks. */
const LOCK_SPACE = 22;

/** JSON with every object's keys in order: the same body however its fields were ordered. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    return `{${Object.keys(obj)
      .sort()
      .filter((k) => obj[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

type Stored = { status_code: number; answer: unknown; fingerprint: string };

/** The answer stored for a key in the last 24 hours; 422 when it was stored for another request. */
async function storedAnswer(db: Kysely<DB> | Transaction<DB>, claim: IdempotencyClaim): Promise<Stored | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['status_code', 'answer', 'fingerprint'])
    .where('scope', '=', claim.scope)
    .where('key', '=', claim.key)
    .where(sql<boolean>`created_at > now() - interval '24 hours'`)
    .executeTakeFirst();
  if (row && row.fingerprint !== claim.fingerprint) throw new AppError(422, KEY_REUSED);
  return row;
}

function replay(reply: FastifyReply, stored: Stored): unknown {
  reply.status(stored.status_code).header(REPLAYED_HEADER, 'true');
  return stored.answer;
}

async function idempotencyPlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest('idempotency', null);

  /** Whose key: the signed-in person's (a route may not have read the session yet), else the client's address's. */
  async function scopeOf(request: FastifyRequest): Promise<string> {
    const user = request.user ?? (request.headers.authorization ? await app.readSession(request) : null);
    return user ? `user:${user.id}` : `guest:${request.ip}`;
  }

  // After the session and the body's checks, before the route's own checks (an account that now exists, a project no
  // longer open) would answer a repeat differently from the first time.
  const claimKey = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (typeof key !== 'string') return;
    const fingerprint = createHash('sha256').update(`${request.method} ${request.url}\n`).update(canonicalJson(request.body)).digest('hex');
    request.idempotency = { scope: await scopeOf(request), key, fingerprint };
    const stored = await storedAnswer(app.db, request.idempotency);
    if (stored) return reply.send(replay(reply, stored));
  };

  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    const headers = route.schema?.headers as { properties?: Record<string, unknown> } | undefined;
    route.schema = { ...route.schema, headers: { type: 'object', ...headers, properties: { ...headers?.properties, [IDEMPOTENCY_HEADER]: KEY_SCHEMA } } };
    const existing = route.preHandler;
    route.preHandler = existing ? [claimKey, ...(Array.isArray(existing) ? existing : [existing])] : [claimKey];
  });

  app.decorate('writeOnce', async function writeOnce<T>(request: FastifyRequest, reply: FastifyReply, status: number, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    const claim = request.idempotency;
    const outcome = await app.db.transaction().execute(async (trx): Promise<{ stored: Stored } | { body: T }> => {
      if (claim) {
        // A repeat sent while the first is still running waits here, then finds its answer.
        await sql`SELECT pg_advisory_xact_lock(${LOCK_SPACE}, hashtext(${`${claim.scope} ${claim.key}`}))`.execute(trx);
        const stored = await storedAnswer(trx, claim);
        if (stored) return { stored };
      }
      const body = await work(trx);
      if (claim) {
        const answer = JSON.stringify(body);
        // A key older than 24 hours is free again: its row is taken over.
        await trx
          .insertInto('idempotency_keys')
          .values({ ...claim, status_code: status, answer })
          .onConflict((oc) => oc.columns(['scope', 'key']).doUpdateSet({ fingerprint: claim.fingerprint, status_code: status, answer, created_at: sql`now()` }))
          .execute();
      }
      return { body };
    });
    if ('stored' in outcome) return replay(reply, outcome.stored) as T;
    reply.status(status);
    return outcome.body;
  });

  app.decorate('reviseStoredAnswer', async (request: FastifyRequest, body: unknown) => {
    const claim = request.idempotency;
    if (!claim) return;
    try {
      await app.db.updateTable('idempotency_keys').set({ answer: JSON.stringify(body) }).where('scope', '=', claim.scope).where('key', '=', claim.key).execute();
    } catch (err) {
      request.log.warn({ err, reqId: request.id }, 'the stored answer of an idempotency key could not be revised');
    }
  });
}

export default fp(idempotencyPlugin, { name: 'idempotency', dependencies: ['db', 'auth'] });
