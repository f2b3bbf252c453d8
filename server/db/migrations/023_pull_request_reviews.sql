-- Reviews (issue #18): a review is one person's verdict on a pull request at
-- a commit, with the line comments it carries. Comments hang off threads:
-- the first comment on a line makes the thread, replies join it. Where a
-- thread sits in the diff is the thread's, not each comment's (GitHub shows
-- every comment of a thread at the same place), and it moves as the head
-- moves: a push re-maps `line`/`start_line`/`position` onto the new head and
-- sets `outdated` (line NULL) when the commented lines themselves changed.
CREATE TABLE pull_request_reviews (
  id                   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  issue_id             bigint NOT NULL REFERENCES pull_requests (issue_id) ON DELETE CASCADE,
  repository_id        bigint NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
  -- A deleted account's reviews stay, by nobody (GitHub's ghost).
  user_id              bigint REFERENCES accounts (id) ON DELETE SET NULL,
  state                text NOT NULL
    CHECK (state IN ('PENDING', 'COMMENTED', 'APPROVED', 'CHANGES_REQUESTED', 'DISMISSED')),
  body                 text NOT NULL DEFAULT '',
  -- The head the review was written against.
  commit_id            text NOT NULL,
  submitted_at         timestamptz,
  dismissed_by_id      bigint REFERENCES accounts (id) ON DELETE SET NULL,
  dismissal_message    text,
  -- The state before a dismissal (a dismissed approval still counts as a review of that kind in GitHub's timeline).
  dismissed_state      text,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now(),
  CHECK ((state = 'PENDING') = (submitted_at IS NULL))
);
CREATE INDEX pull_request_reviews_issue_idx ON pull_request_reviews (issue_id, id);
-- GitHub allows one pending review per person per pull request.
CREATE UNIQUE INDEX pull_request_reviews_one_pending_idx ON pull_request_reviews (issue_id, user_id) WHERE state = 'PENDING';

CREATE TABLE pull_request_review_threads (
  id                   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  issue_id             bigint NOT NULL REFERENCES pull_requests (issue_id) ON DELETE CASCADE,
  repository_id        bigint NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
  path                 text NOT NULL,
  subject_type         text NOT NULL DEFAULT 'line' CHECK (subject_type IN ('line', 'file')),
  -- LEFT: a line of the base side of the diff; RIGHT: of the head side. NULL for a file comment.
  side                 text CHECK (side IN ('LEFT', 'RIGHT')),
  start_side           text CHECK (start_side IN ('LEFT', 'RIGHT')),
  -- Where the first comment was written: never changes.
  original_commit_id   text NOT NULL,
  original_line        integer,
  original_start_line  integer,
  original_position    integer,
  -- Where it is on the head it was last mapped to (commit_id); NULL lines once outdated.
  commit_id            text NOT NULL,
  line                 integer,
  start_line           integer,
  position             integer,
  outdated             boolean NOT NULL DEFAULT false,
  -- The diff hunk shown with every comment of the thread (as written).
  diff_hunk            text NOT NULL DEFAULT '',
  resolved_by_id       bigint REFERENCES accounts (id) ON DELETE SET NULL,
  resolved_at          timestamptz,
  created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pull_request_review_threads_issue_idx ON pull_request_review_threads (issue_id, id);

CREATE TABLE pull_request_review_comments (
  id                   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  thread_id            bigint NOT NULL REFERENCES pull_request_review_threads (id) ON DELETE CASCADE,
  review_id            bigint NOT NULL REFERENCES pull_request_reviews (id) ON DELETE CASCADE,
  issue_id             bigint NOT NULL REFERENCES pull_requests (issue_id) ON DELETE CASCADE,
  repository_id        bigint NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
  user_id              bigint REFERENCES accounts (id) ON DELETE SET NULL,
  -- The thread's first comment for a reply (GitHub's in_reply_to_id); NULL for the first.
  in_reply_to_id       bigint REFERENCES pull_request_review_comments (id) ON DELETE SET NULL,
  body                 text NOT NULL,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pull_request_review_comments_thread_idx ON pull_request_review_comments (thread_id, id);
CREATE INDEX pull_request_review_comments_review_idx ON pull_request_review_comments (review_id, id);
CREATE INDEX pull_request_review_comments_issue_idx ON pull_request_review_comments (issue_id, id);
-- GET …/pulls/comments lists a repository's comments by created/updated with `since`.
CREATE INDEX pull_request_review_comments_repository_idx ON pull_request_review_comments (repository_id, created_at, id);
CREATE INDEX pull_request_review_comments_updated_idx ON pull_request_review_comments (repository_id, updated_at, id);

-- A pull request's body counts its review comments (`review_comments`), and
-- GraphQL's cached answers show reviews, threads and comments: the caches
-- kept with the issue-list generations must see all three change.
CREATE TRIGGER issue_list_generation AFTER INSERT OR UPDATE OR DELETE ON pull_request_review_comments
  FOR EACH ROW EXECUTE FUNCTION issue_list_changed('repository');
CREATE TRIGGER issue_list_generation AFTER INSERT OR UPDATE OR DELETE ON pull_request_reviews
  FOR EACH ROW EXECUTE FUNCTION issue_list_changed('repository');
CREATE TRIGGER issue_list_generation AFTER INSERT OR UPDATE OR DELETE ON pull_request_review_threads
  FOR EACH ROW EXECUTE FUNCTION issue_list_changed('repository');
