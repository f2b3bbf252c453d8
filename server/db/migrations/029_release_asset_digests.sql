-- Release assets' `digest` (issue 19): GitHub's `sha256:<hex>` of the bytes,
-- computed while the upload streams to disk (release-assets/upload-spool.ts).
-- Assets uploaded before this migration have no digest (NULL, which the body
-- allows, as GitHub's own older assets have): their files are not re-read.
ALTER TABLE release_assets ADD COLUMN digest text CHECK (digest ~ '^sha256:[0-9a-f]{64}$');
