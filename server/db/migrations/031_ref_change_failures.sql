-- Ref changes whose events could not be built (issue 32). Each try of a
-- marked change counts in its marker, and the reconciler's next try waits
-- longer each time; past three tries the change is recorded here with the
-- last reason, the mirror is brought in step without events, and the marker
-- goes: a change that cannot be built no longer costs CPU for ever, nor
-- blocks the repository's later changes.
ALTER TABLE ref_change_markers
  ADD COLUMN attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN last_error text;

CREATE TABLE ref_change_failures (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  repository_id  bigint NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
  -- [{ref, before, after}]: the differences whose events were not sent (empty when git could not be read).
  changes        jsonb NOT NULL,
  reason         text NOT NULL,
  attempts       integer NOT NULL,
  failed_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ref_change_failures_repository_idx ON ref_change_failures (repository_id, failed_at);
