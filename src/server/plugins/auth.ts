/**
 * Sessions: `Authorization: Bearer <token>`, an opaque random token stored hashed with an expiry. Routes opt in
 * with `onRequest: app.requireUser` (or `app.requireStaff`); without a live token they answer 401.
 *
 * A session read from the database is kept for SESSION_CACHE_MS (a second), so a page's burst of requests (and a
 * busy reader's) costs one look-up, not one each. Across processes nothing is told: another process's sign-out,
 * revocation or change of the account is seen here once the kept copy is older than that, so within a second. In this
 * process, any write it answers (a request that is not GET/HEAD/OPTIONS: a sign-out, a password change, a language
 * chosen) forgets every kept session at once, and a read that began before such a write keeps nothing.
 * The sessions themselves (their table, tokens and accounts) are the accounts module's, read and started through
 * its service.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { hashToken, sessionOf, startSession } from '../modules/accounts/service';
import { forbidden, unauthorized } from '../errors';

export interface SessionUser {
  id: string;
  email: string;
  phone: string;
  isStaff: boolean;
  /** The `shariah` role (npm run staff -- shariah): may record Shariah reviews. */
  isShariah: boolean;
  phoneVerified: boolean;
  createdAt: Date;
  /** The language the person chose ('bn' or 'en'), null when never chosen. */
  language: string | null;
  /** The hash of the token this request came with (to revoke it). */
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    requireUser: (request: FastifyRequest) => Promise<void>;
    requireStaff: (request: FastifyRequest) => Promise<void>;
    /** Reads the session of a request, if any (public routes that show more to signed-in users). */
    readSession: (request: FastifyRequest) => Promise<SessionUser | null>;
    /**
     * Forgets the sessions this process keeps: for a change made to accounts or sessions other than by a write
     * request it answers (those forget them by themselves).
     */
    forgetSessions: () => void;
    /** Starts a session for a user (in the caller's transaction when given one); returns the token to hand out. */
    startSession: (userId: string, db?: Kysely<DB>) => Promise<string>;
  }
}

/** The signed-in user of a request that passed `requireUser`. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** Sessions kept at most (the oldest go first); a kept session is a few hundred bytes. */
const MAX_KEPT = 10_000;
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

async function authPlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest('user', null);
  const keepMs = app.config.sessionCacheMs;
  const kept = new Map<string, { user: SessionUser | null; until: number }>();
  // Bumped by every write this process answers: a look-up that started before one is not kept.
  let generation = 0;
  const forget = () => {
    generation++;
    kept.clear();
  };
  app.decorate('forgetSessions', forget);
  // As the answer leaves (the write has committed): its own client's next request is read after this.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!SAFE.has(request.method)) forget();
    return payload;
  });

  async function readSession(request: FastifyRequest): Promise<SessionUser | null> {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header) : null;
    if (!match) return null;
    const tokenHash = hashToken(match[1]!);
    const now = Date.now();
    const hit = kept.get(tokenHash);
    if (hit && hit.until > now) return hit.user;
    const started = generation;
    const user = await sessionOf(app.db, tokenHash);
    if (keepMs > 0 && generation === started) {
      if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
      kept.delete(tokenHash);
      // Never past the session's own end.
      kept.set(tokenHash, { user: user?.session ?? null, until: Math.min(now + keepMs, user?.expiresAt.getTime() ?? Infinity) });
    }
    return user?.session ?? null;
  }

  // A route that requires a bearer token must check it in `onRequest`: before the body is parsed and validated,
  // so an anonymous caller cannot make it do any work (see plugins/input-guard.ts). Optional sign-in is declared
  // the OpenAPI way, with an empty requirement beside the bearer one: `security: [{}, { bearer: [] }]`.
  app.addHook('onRoute', (route) => {
    const security = (route.schema as { security?: object[] } | undefined)?.security ?? [];
    const needsUser = security.length > 0 && !security.some((s) => Object.keys(s).length === 0);
    const hooks = ([] as unknown[]).concat(route.onRequest ?? []);
    if (needsUser && !hooks.some((h) => h === app.requireUser || h === app.requireStaff)) {
      throw new Error(`${route.method} ${route.url} declares security but does not check the session in onRequest`);
    }
  });

  app.decorate('readSession', readSession);
  app.decorate('requireUser', async (request: FastifyRequest) => {
    request.user = await readSession(request);
    if (!request.user) throw unauthorized('Your session has ended or you are not signed in. Please sign in.');
  });
  app.decorate('requireStaff', async (request: FastifyRequest) => {
    request.user = await readSession(request);
    if (!request.user) throw unauthorized('Your session has ended or you are not signed in. Please sign in.');
    if (!request.user.isStaff) throw forbidden('Only staff can do this.');
  });
  app.decorate('startSession', (userId: string, db: Kysely<DB> = app.db) => startSession(db, userId, app.config.sessionTtlDays));
}

export default fp(authPlugin, { name: 'auth', dependencies: ['db'] });
