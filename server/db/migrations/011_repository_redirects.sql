-- Old names of renamed repositories (issue 15). A request to
-- /repos/{old owner}/{old name}/… is redirected to /repositories/{id}/…, as on
-- GitHub, unless a repository now has that name (the new one wins; checked
-- when the redirect is looked up). Deleting the repository drops its old
-- names. The owner's login is kept as text: it is the name as it was written.
CREATE TABLE repository_redirects (
  owner_login    text NOT NULL,
  name           text NOT NULL,
  repository_id  bigint NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
  created_at     timestamptz NOT NULL DEFAULT now()
);
-- Names are matched regardless of case, as repository names are.
CREATE UNIQUE INDEX repository_redirects_name_key ON repository_redirects (lower(owner_login), lower(name));
CREATE INDEX repository_redirects_repository_idx ON repository_redirects (repository_id);

-- Server-wide secrets made on first use and shared by every process (the HMAC
-- key of signed archive download URLs). Never returned by any response.
CREATE TABLE server_secrets (
  name        text PRIMARY KEY,
  value       bytea NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
