/**
 * Nothing lost, nothing applied twice: after the day, what the database holds against what the servers
 * acknowledged — accounts, verified phones, sessions started and ended, agreement requests and pledges (the very
 * ids, and the amounts sent), the accepted, declined and confirmed ones — and each project's money counters (kept by
 * the database's triggers) against its own rows.
 *
 * A request that got no answer at all (the client gave up after 30 s) may or may not have written: the person never
 * learned. Up to that many rows more than acknowledged are explained by them; anything acknowledged and missing, or
 * any row beyond them, is a write lost or applied twice.
 */
import pg from 'pg';
import { WRITES, type Recorder } from './recorder';

export interface Check {
  label: string;
  database: number;
  acknowledged: number;
  /** Requests of the kind that got no answer: rows beyond the acknowledged ones up to this many are explained. */
  unanswered: number;
  /** Acknowledged and not in the database (by id where ids are known, else by count). */
  lost: number;
  /** What differs, in words, when something does. */
  detail?: string;
}

/** Writes lost, plus rows that neither an acknowledgement nor an unanswered request explains. */
export function unexplained(c: Check): number {
  return c.lost + Math.max(0, c.database - (c.acknowledged - c.lost) - c.unanswered);
}

/** True when the database and the acknowledgements agree on the check. */
export const agrees = (c: Check): boolean => unexplained(c) === 0 && c.detail === undefined;

function countCheck(label: string, database: number, acknowledged: number, unanswered: number): Check {
  return { label, database, acknowledged, unanswered, lost: Math.max(0, acknowledged - database) };
}

function idCheck(label: string, inDatabase: readonly string[], acknowledged: ReadonlySet<string>, unanswered: number): Check {
  const stored = new Set(inDatabase);
  const lost = [...acknowledged].filter((id) => !stored.has(id)).length;
  return { label, database: inDatabase.length, acknowledged: acknowledged.size, unanswered, lost };
}

/** Compares the database with what the recorder saw acknowledged. */
export async function verify(databaseUrl: string, rec: Recorder, projectIds: readonly string[]): Promise<Check[]> {
  const { acks } = rec;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const one = async (text: string) => Number((await db.query<{ n: string }>(text)).rows[0]!.n);
    const ids = async (text: string) => (await db.query<{ id: string }>(text)).rows.map((r) => r.id);
    const checks: Check[] = [
      countCheck('accounts (sign-ups)', await one('SELECT count(*) AS n FROM users'), acks.signUps, rec.unanswered(WRITES.signUp)),
      countCheck('phones verified', await one('SELECT count(*) AS n FROM users WHERE phone_verified_at IS NOT NULL'), acks.verified, rec.unanswered(WRITES.verify)),
      countCheck('sessions started (code or password)', await one('SELECT count(*) AS n FROM sessions'), acks.verified + acks.signIns, rec.unanswered(WRITES.verify, WRITES.signIn)),
      countCheck('sessions ended (sign-outs)', await one('SELECT count(*) AS n FROM sessions WHERE revoked_at IS NOT NULL'), acks.signOuts, rec.unanswered(WRITES.signOut)),
      idCheck('agreement requests', await ids('SELECT id FROM agreement_requests'), new Set(acks.agreementRequests.keys()), rec.unanswered(WRITES.agreementRequest)),
      idCheck('agreement requests accepted', await ids("SELECT id FROM agreement_requests WHERE status = 'accepted'"), acks.accepted, rec.unanswered(WRITES.accept)),
      idCheck('agreement requests declined', await ids("SELECT id FROM agreement_requests WHERE status = 'declined'"), acks.declined, rec.unanswered(WRITES.decline)),
      idCheck('pledges', await ids('SELECT id FROM donations'), new Set(acks.pledges.keys()), rec.unanswered(WRITES.pledge)),
      idCheck('donations confirmed', await ids("SELECT id FROM donations WHERE status = 'confirmed'"), acks.confirmed, rec.unanswered(WRITES.confirm)),
    ];

    // The amounts as sent, for every acknowledged request and pledge (in paisa, exactly).
    const stored = new Map<string, number>();
    for (const table of ['agreement_requests', 'donations']) {
      const { rows } = await db.query<{ id: string; paisa: string }>(`SELECT id, (amount * 100)::bigint AS paisa FROM ${table}`);
      for (const r of rows) stored.set(r.id, Number(r.paisa));
    }
    const movements = [...acks.agreementRequests, ...acks.pledges];
    const wrong = movements.filter(([id, m]) => stored.has(id) && stored.get(id) !== m.paisa).length;
    checks.push({ label: 'amounts stored as sent (agreement requests and pledges)', database: movements.length - wrong, acknowledged: movements.length, unanswered: 0, lost: wrong });

    // Each project's counters against a recount of its rows: money counted once, whatever ran at the same time.
    const { rows } = await db.query<{ id: string }>(
      `SELECT p.id FROM projects p
        WHERE p.id = ANY($1)
          AND (p.accepted_amount, p.waiting, p.donated, p.pledged_donations, p.raised) IS DISTINCT FROM (
              (SELECT coalesce(sum(amount), 0) FROM agreement_requests WHERE project_id = p.id AND status = 'accepted'),
              (SELECT coalesce(sum(amount), 0) FROM agreement_requests WHERE project_id = p.id AND status = 'pending'),
              (SELECT coalesce(sum(amount), 0) FROM donations WHERE project_id = p.id AND status = 'confirmed'),
              (SELECT coalesce(sum(amount), 0) FROM donations WHERE project_id = p.id AND status = 'pledged'),
              (SELECT coalesce(sum(amount), 0) FROM agreement_requests WHERE project_id = p.id AND status = 'accepted')
                + (SELECT coalesce(sum(amount), 0) FROM donations WHERE project_id = p.id AND status = 'confirmed'))`,
      [projectIds],
    );
    checks.push({
      label: 'projects whose money counters differ from their rows',
      database: projectIds.length - rows.length,
      acknowledged: projectIds.length,
      unanswered: 0,
      lost: rows.length,
      detail: rows.length ? `accepted, waiting, confirmed, pledged or raised differ on ${rows.length} of ${projectIds.length} projects` : undefined,
    });
    return checks;
  } finally {
    await db.end();
  }
}
