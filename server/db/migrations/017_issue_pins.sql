-- Issues pinned to their repository's issue list (GraphQL pinIssue/unpinIssue,
-- issue 16). GitHub pins at most three issues per repository; the count is
-- checked in the transaction that pins, under a lock on the repository's row.
CREATE TABLE issue_pins (
  issue_id       bigint PRIMARY KEY REFERENCES issues (id) ON DELETE CASCADE,
  repository_id  bigint NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
  pinned_by_id   bigint REFERENCES accounts (id) ON DELETE SET NULL,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX issue_pins_repository_idx ON issue_pins (repository_id, created_at);
