/** How an email or phone typed by a person is turned into the key an account is found by. */

/** True when the text is an email address (it has an @), false for a phone number. */
export function isEmail(text: string): boolean {
  return text.includes('@');
}

/** A phone number without spaces and dashes: what is stored and looked up. */
export function normalizePhone(phone: string): string {
  return phone.replace(/[\s-]/g, '');
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
