-- Branch protection (issue 37): one rule per repository and branch name
-- pattern, with GitHub's settings. The REST API names a branch, which is
-- the pattern of its rule; GraphQL's BranchProtectionRule may hold a glob
-- (fnmatch, `*` not crossing `/`). The groups GitHub turns on or off as a
-- whole (required status checks, pull request reviews, push restrictions)
-- are jsonb, null when off; users and apps in them are account ids, so a
-- renamed user stays in the rule. The ref-change path reads these rows
-- before a ref moves (branch-protection/ref-update-rules.ts).
CREATE TABLE branch_protections (
  id                                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  repository_id                     bigint NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
  pattern                           text NOT NULL,
  -- {strict, checks: [{context, app_id}]}; contexts are the checks' names.
  required_status_checks            jsonb,
  enforce_admins                    boolean NOT NULL DEFAULT false,
  -- {dismiss_stale_reviews, require_code_owner_reviews, required_approving_review_count,
  --  require_last_push_approval, dismissal_restrictions: {users, teams, apps} | null,
  --  bypass_pull_request_allowances: {users, teams, apps}}
  required_pull_request_reviews     jsonb,
  -- {users, teams, apps}: who may push; organization repositories only.
  restrictions                      jsonb,
  required_linear_history           boolean NOT NULL DEFAULT false,
  allow_force_pushes                boolean NOT NULL DEFAULT false,
  allow_deletions                   boolean NOT NULL DEFAULT false,
  block_creations                   boolean NOT NULL DEFAULT false,
  required_conversation_resolution  boolean NOT NULL DEFAULT false,
  lock_branch                       boolean NOT NULL DEFAULT false,
  allow_fork_syncing                boolean NOT NULL DEFAULT false,
  creator_id                        bigint REFERENCES accounts (id) ON DELETE SET NULL,
  created_at                        timestamptz NOT NULL DEFAULT now(),
  updated_at                        timestamptz NOT NULL DEFAULT now(),
  UNIQUE (repository_id, pattern)
);
