-- GET /user/repos reads each owner's repositories in the requested order
-- (repository-list.ts): by lowered name (repositories_owner_name_key) or by
-- one of these, so a page costs what it returns, not a sort of everything.
CREATE INDEX repositories_owner_created_idx ON repositories (owner_id, created_at, id);
CREATE INDEX repositories_owner_updated_idx ON repositories (owner_id, updated_at, id);
-- `pushed` is listed newest first by default, never-pushed last.
CREATE INDEX repositories_owner_pushed_idx ON repositories (owner_id, pushed_at DESC NULLS LAST, id DESC);
