-- What a job's run did, as a key and its counts (src/server/jobs/words.ts), so staff read it in their own language
-- (issue 29 §3); `result` keeps the same in English. NULL: a run recorded before this (its English is shown).
ALTER TABLE job_runs ADD COLUMN result_words jsonb;
