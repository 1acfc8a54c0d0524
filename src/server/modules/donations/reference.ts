/**
 * Payment references a person can read out and type: `HF-` + 4 + `-` + 2 characters from an alphabet without the
 * look-alikes 0/O, 1/I/L (31 characters, about 887 million references). Uniqueness is the database's unique index;
 * the caller retries on a collision.
 */
import { randomInt } from 'node:crypto';

export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const REFERENCE_PATTERN = /^HF-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{2}$/;

/** A fresh random reference. */
export function newReference(): string {
  const pick = (n: number) => Array.from({ length: n }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('');
  return `HF-${pick(4)}-${pick(2)}`;
}

/**
 * Normalises what a person typed (spaces, lower case, a missing prefix or dashes) to the stored form, or null when
 * it cannot be a reference. Look-alikes are read as the character they stand for (O→0 is not in the alphabet, so
 * O, I and L are refused rather than guessed).
 */
export function normaliseReference(typed: string): string | null {
  const bare = typed.toUpperCase().replace(/[\s-]/g, '').replace(/^HF/, '');
  if (bare.length !== 6) return null;
  const ref = `HF-${bare.slice(0, 4)}-${bare.slice(4)}`;
  return REFERENCE_PATTERN.test(ref) ? ref : null;
}

/** True for the unique-index violation of the references (the one collision worth retrying). */
export function isReferenceCollision(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  return e.code === '23505' && (e.constraint === 'donations_reference' || /donations_reference/.test(e.message ?? ''));
}

/** Runs `insert` with fresh references until one is free (a collision is about one in 887 million per pledge). */
export async function withFreshReference<T>(insert: (reference: string) => Promise<T>, generate: () => string = newReference, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await insert(generate());
    } catch (err) {
      if (!isReferenceCollision(err) || i >= attempts) throw err;
    }
  }
}
