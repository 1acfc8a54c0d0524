-- Request counts per route and client address for the rate limits, shared by every server process.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  window_started_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_window ON rate_limits (window_started_at);
