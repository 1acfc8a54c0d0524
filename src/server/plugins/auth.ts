/**
 * Sessions: `Authorization: Bearer <token>`, an opaque random token stored hashed with an expiry. Routes opt in
 * with `onRequest: app.requireUser` (or `app.requireStaff`); without a live token they answer 401.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { hashToken, newToken } from '../auth/secrets';
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
    /** Starts a session for a user (in the caller's transaction when given one); returns the token to hand out. */
    startSession: (userId: string, db?: Kysely<DB>) => Promise<string>;
  }
}

/** The signed-in user of a request that passed `requireUser`. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

async function authPlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest('user', null);

  async function readSession(request: FastifyRequest): Promise<SessionUser | null> {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header) : null;
    if (!match) return null;
    const tokenHash = hashToken(match[1]!);
    const row = await app.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['users.id', 'users.email', 'users.phone', 'users.is_staff', 'users.is_shariah', 'users.phone_verified_at', 'users.created_at', 'users.language'])
      .where('sessions.token_hash', '=', tokenHash)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', new Date())
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      email: row.email,
      phone: row.phone,
      isStaff: row.is_staff,
      isShariah: row.is_shariah,
      phoneVerified: row.phone_verified_at !== null,
      createdAt: row.created_at,
      language: row.language,
      tokenHash,
    };
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
  app.decorate('startSession', async (userId: string, db: Kysely<DB> = app.db) => {
    const token = newToken();
    const expires = new Date(Date.now() + app.config.sessionTtlDays * 86_400_000);
    await db.insertInto('sessions').values({ token_hash: hashToken(token), user_id: userId, expires_at: expires }).execute();
    return token;
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['db'] });
