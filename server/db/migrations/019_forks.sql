-- Forks (issue 17). A fork is a repository row with its parent (the
-- repository it was forked from) and its source (the root of the fork
-- network: the parent's source, or the parent itself). Deleting the parent
-- leaves the fork standing, as on GitHub: the links become NULL, and `fork`
-- (GitHub's flag) stays true.
ALTER TABLE repositories
  ADD COLUMN fork        boolean NOT NULL DEFAULT false,
  ADD COLUMN parent_id   bigint REFERENCES repositories (id) ON DELETE SET NULL,
  ADD COLUMN source_id   bigint REFERENCES repositories (id) ON DELETE SET NULL,
  ADD COLUMN forks_count integer NOT NULL DEFAULT 0;

-- GET …/forks lists by parent, newest first by default.
CREATE INDEX repositories_parent_idx ON repositories (parent_id, created_at) WHERE parent_id IS NOT NULL;

-- forks_count is kept by the database, so every way a fork row comes or goes
-- (the fork operation, a repository deletion, an account deletion's cascade)
-- keeps it right; the parent's cached row is dropped with the same notice
-- the application's own changes send (server/db/cache-invalidation.ts).
CREATE FUNCTION repositories_forks_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.parent_id IS NOT NULL THEN
    UPDATE repositories SET forks_count = forks_count + 1 WHERE id = NEW.parent_id;
    PERFORM pg_notify('wharf_invalidate', 'repo:' || NEW.parent_id);
  ELSIF TG_OP = 'DELETE' AND OLD.parent_id IS NOT NULL THEN
    UPDATE repositories SET forks_count = forks_count - 1 WHERE id = OLD.parent_id;
    PERFORM pg_notify('wharf_invalidate', 'repo:' || OLD.parent_id);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER repositories_forks_count AFTER INSERT OR DELETE ON repositories
  FOR EACH ROW EXECUTE FUNCTION repositories_forks_count();
