-- Pull requests (issue #17): a pull request IS an issue (number, title, body,
-- state, labels, assignees, milestone, comments, reactions live on its
-- `issues` row); this row adds what only a pull request has. The head is a
-- repository and branch (the same repository until forks land); the base is
-- a branch of the issue's repository. The shas are what the refs pointed at
-- when the pull request was last synchronised: the head sha is also written
-- to refs/pull/{number}/head of the base repository.
CREATE TABLE pull_requests (
  issue_id               bigint PRIMARY KEY REFERENCES issues (id) ON DELETE CASCADE,
  repository_id          bigint NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
  -- A deleted head repository leaves the pull request with an unknown head (GitHub's "unknown repository").
  head_repository_id     bigint REFERENCES repositories (id) ON DELETE SET NULL,
  head_ref               text NOT NULL,
  head_sha               text NOT NULL,
  base_ref               text NOT NULL,
  base_sha               text NOT NULL,
  draft                  boolean NOT NULL DEFAULT false,
  maintainer_can_modify  boolean NOT NULL DEFAULT false,
  merged_at              timestamptz,
  merged_by_id           bigint REFERENCES accounts (id) ON DELETE SET NULL,
  merge_commit_sha       text,
  -- NULL until the mergeability job (a later slice) has computed it.
  mergeable              boolean,
  mergeable_state        text NOT NULL DEFAULT 'unknown'
    CHECK (mergeable_state IN ('unknown', 'clean', 'dirty', 'blocked', 'behind', 'unstable', 'has_hooks', 'draft')),
  commits                integer NOT NULL DEFAULT 0,
  additions              integer NOT NULL DEFAULT 0,
  deletions              integer NOT NULL DEFAULT 0,
  changed_files          integer NOT NULL DEFAULT 0
);
-- "A pull request already exists" and pushes that move a head branch look pull requests up by head.
CREATE INDEX pull_requests_head_idx ON pull_requests (head_repository_id, head_ref);
CREATE INDEX pull_requests_base_idx ON pull_requests (repository_id, base_ref);

-- Issue lists show a pull request's `pull_request` key (merged_at) and
-- filter pull requests in or out: their pages' cache must see these rows.
CREATE TRIGGER issue_list_generation AFTER INSERT OR UPDATE OR DELETE ON pull_requests
  FOR EACH ROW EXECUTE FUNCTION issue_list_changed('repository');
