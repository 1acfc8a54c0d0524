/**
 * Sessions: `Authorization: Bearer <token>`, an opaque random token stored hashed with an expiry. Routes opt in
 * with `preHandler: app.requireUser` (or `app.requireStaff`); without a live token they answer 401.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashToken, newToken } from '../auth/secrets';
import { forbidden, unauthorized } from '../errors';

export interface SessionUser {
  id: string;
  email: string;
  phone: string;
  isStaff: boolean;
  phoneVerified: boolean;
  createdAt: Date;
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
    /** Starts a session for a user; returns the token to hand out. */
    startSession: (userId: string) => Promise<string>;
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
      .select(['users.id', 'users.email', 'users.phone', 'users.is_staff', 'users.phone_verified_at', 'users.created_at'])
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
      phoneVerified: row.phone_verified_at !== null,
      createdAt: row.created_at,
      tokenHash,
    };
  }

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
  app.decorate('startSession', async (userId: string) => {
    const token = newToken();
    const expires = new Date(Date.now() + app.config.sessionTtlDays * 86_400_000);
    await app.db.insertInto('sessions').values({ token_hash: hashToken(token), user_id: userId, expires_at: expires }).execute();
    return token;
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['db'] });
