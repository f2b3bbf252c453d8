-- Reactions on pull request review comments (issue #18 leftovers): a third
-- subject of the `reactions` table (015), with the rollup on the review
-- comment's row as on issues and issue comments, so a review comment body
-- shows true counts without counting.
ALTER TABLE reactions ADD COLUMN review_comment_id bigint REFERENCES pull_request_review_comments (id) ON DELETE CASCADE;
-- 015's "exactly one of issue_id, comment_id" becomes exactly one of the three.
ALTER TABLE reactions DROP CONSTRAINT reactions_check;
ALTER TABLE reactions ADD CONSTRAINT reactions_one_subject CHECK (num_nonnulls(issue_id, comment_id, review_comment_id) = 1);
CREATE UNIQUE INDEX reactions_review_comment_user_content_idx ON reactions (review_comment_id, user_id, content) WHERE review_comment_id IS NOT NULL;
CREATE INDEX reactions_review_comment_idx ON reactions (review_comment_id, id) WHERE review_comment_id IS NOT NULL;

ALTER TABLE pull_request_review_comments ADD COLUMN reaction_counts jsonb NOT NULL DEFAULT '{}';

-- The issue-list generation trigger on `reactions` (018, 'auto') finds a
-- row's repository by its issue or comment; a review comment's reaction names
-- neither and would bump every repository's generation. Teach it the third
-- subject (the rest is 018's function unchanged).
CREATE OR REPLACE FUNCTION issue_list_repository_of(how text, rec jsonb) RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  IF how = 'global' THEN RETURN 0; END IF;
  IF how = 'self' THEN RETURN (rec->>'id')::bigint; END IF;
  IF rec->>'repository_id' IS NOT NULL THEN RETURN (rec->>'repository_id')::bigint; END IF;
  IF rec->>'issue_id' IS NOT NULL THEN
    RETURN (SELECT repository_id FROM issues WHERE id = (rec->>'issue_id')::bigint);
  END IF;
  IF rec->>'issue_comment_id' IS NOT NULL THEN
    RETURN (SELECT repository_id FROM issue_comments WHERE id = (rec->>'issue_comment_id')::bigint);
  END IF;
  IF rec->>'comment_id' IS NOT NULL THEN
    RETURN (SELECT repository_id FROM issue_comments WHERE id = (rec->>'comment_id')::bigint);
  END IF;
  IF rec->>'review_comment_id' IS NOT NULL THEN
    RETURN (SELECT repository_id FROM pull_request_review_comments WHERE id = (rec->>'review_comment_id')::bigint);
  END IF;
  RETURN 0;
END $$;
