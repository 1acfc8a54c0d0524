/** Opaque session tokens and one-time codes: random, stored only as hashes, compared in constant time. */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A new session token (256 random bits, URL-safe). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new 4-digit code, leading zeros kept. */
export function newOtp(): string {
  return String(randomInt(0, 10_000)).padStart(4, '0');
}

/** The stored form of a code, bound to its row so equal codes never hash alike. */
export function hashOtp(codeId: string, code: string): string {
  return createHash('sha256').update(`${codeId}:${code}`).digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
