-- Issues carry labels and a milestone (issue 16).
--
-- An issue has at most one milestone; deleting the milestone leaves its
-- issues without one. The milestone's open/closed counts are read from
-- issues by (milestone_id, state), which the index answers.
ALTER TABLE issues ADD COLUMN milestone_id bigint REFERENCES milestones (id) ON DELETE SET NULL;
CREATE INDEX issues_milestone_state_idx ON issues (milestone_id, state) WHERE milestone_id IS NOT NULL;

-- Labels on issues: a deleted issue or label takes its links with it.
CREATE TABLE issue_labels (
  issue_id    bigint NOT NULL REFERENCES issues (id) ON DELETE CASCADE,
  label_id    bigint NOT NULL REFERENCES labels (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (issue_id, label_id)
);
-- Filters by label and the labels of a milestone's issues start from the label.
CREATE INDEX issue_labels_label_idx ON issue_labels (label_id, issue_id);

-- A repository's open issues (GitHub's `open_issues_count`), kept in step
-- with issues.state in the transaction of each open, close and reopen (see
-- server/issues/open-issue-count.ts): repository bodies are served from a
-- cache, so the count must live on the row the cache holds.
ALTER TABLE repositories ADD COLUMN open_issues_count integer NOT NULL DEFAULT 0 CHECK (open_issues_count >= 0);
UPDATE repositories r SET open_issues_count = (SELECT count(*) FROM issues i WHERE i.repository_id = r.id AND i.state = 'open');
