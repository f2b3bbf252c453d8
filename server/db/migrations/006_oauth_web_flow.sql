-- The OAuth web flow's authorization codes: single-use, valid 10 minutes,
-- stored as digests, bound to the app, the user, the redirect URI and, with
-- PKCE, the code challenge.
CREATE TABLE oauth_authorization_codes (
  code_digest            bytea PRIMARY KEY,
  app_id                 bigint NOT NULL REFERENCES oauth_apps (id) ON DELETE CASCADE,
  user_id                bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  redirect_uri           text NOT NULL,
  scopes                 text[] NOT NULL,
  code_challenge         text,
  expires_at             timestamptz NOT NULL,
  used_at                timestamptz,
  created_at             timestamptz NOT NULL DEFAULT now()
);
