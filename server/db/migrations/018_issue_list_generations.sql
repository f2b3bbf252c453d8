-- A generation per repository for the cache of issue-list pages (issue #16;
-- server/issues/issue-list-cache.ts). Every change to a row an issue body or
-- an issue-list filter reads bumps the generation of the repository it
-- belongs to, in the transaction of the change; a change that may show in
-- every repository's issues (an account's login, kind or site_admin, an
-- organization's members) bumps the global generation, kept under
-- repository_id 0. A cached page is served only while both generations it
-- was built under are still current, so it is never stale.
--
-- Generations are values of one sequence: unique for all time, so a pair
-- (repository's, global) never comes back once it changed. No foreign key to
-- repositories: the triggers of rows deleted by a repository's cascade would
-- otherwise insert a row naming the repository being deleted.
CREATE SEQUENCE issue_list_generation_seq;

CREATE TABLE issue_list_generations (
  repository_id  bigint PRIMARY KEY,
  generation     bigint NOT NULL
);

CREATE FUNCTION bump_issue_list_generation(repo bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO issue_list_generations (repository_id, generation) VALUES (repo, nextval('issue_list_generation_seq'))
  ON CONFLICT (repository_id) DO UPDATE SET generation = EXCLUDED.generation
$$;

-- The repository a changed row belongs to: 0 (all) for `global`, the row's
-- id for `self` (repositories), else its repository_id, else the repository
-- of its issue or issue comment. NULL when that issue or comment is gone (its
-- own deletion bumped already). A row of a shape not known here (tables other
-- migrations add) bumps everything rather than risk a stale page.
CREATE FUNCTION issue_list_repository_of(how text, rec jsonb) RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  IF how = 'global' THEN RETURN 0; END IF;
  IF how = 'self' THEN RETURN (rec->>'id')::bigint; END IF;
  IF rec->>'repository_id' IS NOT NULL THEN RETURN (rec->>'repository_id')::bigint; END IF;
  IF rec->>'issue_id' IS NOT NULL THEN
    RETURN (SELECT repository_id FROM issues WHERE id = (rec->>'issue_id')::bigint);
  END IF;
  IF rec->>'issue_comment_id' IS NOT NULL THEN
    RETURN (SELECT repository_id FROM issue_comments WHERE id = (rec->>'issue_comment_id')::bigint);
  END IF;
  IF rec->>'comment_id' IS NOT NULL THEN
    RETURN (SELECT repository_id FROM issue_comments WHERE id = (rec->>'comment_id')::bigint);
  END IF;
  RETURN 0;
END $$;

-- AFTER ROW trigger; TG_ARGV[0] says how to find the repository (above).
-- An UPDATE that moves a row to another repository bumps both.
CREATE FUNCTION issue_list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_repo bigint;
  new_repo bigint;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_repo := issue_list_repository_of(TG_ARGV[0], to_jsonb(OLD)); END IF;
  IF TG_OP <> 'DELETE' THEN new_repo := issue_list_repository_of(TG_ARGV[0], to_jsonb(NEW)); END IF;
  IF old_repo IS NOT NULL THEN PERFORM bump_issue_list_generation(old_repo); END IF;
  IF new_repo IS NOT NULL AND new_repo IS DISTINCT FROM old_repo THEN PERFORM bump_issue_list_generation(new_repo); END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER issue_list_generation AFTER INSERT OR UPDATE OR DELETE ON issues
  FOR EACH ROW EXECUTE FUNCTION issue_list_changed('repository');
CREATE TRIGGER issue_list_generation AFTER INSERT OR UPDATE OR DELETE ON issue_assignees
  FOR EACH ROW EXECUTE FUNCTION issue_list_changed('issue');
-- Comments: the `mentioned` filter reads their bodies.
CREATE TRIGGER issue_list_generation AFTER INSERT OR UPDATE OR DELETE ON issue_comments
  FOR EACH ROW EXECUTE FUNCTION issue_list_changed('repository');
CREATE TRIGGER issue_list_generation AFTER INSERT OR UPDATE OR DELETE ON labels
  FOR EACH ROW EXECUTE FUNCTION issue_list_changed('repository');
CREATE TRIGGER issue_list_generation AFTER INSERT OR UPDATE OR DELETE ON milestones
  FOR EACH ROW EXECUTE FUNCTION issue_list_changed('repository');
-- author_association: COLLABORATOR.
CREATE TRIGGER issue_list_generation AFTER INSERT OR UPDATE OR DELETE ON collaborators
  FOR EACH ROW EXECUTE FUNCTION issue_list_changed('repository');
-- author_association: MEMBER of the owning organization.
CREATE TRIGGER issue_list_generation AFTER INSERT OR UPDATE OR DELETE ON org_members
  FOR EACH ROW EXECUTE FUNCTION issue_list_changed('global');
-- URLs name the owner and the repository; OWNER is the repository's owner.
CREATE TRIGGER issue_list_generation AFTER UPDATE OF name, owner_id ON repositories
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.owner_id IS DISTINCT FROM NEW.owner_id)
  EXECUTE FUNCTION issue_list_changed('self');
-- Authors, assignees, closers and owners are shown by login, kind and
-- site_admin, and filtered by login. (Deleting an account sets its issues'
-- user_id to NULL, which the issues trigger sees.)
CREATE TRIGGER issue_list_generation AFTER UPDATE OF login, kind, site_admin ON accounts
  FOR EACH ROW WHEN (OLD.login IS DISTINCT FROM NEW.login OR OLD.kind IS DISTINCT FROM NEW.kind OR OLD.site_admin IS DISTINCT FROM NEW.site_admin)
  EXECUTE FUNCTION issue_list_changed('global');
CREATE TRIGGER issue_list_generation_delete AFTER DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION issue_list_changed('global');

-- Tables other migrations add (014 issue_labels, 015 reactions): attached
-- when they exist, so this migration runs on a branch without them as well.
-- Their rows are found by repository_id, issue_id or comment id, or bump
-- every repository when none of those is set.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['issue_labels', 'reactions'] LOOP
    IF to_regclass(t) IS NOT NULL THEN
      EXECUTE format('CREATE TRIGGER issue_list_generation AFTER INSERT OR UPDATE OR DELETE ON %I
        FOR EACH ROW EXECUTE FUNCTION issue_list_changed(%L)', t, 'auto');
    END IF;
  END LOOP;
END $$;
