-- Review requests (issue #17): the users asked to review a pull request,
-- shown as its `requested_reviewers` in the order they were asked. Users
-- only for now; teams come with teams. A request goes when it is removed
-- (and, with reviews, when the reviewer submits one).
CREATE TABLE pull_request_review_requests (
  issue_id     bigint NOT NULL REFERENCES pull_requests (issue_id) ON DELETE CASCADE,
  reviewer_id  bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (issue_id, reviewer_id)
);
-- A deleted account's requests go with it (the cascade looks them up by reviewer).
CREATE INDEX pull_request_review_requests_reviewer_idx ON pull_request_review_requests (reviewer_id);
