-- Organizations (issue 37): the profile and member settings `PATCH /orgs/{org}`
-- changes, public memberships, and organization invitations.
-- `default_repository_permission` is the base permission every member has on
-- each of the organization's repositories (access/granted-permissions.ts);
-- the profile columns are null until set. They live on accounts, as GitHub's
-- users have the same profile fields.
ALTER TABLE accounts
  ADD COLUMN description text,
  ADD COLUMN company text,
  ADD COLUMN location text,
  ADD COLUMN blog text,
  ADD COLUMN twitter_username text,
  ADD COLUMN billing_email text,
  ADD COLUMN default_repository_permission text NOT NULL DEFAULT 'read'
    CHECK (default_repository_permission IN ('none', 'read', 'write', 'admin')),
  ADD COLUMN members_can_create_repositories boolean NOT NULL DEFAULT true;

-- A membership is private until its member publicizes it, as on GitHub.
ALTER TABLE org_members ADD COLUMN public boolean NOT NULL DEFAULT false;

-- A pending membership: an invitation of a user (invitee_id) or of an email
-- address, with the role it grants on acceptance. Expired ones stay, as
-- GitHub's failed invitations, until the same user is invited again.
CREATE TABLE org_invitations (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  org_id      bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  invitee_id  bigint REFERENCES accounts (id) ON DELETE CASCADE,
  email       text,
  role        text NOT NULL CHECK (role IN ('admin', 'direct_member')),
  inviter_id  bigint REFERENCES accounts (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL DEFAULT now() + interval '7 days',
  CHECK (invitee_id IS NOT NULL OR email IS NOT NULL)
);
CREATE UNIQUE INDEX org_invitations_invitee_key ON org_invitations (org_id, invitee_id) WHERE invitee_id IS NOT NULL;
CREATE UNIQUE INDEX org_invitations_email_key ON org_invitations (org_id, lower(email)) WHERE invitee_id IS NULL;
CREATE INDEX org_invitations_invitee_idx ON org_invitations (invitee_id);
