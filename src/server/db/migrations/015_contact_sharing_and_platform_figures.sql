-- Issue 28 §1 and §2.
--
-- 1. An investor may share the contact details of an offer with the project owner who sent them a Request For
--    Invest (invitations.contact_shared_at). Answering the invitation with an agreement request shares them too;
--    that is read from the agreement requests, not stored here.
-- 2. The home page's counter band shows real platform figures, kept like the others of migration 009 (by triggers,
--    in the transaction that moves the money): the taka donated (confirmed donations), the donors (each signed-in
--    donor once, each anonymous or guest donation once, as a project's backers count them), the projects that
--    reached their goal, and the projects with at least one backer. The taka raised is invested + donated.
--
-- Lock order (so two transactions never wait on each other in a circle): a project's row first, then counters of
-- people, then the platform row; an accepted agreement already goes project → investor → platform → owner. A
-- change to a confirmed donation therefore locks its project (FOR NO KEY UPDATE, as migration 019's refresh: it does
-- not wait for inserts whose foreign key check holds the project FOR KEY SHARE), moves the donor's and the platform's
-- counts, and only then refreshes the project's own figures (which move its owner's sums): its owner's sums are moved
-- after the platform row, as an accepted agreement's are.

ALTER TABLE invitations ADD COLUMN contact_shared_at timestamptz;

ALTER TABLE platform_figures
  ADD COLUMN donated numeric NOT NULL DEFAULT 0,
  ADD COLUMN donors integer NOT NULL DEFAULT 0,
  ADD COLUMN funded_projects integer NOT NULL DEFAULT 0,
  ADD COLUMN backed_projects integer NOT NULL DEFAULT 0;

-- Confirmed donations a signed-in donor made under their name: a donor counts once however many they made. Apart
-- from user_figures so that a donation never waits on the row an agreement of the same person holds.
CREATE TABLE donor_figures (
  user_id uuid PRIMARY KEY, -- no foreign key, as user_figures
  donations integer NOT NULL DEFAULT 0
);

CREATE OR REPLACE FUNCTION donations_counters() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND OLD.status = 'confirmed';
  is_now boolean := TG_OP <> 'DELETE' AND NEW.status = 'confirmed';
  -- Who a confirmed donation counts as: its signed-in donor, or (anonymous, a guest) only itself.
  o_donor uuid := CASE WHEN TG_OP <> 'INSERT' AND NOT OLD.anonymous THEN OLD.donor_id END;
  n_donor uuid := CASE WHEN TG_OP <> 'DELETE' AND NOT NEW.anonymous THEN NEW.donor_id END;
  same boolean;
  d_donated numeric := 0;
  d_donors integer := 0;
  n integer;
BEGIN
  -- Only a change that involves a confirmed donation moves the donors' and the platform's counts: it locks its
  -- project first (as project_figures_refresh does, FOR NO KEY UPDATE: migration 019), so that the platform row is
  -- taken after the project, as an accepted agreement takes it. A pledge goes straight to the refresh.
  IF was OR is_now THEN
    IF TG_OP <> 'INSERT' THEN
      PERFORM 1 FROM projects WHERE id = OLD.project_id FOR NO KEY UPDATE;
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM 1 FROM projects WHERE id = NEW.project_id FOR NO KEY UPDATE;
    END IF;
  END IF;
  same := was AND is_now AND o_donor IS NOT DISTINCT FROM n_donor;
  IF was THEN
    d_donated := d_donated - OLD.amount;
  END IF;
  IF is_now THEN
    d_donated := d_donated + NEW.amount;
  END IF;
  IF was AND NOT same THEN
    IF o_donor IS NULL THEN
      d_donors := d_donors - 1;
    ELSE
      UPDATE donor_figures SET donations = donations - 1 WHERE user_id = o_donor RETURNING donations INTO n;
      IF n = 0 THEN
        d_donors := d_donors - 1;
      END IF;
    END IF;
  END IF;
  IF is_now AND NOT same THEN
    IF n_donor IS NULL THEN
      d_donors := d_donors + 1;
    ELSE
      INSERT INTO donor_figures AS f (user_id, donations) VALUES (n_donor, 1)
      ON CONFLICT (user_id) DO UPDATE SET donations = f.donations + 1
      RETURNING donations INTO n;
      IF n = 1 THEN
        d_donors := d_donors + 1;
      END IF;
    END IF;
  END IF;
  IF d_donated <> 0 OR d_donors <> 0 THEN
    UPDATE platform_figures SET donated = donated + d_donated, donors = donors + d_donors;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM project_figures_refresh(OLD.project_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.project_id <> OLD.project_id) THEN
    PERFORM project_figures_refresh(NEW.project_id);
  END IF;
  RETURN NULL;
END $$;

-- Migration 009's function with the funded and backed projects counted beside the open and invested ones.
CREATE OR REPLACE FUNCTION projects_counters() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o_fund numeric := 0; n_fund numeric := 0; o_raised numeric := 0; n_raised numeric := 0;
  o_open integer := 0; n_open integer := 0; o_inv integer := 0; n_inv integer := 0;
  o_funded integer := 0; n_funded integer := 0; o_backed integer := 0; n_backed integer := 0;
  o_country text; n_country text;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    o_fund := CASE WHEN OLD.status IN ('open', 'funded') THEN OLD.goal ELSE 0 END;
    o_raised := OLD.raised;
    o_open := CASE WHEN OLD.status = 'open' THEN 1 ELSE 0 END;
    o_inv := CASE WHEN OLD.investors > 0 THEN 1 ELSE 0 END;
    o_funded := CASE WHEN OLD.funded_at IS NOT NULL THEN 1 ELSE 0 END;
    o_backed := CASE WHEN OLD.backers > 0 THEN 1 ELSE 0 END;
    o_country := CASE WHEN OLD.status IN ('open', 'funded', 'closed') THEN lower(OLD.country) END;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    n_fund := CASE WHEN NEW.status IN ('open', 'funded') THEN NEW.goal ELSE 0 END;
    n_raised := NEW.raised;
    n_open := CASE WHEN NEW.status = 'open' THEN 1 ELSE 0 END;
    n_inv := CASE WHEN NEW.investors > 0 THEN 1 ELSE 0 END;
    n_funded := CASE WHEN NEW.funded_at IS NOT NULL THEN 1 ELSE 0 END;
    n_backed := CASE WHEN NEW.backers > 0 THEN 1 ELSE 0 END;
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
  IF n_open <> o_open OR n_inv <> o_inv OR n_funded <> o_funded OR n_backed <> o_backed THEN
    UPDATE platform_figures
       SET open_projects = open_projects + n_open - o_open, invested_projects = invested_projects + n_inv - o_inv,
           funded_projects = funded_projects + n_funded - o_funded, backed_projects = backed_projects + n_backed - o_backed;
  END IF;
  RETURN NULL;
END $$;
DROP TRIGGER projects_counters ON projects;
CREATE TRIGGER projects_counters AFTER INSERT OR DELETE OR UPDATE OF status, goal, raised, investors, backers, funded_at, country, owner_id
  ON projects FOR EACH ROW EXECUTE FUNCTION projects_counters();

-- Migration 009's rebuild with the new counters.
CREATE OR REPLACE FUNCTION market_figures_refresh() RETURNS void LANGUAGE plpgsql AS $$
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

  DELETE FROM donor_figures;
  INSERT INTO donor_figures (user_id, donations)
  SELECT donor_id, count(*) FROM donations WHERE status = 'confirmed' AND NOT anonymous AND donor_id IS NOT NULL GROUP BY donor_id;

  DELETE FROM platform_figures;
  INSERT INTO platform_figures (invested, investors, invested_projects, open_projects, invitations, donated, donors, funded_projects, backed_projects)
  SELECT coalesce((SELECT sum(invested) FROM user_figures), 0),
         (SELECT count(*) FROM user_figures WHERE accepted_agreements > 0),
         (SELECT count(*) FROM projects WHERE investors > 0),
         (SELECT count(*) FROM projects WHERE status = 'open'),
         (SELECT count(*) FROM invitations),
         coalesce((SELECT sum(amount) FROM donations WHERE status = 'confirmed'), 0),
         (SELECT count(*) FROM donor_figures) + (SELECT count(*) FROM donations WHERE status = 'confirmed' AND (anonymous OR donor_id IS NULL)),
         (SELECT count(*) FROM projects WHERE funded_at IS NOT NULL),
         (SELECT count(*) FROM projects WHERE backers > 0);

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
