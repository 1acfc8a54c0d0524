-- Lists and the dashboard at a million projects (issue 15 §3).
--
-- 1. Each project keeps its own figures (accepted, waiting, donated, pledged, backers, investors; raised already
--    existed), so a list page is one indexed query with no sums.
-- 2. Each user's dashboard sums and the platform's totals are counters.
-- Both are kept by triggers on the rows that move money or change a status (agreement requests, donations,
-- instalments, projects, invitations, profiles): they run inside the transaction that makes the change, whatever
-- route, job or payment callback makes it, so no call site can forget one. A project's own figures are recomputed
-- from its rows under its row lock (cheap: an indexed look-up of one project's rows, and exact for distinct
-- backers); users' and the platform's are moved by the change's difference (they span millions of rows).
-- market_figures_refresh() rebuilds every counter from the records: run here for an existing database, by the
-- bulk loader of the scale benchmark, and by the tests to prove the counters equal a recomputation.
-- 3. Indexes matching each public list path (keyset pagination: newest or most funded, with or without a category).

ALTER TABLE projects
  ADD COLUMN accepted_amount numeric(14, 2) NOT NULL DEFAULT 0,
  ADD COLUMN waiting numeric(14, 2) NOT NULL DEFAULT 0,
  ADD COLUMN donated numeric(14, 2) NOT NULL DEFAULT 0,
  ADD COLUMN pledged_donations numeric(14, 2) NOT NULL DEFAULT 0,
  ADD COLUMN backers integer NOT NULL DEFAULT 0,
  ADD COLUMN investors integer NOT NULL DEFAULT 0;

-- Sums without a precision: a user's or the platform's total may pass numeric(14, 2).
CREATE TABLE user_figures (
  user_id uuid PRIMARY KEY, -- no foreign key: a user's deletion cascades to rows whose triggers still write here
  invested numeric NOT NULL DEFAULT 0,
  accepted_agreements integer NOT NULL DEFAULT 0,
  received numeric NOT NULL DEFAULT 0,
  fundraising numeric NOT NULL DEFAULT 0,
  returned numeric NOT NULL DEFAULT 0,
  got numeric NOT NULL DEFAULT 0
);

CREATE TABLE platform_figures (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  invested numeric NOT NULL DEFAULT 0,
  investors integer NOT NULL DEFAULT 0,
  invested_projects integer NOT NULL DEFAULT 0,
  open_projects integer NOT NULL DEFAULT 0,
  invitations integer NOT NULL DEFAULT 0
);

-- Countries by lower-cased name: how many public projects and profiles name each.
CREATE TABLE country_figures (
  country text PRIMARY KEY,
  projects integer NOT NULL DEFAULT 0,
  profiles integer NOT NULL DEFAULT 0
);

CREATE INDEX projects_public_newest ON projects (created_at DESC, id DESC) WHERE status IN ('open', 'funded', 'closed');
CREATE INDEX projects_public_most_funded ON projects (raised DESC, id DESC) WHERE status IN ('open', 'funded', 'closed');
CREATE INDEX projects_public_category_newest ON projects (category, created_at DESC, id DESC) WHERE status IN ('open', 'funded', 'closed');
CREATE INDEX projects_public_category_most_funded ON projects (category, raised DESC, id DESC) WHERE status IN ('open', 'funded', 'closed');

-- A project's figures from its records (DOMAIN.md), under its row lock so two changes to one project in flight
-- cannot both write what each saw alone: each statement after the lock sees the other's committed rows.
CREATE FUNCTION project_figures_refresh(pid uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM projects WHERE id = pid FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  UPDATE projects p
     SET accepted_amount = s.accepted, waiting = s.pending, donated = s.confirmed, pledged_donations = s.pledged,
         raised = s.accepted + s.confirmed, backers = s.backers, investors = s.investors
    FROM (
      SELECT
        coalesce((SELECT sum(amount) FROM agreement_requests WHERE project_id = pid AND status = 'accepted'), 0) AS accepted,
        coalesce((SELECT sum(amount) FROM agreement_requests WHERE project_id = pid AND status = 'pending'), 0) AS pending,
        coalesce((SELECT sum(amount) FROM donations WHERE project_id = pid AND status = 'confirmed'), 0) AS confirmed,
        coalesce((SELECT sum(amount) FROM donations WHERE project_id = pid AND status = 'pledged'), 0) AS pledged,
        (SELECT count(DISTINCT investor_id) FROM agreement_requests WHERE project_id = pid AND status = 'accepted') AS investors,
        -- Backers: distinct people with an accepted agreement or a confirmed donation; each anonymous donation once.
        (SELECT count(*) FROM (
           SELECT 'u:' || investor_id::text FROM agreement_requests WHERE project_id = pid AND status = 'accepted'
           UNION
           SELECT CASE WHEN anonymous OR donor_id IS NULL THEN 'd:' || id::text ELSE 'u:' || donor_id::text END
             FROM donations WHERE project_id = pid AND status = 'confirmed'
         ) b) AS backers
    ) s
   WHERE p.id = pid
     AND (p.accepted_amount, p.waiting, p.donated, p.pledged_donations, p.raised, p.backers, p.investors)
         IS DISTINCT FROM (s.accepted, s.pending, s.confirmed, s.pledged, s.accepted + s.confirmed, s.backers, s.investors);
END $$;

-- Moves one user's counters by the given differences (a no-op difference touches nothing). Returns the user's
-- accepted agreements after the move.
CREATE FUNCTION user_figures_add(uid uuid, d_invested numeric, d_accepted integer, d_received numeric,
                                 d_fundraising numeric, d_returned numeric, d_got numeric) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  IF d_invested = 0 AND d_accepted = 0 AND d_received = 0 AND d_fundraising = 0 AND d_returned = 0 AND d_got = 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO user_figures AS f (user_id, invested, accepted_agreements, received, fundraising, returned, got)
  VALUES (uid, d_invested, d_accepted, d_received, d_fundraising, d_returned, d_got)
  ON CONFLICT (user_id) DO UPDATE
     SET invested = f.invested + EXCLUDED.invested, accepted_agreements = f.accepted_agreements + EXCLUDED.accepted_agreements,
         received = f.received + EXCLUDED.received, fundraising = f.fundraising + EXCLUDED.fundraising,
         returned = f.returned + EXCLUDED.returned, got = f.got + EXCLUDED.got
  RETURNING accepted_agreements INTO n;
  RETURN n;
END $$;

CREATE FUNCTION agreement_requests_counters() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND OLD.status = 'accepted';
  is_now boolean := TG_OP <> 'DELETE' AND NEW.status = 'accepted';
  n integer;
BEGIN
  -- The investor's sums first, the project (and through it its owner) next, the platform row last of all.
  IF was AND NOT (is_now AND NEW.investor_id = OLD.investor_id AND NEW.amount = OLD.amount) THEN
    n := user_figures_add(OLD.investor_id, -OLD.amount, -1, 0, 0, 0, 0);
    UPDATE platform_figures SET invested = invested - OLD.amount, investors = investors - CASE WHEN n = 0 THEN 1 ELSE 0 END;
  END IF;
  IF is_now AND NOT (was AND NEW.investor_id = OLD.investor_id AND NEW.amount = OLD.amount) THEN
    n := user_figures_add(NEW.investor_id, NEW.amount, 1, 0, 0, 0, 0);
    UPDATE platform_figures SET invested = invested + NEW.amount, investors = investors + CASE WHEN n = 1 THEN 1 ELSE 0 END;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM project_figures_refresh(OLD.project_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.project_id <> OLD.project_id) THEN
    PERFORM project_figures_refresh(NEW.project_id);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER agreement_requests_counters AFTER INSERT OR DELETE OR UPDATE OF status, amount, project_id, investor_id
  ON agreement_requests FOR EACH ROW EXECUTE FUNCTION agreement_requests_counters();

CREATE FUNCTION donations_counters() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM project_figures_refresh(OLD.project_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.project_id <> OLD.project_id) THEN
    PERFORM project_figures_refresh(NEW.project_id);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER donations_counters AFTER INSERT OR DELETE OR UPDATE OF status, amount, project_id, donor_id, anonymous
  ON donations FOR EACH ROW EXECUTE FUNCTION donations_counters();

-- A project's share of its owner's sums and of the platform's counts, before and after the change.
CREATE FUNCTION projects_counters() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o_fund numeric := 0; n_fund numeric := 0; o_raised numeric := 0; n_raised numeric := 0;
  o_open integer := 0; n_open integer := 0; o_inv integer := 0; n_inv integer := 0;
  o_country text; n_country text;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    o_fund := CASE WHEN OLD.status IN ('open', 'funded') THEN OLD.goal ELSE 0 END;
    o_raised := OLD.raised;
    o_open := CASE WHEN OLD.status = 'open' THEN 1 ELSE 0 END;
    o_inv := CASE WHEN OLD.investors > 0 THEN 1 ELSE 0 END;
    o_country := CASE WHEN OLD.status IN ('open', 'funded', 'closed') THEN lower(OLD.country) END;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    n_fund := CASE WHEN NEW.status IN ('open', 'funded') THEN NEW.goal ELSE 0 END;
    n_raised := NEW.raised;
    n_open := CASE WHEN NEW.status = 'open' THEN 1 ELSE 0 END;
    n_inv := CASE WHEN NEW.investors > 0 THEN 1 ELSE 0 END;
    n_country := CASE WHEN NEW.status IN ('open', 'funded', 'closed') THEN lower(NEW.country) END;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.owner_id = OLD.owner_id THEN
    PERFORM user_figures_add(NEW.owner_id, 0, 0, n_raised - o_raised, n_fund - o_fund, 0, 0);
  ELSE
    IF TG_OP <> 'INSERT' THEN
      PERFORM user_figures_add(OLD.owner_id, 0, 0, -o_raised, -o_fund, 0, 0);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM user_figures_add(NEW.owner_id, 0, 0, n_raised, n_fund, 0, 0);
    END IF;
  END IF;
  IF o_country IS DISTINCT FROM n_country THEN
    IF o_country IS NOT NULL THEN
      UPDATE country_figures SET projects = projects - 1 WHERE country = o_country;
    END IF;
    IF n_country IS NOT NULL THEN
      INSERT INTO country_figures AS c (country, projects) VALUES (n_country, 1)
      ON CONFLICT (country) DO UPDATE SET projects = c.projects + 1;
    END IF;
  END IF;
  IF n_open <> o_open OR n_inv <> o_inv THEN
    UPDATE platform_figures SET open_projects = open_projects + n_open - o_open, invested_projects = invested_projects + n_inv - o_inv;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER projects_counters AFTER INSERT OR DELETE OR UPDATE OF status, goal, raised, investors, country, owner_id
  ON projects FOR EACH ROW EXECUTE FUNCTION projects_counters();

CREATE FUNCTION instalments_counters() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM user_figures_add(OLD.owner_id, 0, 0, 0, 0, CASE WHEN OLD.status IN ('paid', 'confirmed') THEN -OLD.amount ELSE 0 END, 0);
    PERFORM user_figures_add(OLD.investor_id, 0, 0, 0, 0, 0, CASE WHEN OLD.status = 'confirmed' THEN -OLD.amount ELSE 0 END);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM user_figures_add(NEW.owner_id, 0, 0, 0, 0, CASE WHEN NEW.status IN ('paid', 'confirmed') THEN NEW.amount ELSE 0 END, 0);
    PERFORM user_figures_add(NEW.investor_id, 0, 0, 0, 0, 0, CASE WHEN NEW.status = 'confirmed' THEN NEW.amount ELSE 0 END);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER instalments_counters AFTER INSERT OR DELETE OR UPDATE OF status, amount, owner_id, investor_id
  ON instalments FOR EACH ROW EXECUTE FUNCTION instalments_counters();

CREATE FUNCTION invitations_counters() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE platform_figures SET invitations = invitations + CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
  RETURN NULL;
END $$;
CREATE TRIGGER invitations_counters AFTER INSERT OR DELETE ON invitations FOR EACH ROW EXECUTE FUNCTION invitations_counters();

CREATE FUNCTION profiles_counters() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o_country text := CASE WHEN TG_OP <> 'INSERT' THEN lower(OLD.country) END;
  n_country text := CASE WHEN TG_OP <> 'DELETE' THEN lower(NEW.country) END;
BEGIN
  IF o_country IS DISTINCT FROM n_country THEN
    IF o_country IS NOT NULL THEN
      UPDATE country_figures SET profiles = profiles - 1 WHERE country = o_country;
    END IF;
    IF n_country IS NOT NULL THEN
      INSERT INTO country_figures AS c (country, profiles) VALUES (n_country, 1)
      ON CONFLICT (country) DO UPDATE SET profiles = c.profiles + 1;
    END IF;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER profiles_counters AFTER INSERT OR DELETE OR UPDATE OF country ON profiles FOR EACH ROW EXECUTE FUNCTION profiles_counters();

-- Every counter rebuilt from the records (projects' own figures first: users' received sums read them).
CREATE FUNCTION market_figures_refresh() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE projects p
     SET accepted_amount = s.accepted, waiting = s.pending, donated = s.confirmed, pledged_donations = s.pledged,
         raised = s.accepted + s.confirmed, backers = s.backers, investors = s.investors
    FROM (
      SELECT x.id,
             coalesce(a.accepted, 0) AS accepted, coalesce(a.pending, 0) AS pending, coalesce(a.investors, 0) AS investors,
             coalesce(d.confirmed, 0) AS confirmed, coalesce(d.pledged, 0) AS pledged, coalesce(b.n, 0) AS backers
        FROM projects x
        LEFT JOIN (
          SELECT project_id, sum(amount) FILTER (WHERE status = 'accepted') AS accepted,
                 sum(amount) FILTER (WHERE status = 'pending') AS pending,
                 count(DISTINCT investor_id) FILTER (WHERE status = 'accepted') AS investors
            FROM agreement_requests GROUP BY project_id
        ) a ON a.project_id = x.id
        LEFT JOIN (
          SELECT project_id, sum(amount) FILTER (WHERE status = 'confirmed') AS confirmed,
                 sum(amount) FILTER (WHERE status = 'pledged') AS pledged
            FROM donations GROUP BY project_id
        ) d ON d.project_id = x.id
        LEFT JOIN (
          SELECT project_id, count(DISTINCT who) AS n FROM (
            SELECT project_id, 'u:' || investor_id::text AS who FROM agreement_requests WHERE status = 'accepted'
            UNION ALL
            SELECT project_id, CASE WHEN anonymous OR donor_id IS NULL THEN 'd:' || id::text ELSE 'u:' || donor_id::text END
              FROM donations WHERE status = 'confirmed'
          ) w GROUP BY project_id
        ) b ON b.project_id = x.id
    ) s
   WHERE p.id = s.id
     AND (p.accepted_amount, p.waiting, p.donated, p.pledged_donations, p.raised, p.backers, p.investors)
         IS DISTINCT FROM (s.accepted, s.pending, s.confirmed, s.pledged, s.accepted + s.confirmed, s.backers, s.investors);

  DELETE FROM user_figures;
  INSERT INTO user_figures (user_id, invested, accepted_agreements, received, fundraising, returned, got)
  SELECT user_id, sum(invested), sum(accepted), sum(received), sum(fundraising), sum(returned), sum(got) FROM (
    SELECT investor_id AS user_id, sum(amount) AS invested, count(*) AS accepted, 0 AS received, 0 AS fundraising, 0 AS returned, 0 AS got
      FROM agreement_requests WHERE status = 'accepted' GROUP BY investor_id
    UNION ALL
    SELECT owner_id, 0, 0, sum(raised), coalesce(sum(goal) FILTER (WHERE status IN ('open', 'funded')), 0), 0, 0 FROM projects GROUP BY owner_id
    UNION ALL
    SELECT owner_id, 0, 0, 0, 0, sum(amount), 0 FROM instalments WHERE status IN ('paid', 'confirmed') GROUP BY owner_id
    UNION ALL
    SELECT investor_id, 0, 0, 0, 0, 0, sum(amount) FROM instalments WHERE status = 'confirmed' GROUP BY investor_id
  ) u GROUP BY user_id;

  DELETE FROM platform_figures;
  INSERT INTO platform_figures (invested, investors, invested_projects, open_projects, invitations)
  SELECT coalesce((SELECT sum(invested) FROM user_figures), 0),
         (SELECT count(*) FROM user_figures WHERE accepted_agreements > 0),
         (SELECT count(*) FROM projects WHERE investors > 0),
         (SELECT count(*) FROM projects WHERE status = 'open'),
         (SELECT count(*) FROM invitations);

  DELETE FROM country_figures;
  INSERT INTO country_figures (country, projects, profiles)
  SELECT country, sum(projects), sum(profiles) FROM (
    SELECT lower(country) AS country, count(*) AS projects, 0 AS profiles FROM projects
     WHERE status IN ('open', 'funded', 'closed') GROUP BY lower(country)
    UNION ALL
    SELECT lower(country), 0, count(*) FROM profiles GROUP BY lower(country)
  ) c GROUP BY country;
END $$;

SELECT market_figures_refresh();
