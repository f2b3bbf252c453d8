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
