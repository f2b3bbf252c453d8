-- Installable apps (GitHub Apps): an app authenticates with JWTs signed by one
-- of its RSA keys (only public keys are stored), is installed on a user or an
-- organization, and acts through short-lived installation tokens as its bot
-- account (`<slug>[bot]`, type Bot, as on GitHub).
ALTER TABLE accounts DROP CONSTRAINT accounts_kind_check;
ALTER TABLE accounts ADD CONSTRAINT accounts_kind_check CHECK (kind IN ('User', 'Organization', 'Bot'));

CREATE TABLE apps (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug         text NOT NULL,
  name         text NOT NULL,
  description  text,
  owner_id     bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  bot_id       bigint NOT NULL REFERENCES accounts (id),
  -- `Iv23…`: a JWT's `iss` may be the app id or this.
  client_id    text NOT NULL UNIQUE,
  -- The most an installation may be granted: permission name → read | write | admin.
  permissions  jsonb NOT NULL DEFAULT '{}',
  events       text[] NOT NULL DEFAULT '{}',
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX apps_slug_key ON apps (lower(slug));

CREATE TABLE app_keys (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  app_id          bigint NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
  public_key_pem  text NOT NULL,
  -- `SHA256:<base64>` of the DER public key, as GitHub shows key fingerprints.
  fingerprint     text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (app_id, fingerprint)
);

CREATE TABLE installations (
  id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  app_id                bigint NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
  account_id            bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  permissions           jsonb NOT NULL,
  repository_selection  text NOT NULL CHECK (repository_selection IN ('all', 'selected')),
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  UNIQUE (app_id, account_id)
);

-- The repositories of a `selected` installation.
CREATE TABLE installation_repositories (
  installation_id  bigint NOT NULL REFERENCES installations (id) ON DELETE CASCADE,
  repository_id    bigint NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
  PRIMARY KEY (installation_id, repository_id)
);
CREATE INDEX installation_repositories_repository_idx ON installation_repositories (repository_id);

-- An installation token is a `tokens` row of kind `installation` for the bot
-- account, narrowed at issue time: its permissions, and (NULL = every
-- repository the installation reaches) its repositories. Uninstalling deletes
-- the tokens with the installation.
ALTER TABLE tokens
  ADD COLUMN installation_id  bigint REFERENCES installations (id) ON DELETE CASCADE,
  ADD COLUMN permissions      jsonb,
  ADD COLUMN repository_ids   bigint[];
ALTER TABLE tokens ADD CONSTRAINT tokens_installation_shape
  CHECK ((kind = 'installation') = (installation_id IS NOT NULL AND permissions IS NOT NULL));
CREATE INDEX tokens_installation_idx ON tokens (installation_id) WHERE installation_id IS NOT NULL;
