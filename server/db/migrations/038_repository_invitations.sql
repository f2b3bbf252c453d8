-- Invitations to collaborate on a repository (REST repos/add-collaborator and
-- the …/invitations operations): the invitee becomes a collaborator with
-- `permission` only when accepting, in the acceptance's transaction. GitHub
-- lets an invitation expire after 7 days: an expired one stays listed with
-- `expired: true` but can no longer be accepted. One open invitation per user
-- and repository (a new PUT updates it). Deleting the repository or either
-- account takes the invitation with it.
CREATE TABLE repository_invitations (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  repository_id  bigint NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
  invitee_id     bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  inviter_id     bigint REFERENCES accounts (id) ON DELETE SET NULL,
  permission     text NOT NULL CHECK (permission IN ('read', 'triage', 'write', 'maintain', 'admin')),
  created_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (repository_id, invitee_id)
);
CREATE INDEX repository_invitations_invitee_idx ON repository_invitations (invitee_id, id);
