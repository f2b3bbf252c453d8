-- Team review requests (issue 37): the teams of the repository's organization
-- asked to review a pull request, shown as its `requested_teams` in the order
-- they were asked. A request goes when it is removed or when a member of the
-- team submits a review (GitHub: the member reviews on the team's behalf).
-- `as_code_owner` marks the requests CODEOWNERS made when the pull request opened.
CREATE TABLE pull_request_team_review_requests (
  issue_id       bigint NOT NULL REFERENCES pull_requests (issue_id) ON DELETE CASCADE,
  team_id        bigint NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  as_code_owner  boolean NOT NULL DEFAULT false,
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (issue_id, team_id)
);
-- A deleted team's requests go with it (the cascade looks them up by team).
CREATE INDEX pull_request_team_review_requests_team_idx ON pull_request_team_review_requests (team_id);
