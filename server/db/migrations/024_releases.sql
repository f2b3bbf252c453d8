-- Releases and their assets (issue 19).
--
-- A release names a tag; the tag is created (through the ref path, so
-- `create` and `push` fire) when the release is published and the tag does
-- not exist yet. Tag names are unique among a repository's releases.
-- `latest_marked_at` is when `make_latest: true` last chose this release:
-- the latest release is the most recently marked published full release,
-- else (none marked, `legacy`) the newest published full release by creation.
CREATE TABLE releases (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  repository_id     bigint NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
  tag_name          text NOT NULL,
  target_commitish  text NOT NULL,
  name              text,
  body              text,
  draft             boolean NOT NULL DEFAULT false,
  prerelease        boolean NOT NULL DEFAULT false,
  author_id         bigint REFERENCES accounts (id) ON DELETE SET NULL,
  latest_marked_at  timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  published_at      timestamptz
);
CREATE UNIQUE INDEX releases_repository_tag_idx ON releases (repository_id, tag_name);
-- Lists, newest first.
CREATE INDEX releases_repository_created_idx ON releases (repository_id, created_at DESC, id DESC);

-- A release's uploaded files; the bytes live under WHARF_DATA_DIR, named by id.
CREATE TABLE release_assets (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  release_id      bigint NOT NULL REFERENCES releases (id) ON DELETE CASCADE,
  name            text NOT NULL,
  label           text,
  state           text NOT NULL DEFAULT 'uploaded' CHECK (state IN ('starter', 'uploaded')),
  content_type    text NOT NULL,
  size            bigint NOT NULL DEFAULT 0,
  download_count  bigint NOT NULL DEFAULT 0,
  uploader_id     bigint REFERENCES accounts (id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX release_assets_release_name_idx ON release_assets (release_id, name);
