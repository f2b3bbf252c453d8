-- A repository's size on disk in KiB (REST `size`, GraphQL `diskUsage`), as
-- `git count-objects -v` counts the bare repository's loose objects and packs.
-- Measured when its refs change (a push, the refs API, a merge, auto_init),
-- so reading a repository, or a list of them, never runs git. Repositories
-- created before this migration answer 0 until their next ref change.
ALTER TABLE repositories ADD COLUMN size_kib integer NOT NULL DEFAULT 0;
