-- Auto-merge (issue 37): the repository's `allow_auto_merge` setting and a
-- pull request's request to merge itself once its base branch's protection
-- is satisfied (server/pulls/auto-merge/).
--
-- What may let a waiting pull request merge is a change to one of these
-- tables: a review submitted or dismissed, a commit status, a check run, a
-- new head, a protection rule changed. Triggers mark the requests concerned
-- due in the transaction of that change, whichever path made it (REST,
-- GraphQL, git, an app), and wake the workers with a NOTIFY at its commit;
-- a worker leases due rows with SKIP LOCKED, so one process tries each, and
-- the merge's own compare-and-swap makes the merge happen once.
ALTER TABLE repositories ADD COLUMN allow_auto_merge boolean NOT NULL DEFAULT false;

CREATE TABLE pull_auto_merges (
  issue_id         bigint PRIMARY KEY REFERENCES pull_requests (issue_id) ON DELETE CASCADE,
  repository_id    bigint NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
  -- Who enabled it: the merge is made as them, with their access at that time.
  enabled_by_id    bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  -- Enabled with an installation token: the app merges, with the installation as it is then.
  installation_id  bigint REFERENCES installations (id) ON DELETE CASCADE,
  merge_method     text NOT NULL CHECK (merge_method IN ('merge', 'squash', 'rebase')),
  commit_title     text,
  commit_message   text,
  enabled_at       timestamptz NOT NULL DEFAULT now(),
  -- Set when something changed that may let it merge; cleared when a worker has tried.
  due_at           timestamptz DEFAULT now(),
  lease_until      timestamptz,
  -- The last refusal, for the logs and the worker's tests.
  last_refusal     text
);
CREATE INDEX pull_auto_merges_due ON pull_auto_merges (due_at) WHERE due_at IS NOT NULL;
CREATE INDEX pull_auto_merges_repository ON pull_auto_merges (repository_id);

CREATE FUNCTION auto_merge_wake() RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('wharf_auto_merge', '');
$$;

-- A review on the pull request, a new head (a push to the head branch) or
-- base: rows of both tables name the pull request by its issue_id.
CREATE FUNCTION auto_merge_due_on_pull() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE pull_auto_merges SET due_at = now() WHERE issue_id = NEW.issue_id;
  IF FOUND THEN PERFORM auto_merge_wake(); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER pull_request_reviews_auto_merge AFTER INSERT OR UPDATE OF state ON pull_request_reviews
  FOR EACH ROW EXECUTE FUNCTION auto_merge_due_on_pull();
CREATE TRIGGER pull_requests_auto_merge AFTER UPDATE OF head_sha, base_sha, base_ref ON pull_requests
  FOR EACH ROW EXECUTE FUNCTION auto_merge_due_on_pull();

-- A commit status or a check run on the head of a waiting pull request
-- (the trigger's argument names the row's commit column).
CREATE FUNCTION auto_merge_due_on_commit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE head text := to_jsonb(NEW) ->> TG_ARGV[0];
BEGIN
  UPDATE pull_auto_merges a SET due_at = now()
  FROM pull_requests p
  WHERE a.repository_id = NEW.repository_id AND p.issue_id = a.issue_id AND p.head_sha = head;
  IF FOUND THEN PERFORM auto_merge_wake(); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER commit_statuses_auto_merge AFTER INSERT ON commit_statuses
  FOR EACH ROW EXECUTE FUNCTION auto_merge_due_on_commit('sha');
CREATE TRIGGER check_runs_auto_merge AFTER INSERT OR UPDATE OF status, conclusion ON check_runs
  FOR EACH ROW EXECUTE FUNCTION auto_merge_due_on_commit('head_sha');

-- A protection rule of the repository created, changed or removed.
CREATE FUNCTION auto_merge_due_on_protection() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE repository bigint := CASE TG_OP WHEN 'DELETE' THEN OLD.repository_id ELSE NEW.repository_id END;
BEGIN
  UPDATE pull_auto_merges SET due_at = now() WHERE repository_id = repository;
  IF FOUND THEN PERFORM auto_merge_wake(); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER branch_protections_auto_merge AFTER INSERT OR UPDATE OR DELETE ON branch_protections
  FOR EACH ROW EXECUTE FUNCTION auto_merge_due_on_protection();

-- Pull request bodies show `auto_merge` and are kept per issue-list
-- generation (migration 018, pulls/pull-view-cache.ts): enabling, changing
-- and disabling bump it; the workers' bookkeeping (due_at, lease_until,
-- last_refusal) does not. Writers lock the pull request's rows first (the
-- lock order of server/pulls/pull-locks.ts).
CREATE FUNCTION auto_merge_bumps_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_issue_list_generation(CASE TG_OP WHEN 'DELETE' THEN OLD.repository_id ELSE NEW.repository_id END);
  RETURN NULL;
END $$;
CREATE TRIGGER pull_auto_merges_generation
  AFTER INSERT OR DELETE OR UPDATE OF enabled_by_id, installation_id, merge_method, commit_title, commit_message
  ON pull_auto_merges FOR EACH ROW EXECUTE FUNCTION auto_merge_bumps_generation();
