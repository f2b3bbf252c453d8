-- OAuth apps and the device flow.

CREATE TABLE oauth_apps (
  id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_id              bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  name                  text NOT NULL,
  client_id             text NOT NULL UNIQUE,
  -- SHA-256 of the client secret; the secret itself is shown once.
  client_secret_digest  bytea NOT NULL,
  callback_url          text,
  device_flow_enabled   boolean NOT NULL DEFAULT false,
  created_at            timestamptz NOT NULL DEFAULT now()
);

-- A device authorization: the client polls with the device code (stored as a
-- digest), the user types the user code on /login/device.
CREATE TABLE oauth_device_codes (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  device_code_digest  bytea NOT NULL UNIQUE,
  user_code           text NOT NULL,
  app_id              bigint NOT NULL REFERENCES oauth_apps (id) ON DELETE CASCADE,
  scopes              text[] NOT NULL,
  interval_s          integer NOT NULL,
  expires_at          timestamptz NOT NULL,
  last_polled_at      timestamptz,
  state               text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'denied', 'used')),
  user_id             bigint REFERENCES accounts (id) ON DELETE CASCADE,
  created_at          timestamptz NOT NULL DEFAULT now()
);
-- User codes are unique among the codes still waiting for a user.
CREATE UNIQUE INDEX oauth_device_codes_user_code_key ON oauth_device_codes (user_code) WHERE state = 'pending';

-- OAuth tokens remember the app that obtained them.
ALTER TABLE tokens ADD COLUMN oauth_app_id bigint REFERENCES oauth_apps (id) ON DELETE CASCADE;
