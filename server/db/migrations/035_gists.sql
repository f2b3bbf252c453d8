-- Gists (issue 36). A gist is a row here and a bare git repository on disk
-- (`<dataDir>/gists/<id>.git`, by database id, so nothing ever moves); its
-- files and history live only in git. `name` is the id REST and git URLs
-- show: 32 random lowercase hex digits, as GitHub's, never reused. Secret
-- gists (`public` false) are unlisted, not private: anyone with the name
-- reads them. A fork remembers its parent while the parent exists.
CREATE TABLE gists (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name         text NOT NULL CHECK (name ~ '^[0-9a-f]{32}$'),
  owner_id     bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  description  text,
  public       boolean NOT NULL,
  fork_of_id   bigint REFERENCES gists (id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX gists_name_idx ON gists (name);
-- A user's gists and the public timeline, most recently updated first.
CREATE INDEX gists_owner_updated_idx ON gists (owner_id, updated_at DESC, id DESC);
CREATE INDEX gists_public_updated_idx ON gists (updated_at DESC, id DESC) WHERE public;
CREATE INDEX gists_fork_of_idx ON gists (fork_of_id, id) WHERE fork_of_id IS NOT NULL;

-- Who starred which gist (`PUT /gists/{id}/star`).
CREATE TABLE gist_stars (
  gist_id     bigint NOT NULL REFERENCES gists (id) ON DELETE CASCADE,
  account_id  bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (gist_id, account_id)
);
CREATE INDEX gist_stars_account_idx ON gist_stars (account_id, created_at DESC, gist_id DESC);

-- A gist's comments, oldest first.
CREATE TABLE gist_comments (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  gist_id     bigint NOT NULL REFERENCES gists (id) ON DELETE CASCADE,
  author_id   bigint REFERENCES accounts (id) ON DELETE SET NULL,
  body        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gist_comments_gist_idx ON gist_comments (gist_id, id);
