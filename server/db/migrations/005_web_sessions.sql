-- Passwords (for the web pages: login, OAuth consent, device-code entry) and
-- web sessions.

-- scrypt, as `scrypt$N$r$p$<salt b64>$<hash b64>`; null: no web login.
ALTER TABLE accounts ADD COLUMN password_hash text;

-- A signed-in browser: the cookie holds a random id, the table its SHA-256.
CREATE TABLE web_sessions (
  id_digest   bytea PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  csrf_token  text NOT NULL,
  expires_at  timestamptz NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX web_sessions_user_idx ON web_sessions (user_id);
