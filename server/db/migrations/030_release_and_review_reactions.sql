-- Reactions on releases (GitHub's reactions/*-for-release, and Release as a
-- Reactable in GraphQL) and on pull request reviews (PullRequestReview is a
-- Reactable in GraphQL; REST has no endpoint for them): the fourth and fifth
-- subjects of the `reactions` table (015, 028), with the rollup on the
-- subject's row as on issues and comments.
ALTER TABLE reactions ADD COLUMN release_id bigint REFERENCES releases (id) ON DELETE CASCADE;
ALTER TABLE reactions ADD COLUMN review_id bigint REFERENCES pull_request_reviews (id) ON DELETE CASCADE;
ALTER TABLE reactions DROP CONSTRAINT reactions_one_subject;
ALTER TABLE reactions ADD CONSTRAINT reactions_one_subject CHECK (num_nonnulls(issue_id, comment_id, review_comment_id, release_id, review_id) = 1);
CREATE UNIQUE INDEX reactions_release_user_content_idx ON reactions (release_id, user_id, content) WHERE release_id IS NOT NULL;
CREATE INDEX reactions_release_idx ON reactions (release_id, id) WHERE release_id IS NOT NULL;
CREATE UNIQUE INDEX reactions_review_user_content_idx ON reactions (review_id, user_id, content) WHERE review_id IS NOT NULL;
CREATE INDEX reactions_review_idx ON reactions (review_id, id) WHERE review_id IS NOT NULL;

ALTER TABLE releases ADD COLUMN reaction_counts jsonb NOT NULL DEFAULT '{}';
ALTER TABLE pull_request_reviews ADD COLUMN reaction_counts jsonb NOT NULL DEFAULT '{}';

-- The issue-list generation trigger on `reactions` (018) finds a row's
-- repository by its subject, and a row naming no subject it knows bumps every
-- repository's generation (0). A release's or a review's reaction shows on no
-- issue list, pull request body or cached GraphQL answer (the generations'
-- users), so its row bumps none (NULL). (A review's rollup lives on the
-- review's row, whose own trigger, 023's, bumps its repository.)
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
  IF rec->>'release_id' IS NOT NULL OR rec->>'review_id' IS NOT NULL THEN RETURN NULL; END IF;
  RETURN 0;
END $$;
