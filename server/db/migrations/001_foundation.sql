-- Accounts: users and organizations share one id space, as on GitHub.
CREATE TABLE accounts (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  login       text NOT NULL,
  kind        text NOT NULL CHECK (kind IN ('User', 'Organization')),
  name        text,
  email       text,
  site_admin  boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
-- Logins are unique regardless of case, as on GitHub.
CREATE UNIQUE INDEX accounts_login_key ON accounts (lower(login));

CREATE TABLE org_members (
  org_id   bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  user_id  bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  role     text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'admin')),
  PRIMARY KEY (org_id, user_id)
);
CREATE INDEX org_members_user_idx ON org_members (user_id);

CREATE TABLE repositories (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_id        bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  name            text NOT NULL,
  description     text,
  homepage        text,
  private         boolean NOT NULL DEFAULT false,
  default_branch  text NOT NULL DEFAULT 'main',
  has_issues      boolean NOT NULL DEFAULT true,
  has_projects    boolean NOT NULL DEFAULT true,
  has_wiki        boolean NOT NULL DEFAULT true,
  archived        boolean NOT NULL DEFAULT false,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  pushed_at       timestamptz
);
CREATE UNIQUE INDEX repositories_owner_name_key ON repositories (owner_id, lower(name));

CREATE TABLE collaborators (
  repository_id  bigint NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
  user_id        bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  permission     text NOT NULL CHECK (permission IN ('read', 'write', 'admin')),
  PRIMARY KEY (repository_id, user_id)
);
CREATE INDEX collaborators_user_idx ON collaborators (user_id);

-- Only the SHA-256 digest of a token is stored; the plaintext is shown once.
CREATE TABLE tokens (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  kind          text NOT NULL CHECK (kind IN ('personal', 'oauth', 'installation')),
  digest        bytea NOT NULL UNIQUE,
  scopes        text[] NOT NULL DEFAULT '{}',
  note          text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz
);
CREATE INDEX tokens_user_idx ON tokens (user_id);

-- Fixed rate-limit windows shared by every server process; see rate-limiter.ts.
CREATE TABLE rate_limit_windows (
  bucket        text NOT NULL,
  resource      text NOT NULL,
  window_start  bigint NOT NULL,
  used          integer NOT NULL,
  PRIMARY KEY (bucket, resource, window_start)
);
