/** How an email or phone typed by a person is turned into the key an account is found by. */
import { toE164 } from '../../../shared/phone/phone.js';

/** True when the text is an email address (it has an @), false for a phone number. */
export function isEmail(text: string): boolean {
  return text.includes('@');
}

/**
 * A phone number in E.164 (+8801812345678), read in the default region (DEFAULT_PHONE_REGION): what is stored
 * and looked up, so "01812345678", "8801812345678" and "+880 1812-345678" are one account. Text that is not a
 * valid mobile number (the schemas refuse it before a handler runs; the dev outbox's query does not) is only
 * stripped of spaces and dashes, so it matches nothing rather than something else.
 */
export function normalizePhone(phone: string): string {
  return toE164(phone) ?? phone.replace(/[\s-]/g, '');
}

/** An email address trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The normalised identifier for an email or a phone. */
export function normalizeIdentifier(text: string): string {
  return isEmail(text) ? normalizeEmail(text) : normalizePhone(text.trim());
}

/** A phone shown with its middle hidden, for messages: +88017•••••678. */
export function maskPhone(phone: string): string {
  if (phone.length <= 8) return `${'•'.repeat(Math.max(1, phone.length - 3))}${phone.slice(-3)}`;
  return `${phone.slice(0, 5)}${'•'.repeat(Math.max(1, phone.length - 8))}${phone.slice(-3)}`;
}
