-- Repositories whose `license` (migration 036) has not been detected yet:
-- those created before 036 answer null only because nothing has looked. The
-- license backfill (server/licenses/license-backfill.ts), started by every
-- server, detects each one at its default branch's head and clears the flag;
-- null licenses are re-checked too, which costs one `git ls-tree` each. New
-- repositories are detected on the ref-change path and never flagged.
ALTER TABLE repositories ADD COLUMN license_pending boolean NOT NULL DEFAULT false;
UPDATE repositories SET license_pending = true WHERE license IS NULL;
CREATE INDEX repositories_license_pending_idx ON repositories (id) WHERE license_pending;
