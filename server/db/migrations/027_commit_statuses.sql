-- Commit statuses (issue 19): what CI systems report on a commit, one row per
-- report. GitHub never deletes or edits a status: a new one for the same
-- context supersedes the old one in the combined view, and the list keeps
-- them all. Deleting the repository deletes them (their SC_ node ids then
-- resolve to nothing).
CREATE TABLE commit_statuses (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  repository_id  bigint NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
  sha            text NOT NULL,
  state          text NOT NULL CHECK (state IN ('error', 'failure', 'pending', 'success')),
  context        text NOT NULL,
  description    text,
  target_url     text,
  creator_id     bigint REFERENCES accounts (id) ON DELETE SET NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
-- GET …/commits/{ref}/statuses: a commit's statuses, newest first.
CREATE INDEX commit_statuses_commit_idx ON commit_statuses (repository_id, sha, id DESC);

-- One row per commit and context (contexts are case-insensitive on GitHub:
-- `context_key` is lower(context)): the latest status, for the combined view,
-- and how many were created, for GitHub's limit of 1000. The upsert that
-- counts also serialises concurrent writers of one context, so the limit
-- holds under concurrency without another lock.
CREATE TABLE commit_status_contexts (
  repository_id  bigint NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
  sha            text NOT NULL,
  context_key    text NOT NULL,
  latest_id      bigint NOT NULL REFERENCES commit_statuses (id) ON DELETE CASCADE,
  status_count   integer NOT NULL,
  PRIMARY KEY (repository_id, sha, context_key)
);
