/**
 * Nothing lost, nothing applied twice: after the day, what the database holds against what the servers
 * acknowledged — accounts, verified phones, sessions started and ended, agreement requests (the very ids) and their
 * outcomes, pledges and confirmations (the very ids), and each project's money as the database's own counters keep
 * it (accepted, confirmed donations, waiting, pledged).
 */
import pg from 'pg';
import type { Recorder } from './recorder';

export interface Check {
  label: string;
  database: number;
  acknowledged: number;
  /** What differs, when something does (ids missing or extra, projects whose figures differ). */
  detail?: string;
}

type Acks = Recorder['acks'];

/** Sum of paisa by project of the movements whose id is in `ids` (all when `ids` is omitted). */
function byProject(movements: ReadonlyMap<string, { projectId: string; paisa: number }>, ids?: ReadonlySet<string>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [id, m] of movements) if (!ids || ids.has(id)) out.set(m.projectId, (out.get(m.projectId) ?? 0) + m.paisa);
  return out;
}

function idCheck(label: string, inDatabase: readonly string[], acknowledged: ReadonlySet<string>): Check {
  const stored = new Set(inDatabase);
  const missing = [...acknowledged].filter((id) => !stored.has(id));
  const extra = inDatabase.filter((id) => !acknowledged.has(id));
  const detail = missing.length || extra.length ? `${missing.length} acknowledged but not stored, ${extra.length} stored but never acknowledged` : undefined;
  return { label, database: inDatabase.length, acknowledged: acknowledged.size, detail };
}

/** Compares the database with the acknowledgements, per project for the money. */
export async function verify(databaseUrl: string, acks: Acks, projectIds: readonly string[]): Promise<Check[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const one = async (text: string) => Number((await db.query<{ n: string }>(text)).rows[0]!.n);
    const ids = async (text: string) => (await db.query<{ id: string }>(text)).rows.map((r) => r.id);
    const requests = new Set(acks.agreementRequests.keys());
    const pledges = new Set(acks.pledges.keys());
    const pending = new Set([...requests].filter((id) => !acks.accepted.has(id) && !acks.declined.has(id)));
    const unconfirmed = new Set([...pledges].filter((id) => !acks.confirmed.has(id)));
    const checks: Check[] = [
      { label: 'accounts (sign-ups)', database: await one('SELECT count(*) AS n FROM users'), acknowledged: acks.signUps },
      { label: 'phones verified', database: await one('SELECT count(*) AS n FROM users WHERE phone_verified_at IS NOT NULL'), acknowledged: acks.verified },
      { label: 'sessions started (code or password)', database: await one('SELECT count(*) AS n FROM sessions'), acknowledged: acks.verified + acks.signIns },
      { label: 'sessions ended (sign-outs)', database: await one('SELECT count(*) AS n FROM sessions WHERE revoked_at IS NOT NULL'), acknowledged: acks.signOuts },
      idCheck('agreement requests', await ids('SELECT id FROM agreement_requests'), requests),
      idCheck('agreement requests accepted', await ids("SELECT id FROM agreement_requests WHERE status = 'accepted'"), acks.accepted),
      idCheck('agreement requests declined', await ids("SELECT id FROM agreement_requests WHERE status = 'declined'"), acks.declined),
      idCheck('pledges', await ids('SELECT id FROM donations'), pledges),
      idCheck('donations confirmed', await ids("SELECT id FROM donations WHERE status = 'confirmed'"), acks.confirmed),
    ];

    // Each project's counters (kept by the database's triggers) against the acknowledged movements, in paisa.
    const expected = {
      accepted: byProject(acks.agreementRequests, acks.accepted),
      waiting: byProject(acks.agreementRequests, pending),
      donated: byProject(acks.pledges, acks.confirmed),
      pledged: byProject(acks.pledges, unconfirmed),
    };
    const { rows } = await db.query<{ id: string; accepted: string; waiting: string; donated: string; pledged: string; raised: string }>(
      `SELECT id, (accepted_amount * 100)::bigint AS accepted, (waiting * 100)::bigint AS waiting, (donated * 100)::bigint AS donated,
              (pledged_donations * 100)::bigint AS pledged, (raised * 100)::bigint AS raised
         FROM projects WHERE id = ANY($1)`,
      [projectIds],
    );
    const figures = [
      ['accepted', 'money accepted (taka, all projects)'],
      ['waiting', 'money waiting in pending requests (taka)'],
      ['donated', 'donations confirmed (taka)'],
      ['pledged', 'donations pledged, not yet confirmed (taka)'],
    ] as const;
    for (const [key, label] of figures) {
      let database = 0;
      let acknowledged = 0;
      const off: string[] = [];
      for (const row of rows) {
        const stored = Number(row[key]);
        const acked = expected[key].get(row.id) ?? 0;
        database += stored;
        acknowledged += acked;
        if (stored !== acked) off.push(row.id);
      }
      checks.push({ label, database: database / 100, acknowledged: acknowledged / 100, detail: off.length ? `${off.length} projects differ` : undefined });
    }
    const raisedOff = rows.filter((r) => Number(r.raised) !== Number(r.accepted) + Number(r.donated)).length;
    checks.push({
      label: 'projects whose raised ≠ accepted + confirmed donations',
      database: raisedOff,
      acknowledged: 0,
    });
    return checks;
  } finally {
    await db.end();
  }
}

/** True when the database and the acknowledgements agree on every check. */
export const agrees = (c: Check): boolean => c.database === c.acknowledged && c.detail === undefined;
