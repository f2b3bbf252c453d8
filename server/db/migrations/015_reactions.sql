-- Reactions on issues and issue comments (issue #16).
--
-- One table for both subjects: a reaction names exactly one of an issue or a
-- comment, and ids are shared so node ids (RE_) name one reaction each.
-- A person reacts with a given content at most once per subject (GitHub's
-- second POST answers the existing reaction), hence the partial unique indexes.
CREATE TABLE reactions (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  issue_id    bigint REFERENCES issues (id) ON DELETE CASCADE,
  comment_id  bigint REFERENCES issue_comments (id) ON DELETE CASCADE,
  -- A deleted account's reactions stay, by nobody (GitHub's ghost), so the
  -- counts below stay true without a cascade that would have to update them.
  user_id     bigint REFERENCES accounts (id) ON DELETE SET NULL,
  content     text NOT NULL CHECK (content IN ('+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'rocket', 'eyes')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  CHECK ((issue_id IS NULL) <> (comment_id IS NULL))
);
CREATE UNIQUE INDEX reactions_issue_user_content_idx ON reactions (issue_id, user_id, content) WHERE issue_id IS NOT NULL;
CREATE UNIQUE INDEX reactions_comment_user_content_idx ON reactions (comment_id, user_id, content) WHERE comment_id IS NOT NULL;
CREATE INDEX reactions_issue_idx ON reactions (issue_id, id) WHERE issue_id IS NOT NULL;
CREATE INDEX reactions_comment_idx ON reactions (comment_id, id) WHERE comment_id IS NOT NULL;
CREATE INDEX reactions_user_idx ON reactions (user_id);

-- The rollup every issue and comment body shows ({"+1": 2, "heart": 1}),
-- kept in step with `reactions` in the transaction of each change, like
-- issues.comments: a page of issues or comments shows it without counting.
ALTER TABLE issues ADD COLUMN reaction_counts jsonb NOT NULL DEFAULT '{}';
ALTER TABLE issue_comments ADD COLUMN reaction_counts jsonb NOT NULL DEFAULT '{}';
