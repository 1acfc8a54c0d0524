/**
 * Puts every stored phone number in E.164 (+8801812345678), read in DEFAULT_PHONE_REGION, so that "01812345678"
 * and "+8801812345678" are one account from now on.
 *
 * Where two accounts would end up with one number, nothing is changed: the step stops and names them. Merging
 * two people's accounts (money, agreements, identity) is a decision for a person, never for a migration. A stored
 * number that is not a valid mobile number stays as it was (its owner can still sign in by email).
 */
import type { MigrationStep } from '../migrate';
import { toE164 } from '../../../shared/phone/phone.js';

interface Account {
  id: string;
  email: string;
  phone: string;
}

function quote(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

export const up: MigrationStep = async (runner, { phoneRegion }) => {
  const accounts = (await runner.query('SELECT id::text AS id, email, phone FROM users ORDER BY created_at, email')) as unknown as Account[];
  const byNumber = new Map<string, Account[]>();
  const changes: { id: string; phone: string }[] = [];
  for (const a of accounts) {
    const canonical = toE164(a.phone, phoneRegion) ?? a.phone;
    byNumber.set(canonical, [...(byNumber.get(canonical) ?? []), a]);
    if (canonical !== a.phone) changes.push({ id: a.id, phone: canonical });
  }
  const collisions = [...byNumber].filter(([, owners]) => owners.length > 1);
  if (collisions.length > 0) {
    const lines = collisions.map(
      ([number, owners]) => `  ${number}: ${owners.map((o) => `${o.email} (stored as ${o.phone})`).join(', ')}`,
    );
    throw new Error(
      `004_phone_e164: these accounts would share one phone number once numbers are stored in E.164, and accounts are never merged:\n` +
        `${lines.join('\n')}\n` +
        'Nothing was changed. Decide which account keeps each number, change the other account\'s phone, and start again.',
    );
  }
  for (const c of changes) await runner.exec(`UPDATE users SET phone = ${quote(c.phone)} WHERE id = ${quote(c.id)}`);
};
