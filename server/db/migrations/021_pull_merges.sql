-- Merging pull requests (issue 17).
--
-- A repository's merge settings, as GitHub's repository body shows them and
-- PATCH /repos/{owner}/{repo} changes them.
ALTER TABLE repositories
  ADD COLUMN allow_merge_commit     boolean NOT NULL DEFAULT true,
  ADD COLUMN allow_squash_merge     boolean NOT NULL DEFAULT true,
  ADD COLUMN allow_rebase_merge     boolean NOT NULL DEFAULT true,
  ADD COLUMN delete_branch_on_merge boolean NOT NULL DEFAULT false;

-- A merge through the API writes its commit's sha and its merger here (in a
-- committed transaction) before it moves the base branch: the ref sync that
-- sees the base branch at that commit marks the pull request merged, in the
-- transaction of the push's own events, whether that sync is the merge's
-- own or the reconciler's after a failure (server/pulls/merge/merged-by-push.ts).
-- pending_merge_at: one merge of a pull request at a time; a pending merge
-- left by a process that died is taken over after a minute.
ALTER TABLE pull_requests
  ADD COLUMN pending_merge_sha   text,
  ADD COLUMN pending_merge_by_id bigint REFERENCES accounts (id) ON DELETE SET NULL,
  ADD COLUMN pending_merge_at    timestamptz;

-- The mergeability queue: one row per pull request whose `mergeable` is
-- stale, written in the transaction of the change that made it stale (a push
-- to its head or base, opening, reopening, a new base). `generation` moves
-- on every queueing, so a result computed from refs that have moved since is
-- not written; `lease_until` keeps two workers off one row for a while.
CREATE TABLE pull_mergeability_jobs (
  issue_id    bigint PRIMARY KEY REFERENCES pull_requests (issue_id) ON DELETE CASCADE,
  generation  bigint NOT NULL DEFAULT 1,
  queued_at   timestamptz NOT NULL DEFAULT now(),
  lease_until timestamptz
);
CREATE INDEX pull_mergeability_jobs_queued_idx ON pull_mergeability_jobs (queued_at);
