-- Organization invitations (issue 37, second round): the teams an invitation
-- adds its invitee to when they accept (`team_ids` of
-- `POST /orgs/{org}/invitations`). An invitation and a pending membership are
-- one row of org_invitations (migration 039); its teams go with it.
CREATE TABLE org_invitation_teams (
  invitation_id  bigint NOT NULL REFERENCES org_invitations (id) ON DELETE CASCADE,
  team_id        bigint NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  PRIMARY KEY (invitation_id, team_id)
);
CREATE INDEX org_invitation_teams_team_idx ON org_invitation_teams (team_id);
