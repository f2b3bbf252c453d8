-- Teams of an organization (issue 37). A team grants its members, and the
-- members of its child teams (GitHub: child teams inherit the parent's
-- repository access), a permission on each of its repositories; the access
-- policy reads those grants through the view `team_grants`.
CREATE TABLE teams (
  id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  org_id                bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  name                  text NOT NULL,
  slug                  text NOT NULL,
  description           text,
  privacy               text NOT NULL DEFAULT 'secret' CHECK (privacy IN ('secret', 'closed')),
  notification_setting  text NOT NULL DEFAULT 'notifications_enabled'
                        CHECK (notification_setting IN ('notifications_enabled', 'notifications_disabled')),
  parent_team_id        bigint REFERENCES teams (id) ON DELETE CASCADE,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now()
);
-- Slugs and names are unique in an organization regardless of case, as on GitHub.
CREATE UNIQUE INDEX teams_org_slug_key ON teams (org_id, lower(slug));
CREATE UNIQUE INDEX teams_org_name_key ON teams (org_id, lower(name));
CREATE INDEX teams_parent_idx ON teams (parent_team_id) WHERE parent_team_id IS NOT NULL;

CREATE TABLE team_members (
  team_id  bigint NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  user_id  bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  role     text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'maintainer')),
  PRIMARY KEY (team_id, user_id)
);
CREATE INDEX team_members_user_idx ON team_members (user_id);

-- GitHub's words for the levels (pull, push), as its team endpoints take them.
CREATE TABLE team_repositories (
  team_id        bigint NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  repository_id  bigint NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
  permission     text NOT NULL CHECK (permission IN ('pull', 'triage', 'push', 'maintain', 'admin')),
  PRIMARY KEY (team_id, repository_id)
);
CREATE INDEX team_repositories_repository_idx ON team_repositories (repository_id);

-- Each team and every team above it (itself included), kept by the teams
-- service whenever a parent changes, so the grants below are a plain join
-- the planner can narrow by repository or user (a recursive view could not).
CREATE TABLE team_ancestors (
  team_id      bigint NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  ancestor_id  bigint NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  PRIMARY KEY (team_id, ancestor_id)
);
CREATE INDEX team_ancestors_ancestor_idx ON team_ancestors (ancestor_id);

-- One row per (repository, user, granting team): the permission a team gives,
-- in the policy's levels (read … admin), as collaborators' rows carry it.
CREATE VIEW team_grants AS
  SELECT tr.repository_id, tm.user_id, tr.team_id,
    CASE tr.permission WHEN 'pull' THEN 'read' WHEN 'push' THEN 'write' ELSE tr.permission END AS permission
  FROM team_members tm
  JOIN team_ancestors ta ON ta.team_id = tm.team_id
  JOIN team_repositories tr ON tr.team_id = ta.ancestor_id;

-- Every grant of a user on a repository itself: direct collaborators and teams.
CREATE VIEW repository_grants AS
  SELECT repository_id, user_id, permission, true AS direct FROM collaborators
  UNION ALL
  SELECT repository_id, user_id, permission, false AS direct FROM team_grants;

-- Leaving an organization leaves its teams (GitHub removes a former member
-- from every team); the membership change already drops the organization's
-- cached permissions (`account:<org>`).
CREATE FUNCTION team_members_leave_org() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM team_members tm USING teams t
  WHERE t.id = tm.team_id AND t.org_id = OLD.org_id AND tm.user_id = OLD.user_id;
  RETURN NULL;
END $$;
CREATE TRIGGER team_members_leave_org AFTER DELETE ON org_members
  FOR EACH ROW EXECUTE FUNCTION team_members_leave_org();
