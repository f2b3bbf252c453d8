-- When a repository was archived (GraphQL `Repository.archivedAt`): set when
-- `archived` turns true, cleared when it turns false. Repositories archived
-- before this migration get their last update's time, the latest moment
-- they can have been archived at (nothing older is recorded).
ALTER TABLE repositories ADD COLUMN archived_at timestamptz;
UPDATE repositories SET archived_at = updated_at WHERE archived;
