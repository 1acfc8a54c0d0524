/** Row → answer: a live session as the session plugin keeps it, and the signed-in person as "who am I" shows them. */
import type { SessionUser } from '../../plugins/auth';
import type { SessionRow } from './queries/sessions';

/** A live session's account, as a request's `user` (with the hash of the token it came with, to revoke it). */
export function sessionUserView(row: SessionRow, tokenHash: string): SessionUser {
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

/** `GET /auth/user/me`: the signed-in person (`shariah` only when they have the role). */
export function meView(me: SessionUser) {
  return {
    id: me.id,
    email: me.email,
    phone: me.phone,
    verified: me.phoneVerified,
    staff: me.isStaff,
    ...(me.isShariah ? { shariah: true } : {}),
    created: me.createdAt.toISOString(),
  };
}
