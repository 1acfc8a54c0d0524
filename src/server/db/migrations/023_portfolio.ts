/**
 * The investor's portfolio and the owner's repayments as a read model (issue 30 §1), so a portfolio of 200,000
 * agreements is read without summing its instalments on each request (CONVENTIONS 13):
 *
 * 1. Each instalment keeps its profit part (DOMAIN.md "Profit part of an instalment"), worked out by the shared
 *    `profitParts` when the schedule is made (and here, once, for the schedules made before), so "profit received"
 *    is a sum and never a second copy of the rule in SQL.
 * 2. `portfolio_days`: per person and Asia/Dhaka calendar day, the money of their held agreements — principal out on
 *    the day of acceptance, instalments by due date until confirmed (not marked paid / marked paid) and by the date
 *    of confirmation once confirmed, with their profit parts — and, as owner, what is due that day and not yet marked
 *    paid. Kept by triggers in the transaction that moves the money, like migration 009's counters, whatever route or
 *    job moves it; `portfolio_days_refresh()` rebuilds it from the records (here, by the scale benchmark's loader and
 *    by the tests that prove the triggers right). A person's totals, their XIRR's flows (summed per day) and their
 *    monthly series are then read from a few hundred rows.
 *
 * Held agreements: accepted (in default too, which migration 021 keeps beside the status) and of a type that is repaid
 * (the server's REPAID: a Donation has no schedule and is no holding). A cancelled agreement (cooling-off, goal not
 * reached) leaves: its principal and its removed instalments are taken out by the same triggers.
 */
import type { MigrationStep } from '../migrate';
import { profitParts } from '../../../shared/domain/profit-parts';
import { fromPaisa, toPaisa } from '../../../shared/domain/money';

import { HELD_STATUSES_SQL, REPAID_TYPES_SQL } from '../../modules/portfolio/held';

const BATCH = 500;

const READ_MODEL = `
-- A timestamp's calendar date in Asia/Dhaka: UTC+06:00 all year (src/shared/format/dhaka-calendar.ts).
CREATE OR REPLACE FUNCTION dhaka_date(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT ((at AT TIME ZONE 'UTC') + interval '6 hours')::date $$;

-- Sums without a precision, as user_figures: a heavy investor's may pass numeric(14, 2). No foreign key, as there.
CREATE TABLE portfolio_days (
  user_id uuid NOT NULL,
  day date NOT NULL,
  invested numeric NOT NULL DEFAULT 0,        -- principal of held agreements accepted this day
  due numeric NOT NULL DEFAULT 0,             -- their instalments due this day, not marked paid
  paid numeric NOT NULL DEFAULT 0,            -- their instalments due this day, marked paid, not confirmed yet
  received numeric NOT NULL DEFAULT 0,        -- their instalments confirmed this day
  received_profit numeric NOT NULL DEFAULT 0, -- the profit parts of those
  owed numeric NOT NULL DEFAULT 0,            -- as owner: instalments due this day, not marked paid
  PRIMARY KEY (user_id, day)
);

CREATE FUNCTION portfolio_days_add(uid uuid, d date, inv numeric, du numeric, pd numeric, rc numeric, rp numeric, ow numeric)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF inv = 0 AND du = 0 AND pd = 0 AND rc = 0 AND rp = 0 AND ow = 0 THEN
    RETURN;
  END IF;
  INSERT INTO portfolio_days AS p (user_id, day, invested, due, paid, received, received_profit, owed)
  VALUES (uid, d, inv, du, pd, rc, rp, ow)
  ON CONFLICT (user_id, day) DO UPDATE
     SET invested = p.invested + EXCLUDED.invested, due = p.due + EXCLUDED.due, paid = p.paid + EXCLUDED.paid,
         received = p.received + EXCLUDED.received, received_profit = p.received_profit + EXCLUDED.received_profit,
         owed = p.owed + EXCLUDED.owed;
END $$;

CREATE FUNCTION agreement_requests_portfolio() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND OLD.status IN ${HELD_STATUSES_SQL} AND OLD.investment_type IN ${REPAID_TYPES_SQL};
  is_now boolean := TG_OP <> 'DELETE' AND NEW.status IN ${HELD_STATUSES_SQL} AND NEW.investment_type IN ${REPAID_TYPES_SQL};
BEGIN
  -- A change that moves no money (the day of acceptance, the investor and the amount are as they were).
  IF was AND is_now AND NEW.investor_id = OLD.investor_id AND NEW.amount = OLD.amount
     AND dhaka_date(coalesce(NEW.decided_at, NEW.created_at)) = dhaka_date(coalesce(OLD.decided_at, OLD.created_at)) THEN
    RETURN NULL;
  END IF;
  IF was THEN
    PERFORM portfolio_days_add(OLD.investor_id, dhaka_date(coalesce(OLD.decided_at, OLD.created_at)), -OLD.amount, 0, 0, 0, 0, 0);
  END IF;
  IF is_now THEN
    PERFORM portfolio_days_add(NEW.investor_id, dhaka_date(coalesce(NEW.decided_at, NEW.created_at)), NEW.amount, 0, 0, 0, 0, 0);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER agreement_requests_portfolio AFTER INSERT OR DELETE OR UPDATE OF status, amount, investor_id, investment_type, decided_at
  ON agreement_requests FOR EACH ROW EXECUTE FUNCTION agreement_requests_portfolio();

CREATE FUNCTION instalments_portfolio() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD.status = 'confirmed' THEN
      PERFORM portfolio_days_add(OLD.investor_id, coalesce(dhaka_date(OLD.confirmed_at), OLD.due_on), 0, 0, 0, -OLD.amount, -OLD.profit_part, 0);
    ELSE
      PERFORM portfolio_days_add(OLD.investor_id, OLD.due_on, 0, CASE WHEN OLD.status = 'due' THEN -OLD.amount ELSE 0 END,
                                 CASE WHEN OLD.status = 'paid' THEN -OLD.amount ELSE 0 END, 0, 0, 0);
    END IF;
    IF OLD.status = 'due' THEN
      PERFORM portfolio_days_add(OLD.owner_id, OLD.due_on, 0, 0, 0, 0, 0, -OLD.amount);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW.status = 'confirmed' THEN
      PERFORM portfolio_days_add(NEW.investor_id, coalesce(dhaka_date(NEW.confirmed_at), NEW.due_on), 0, 0, 0, NEW.amount, NEW.profit_part, 0);
    ELSE
      PERFORM portfolio_days_add(NEW.investor_id, NEW.due_on, 0, CASE WHEN NEW.status = 'due' THEN NEW.amount ELSE 0 END,
                                 CASE WHEN NEW.status = 'paid' THEN NEW.amount ELSE 0 END, 0, 0, 0);
    END IF;
    IF NEW.status = 'due' THEN
      PERFORM portfolio_days_add(NEW.owner_id, NEW.due_on, 0, 0, 0, 0, 0, NEW.amount);
    END IF;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER instalments_portfolio AFTER INSERT OR DELETE OR UPDATE OF status, amount, due_on, confirmed_at, profit_part, investor_id, owner_id
  ON instalments FOR EACH ROW EXECUTE FUNCTION instalments_portfolio();

-- The read model from the records: what the triggers keep, recomputed.
CREATE FUNCTION portfolio_days_refresh() RETURNS void LANGUAGE sql AS $$
  DELETE FROM portfolio_days;
  INSERT INTO portfolio_days (user_id, day, invested, due, paid, received, received_profit, owed)
  SELECT user_id, day, sum(invested), sum(due), sum(paid), sum(received), sum(received_profit), sum(owed)
    FROM (
      SELECT investor_id AS user_id, dhaka_date(coalesce(decided_at, created_at)) AS day, amount::numeric AS invested,
             0::numeric AS due, 0::numeric AS paid, 0::numeric AS received, 0::numeric AS received_profit, 0::numeric AS owed
        FROM agreement_requests WHERE status IN ${HELD_STATUSES_SQL} AND investment_type IN ${REPAID_TYPES_SQL}
      UNION ALL
      SELECT investor_id, CASE WHEN status = 'confirmed' THEN coalesce(dhaka_date(confirmed_at), due_on) ELSE due_on END, 0,
             CASE WHEN status = 'due' THEN amount ELSE 0 END, CASE WHEN status = 'paid' THEN amount ELSE 0 END,
             CASE WHEN status = 'confirmed' THEN amount ELSE 0 END, CASE WHEN status = 'confirmed' THEN profit_part ELSE 0 END, 0
        FROM instalments
      UNION ALL
      SELECT owner_id, due_on, 0, 0, 0, 0, 0, amount FROM instalments WHERE status = 'due'
    ) x
   GROUP BY user_id, day;
$$;
SELECT portfolio_days_refresh();

-- An owner's projects' repayments, a page of projects at a time (each project's instalments by due date).
CREATE INDEX instalments_project_due ON instalments (project_id, due_on);
`;

function quote(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

export const up: MigrationStep = async (runner) => {
  await runner.exec('ALTER TABLE instalments ADD COLUMN profit_part numeric(14, 2)');
  // Every schedule's profit parts by the shared rule, an agreement at a time, a batch of agreements per round trip.
  let after: string | undefined;
  for (;;) {
    const rows = await runner.query(
      `SELECT a.id::text AS id, a.amount::text AS principal,
              json_agg(json_build_object('id', i.id, 'amount', i.amount::text) ORDER BY i.seq)::text AS instalments
         FROM agreement_requests a JOIN instalments i ON i.agreement_id = a.id
        ${after ? `WHERE a.id > ${quote(after)}::uuid` : ''}
        GROUP BY a.id ORDER BY a.id LIMIT ${BATCH}`,
    );
    if (rows.length === 0) break;
    after = String(rows[rows.length - 1]!.id);
    const values: string[] = [];
    for (const row of rows) {
      const instalments = JSON.parse(String(row.instalments)) as { id: string; amount: string }[];
      const amounts = instalments.map((i) => toPaisa(i.amount));
      const total = amounts.reduce((sum, a) => sum + a, 0n);
      const parts = profitParts(toPaisa(String(row.principal)), total, amounts);
      instalments.forEach((i, k) => values.push(`(${quote(i.id)}::uuid, ${fromPaisa(parts[k]!.profit)})`));
    }
    await runner.exec(`UPDATE instalments i SET profit_part = v.part FROM (VALUES ${values.join(', ')}) AS v(id, part) WHERE i.id = v.id`);
  }
  await runner.exec(
    'ALTER TABLE instalments ALTER COLUMN profit_part SET NOT NULL, ' +
      'ADD CONSTRAINT instalments_profit_part_within CHECK (profit_part >= 0 AND profit_part <= amount)',
  );
  await runner.exec(READ_MODEL);
};
