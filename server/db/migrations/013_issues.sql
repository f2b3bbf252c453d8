-- Issues, their comments, assignees and timeline events (issue #16).
--
-- One number sequence per repository, shared with pull requests: a pull
-- request will be an issue row plus a pull-request row, so it takes its
-- number from the same counter (see server/issues/issue-numbers.ts).
-- Labels, milestones and reactions hang off `issues.id` in later migrations.
CREATE TABLE issue_number_counters (
  repository_id  bigint PRIMARY KEY REFERENCES repositories (id) ON DELETE CASCADE,
  last_number    integer NOT NULL
);

CREATE TABLE issues (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  repository_id       bigint NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
  number              integer NOT NULL,
  title               text NOT NULL,
  body                text,
  -- A deleted account leaves its issues behind, authored by nobody (GitHub's ghost).
  user_id             bigint REFERENCES accounts (id) ON DELETE SET NULL,
  state               text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'closed')),
  state_reason        text CHECK (state_reason IN ('completed', 'not_planned', 'reopened', 'duplicate')),
  closed_at           timestamptz,
  closed_by_id        bigint REFERENCES accounts (id) ON DELETE SET NULL,
  locked              boolean NOT NULL DEFAULT false,
  active_lock_reason  text CHECK (active_lock_reason IN ('off-topic', 'too heated', 'resolved', 'spam')),
  -- Kept in step with issue_comments in the same transaction: lists sort by it
  -- and show it without counting.
  comments            integer NOT NULL DEFAULT 0,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  UNIQUE (repository_id, number)
);
CREATE INDEX issues_repository_created_idx ON issues (repository_id, state, created_at DESC, id DESC);
CREATE INDEX issues_repository_updated_idx ON issues (repository_id, updated_at);
CREATE INDEX issues_user_idx ON issues (user_id);

CREATE TABLE issue_assignees (
  issue_id    bigint NOT NULL REFERENCES issues (id) ON DELETE CASCADE,
  user_id     bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (issue_id, user_id)
);
CREATE INDEX issue_assignees_user_idx ON issue_assignees (user_id);

CREATE TABLE issue_comments (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  issue_id       bigint NOT NULL REFERENCES issues (id) ON DELETE CASCADE,
  repository_id  bigint NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
  user_id        bigint REFERENCES accounts (id) ON DELETE SET NULL,
  body           text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX issue_comments_issue_idx ON issue_comments (issue_id, created_at, id);
CREATE INDEX issue_comments_repository_idx ON issue_comments (repository_id, created_at, id);

-- What happened to an issue (GitHub's issue events): written in the
-- transaction of the change, read by GET …/issues/{n}/events (and later the
-- timeline). `details` holds what the kind needs: assignee/assigner ids,
-- lock_reason, rename from/to.
CREATE TABLE issue_events (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  issue_id       bigint NOT NULL REFERENCES issues (id) ON DELETE CASCADE,
  repository_id  bigint NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
  actor_id       bigint REFERENCES accounts (id) ON DELETE SET NULL,
  event          text NOT NULL,
  details        jsonb NOT NULL DEFAULT '{}',
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX issue_events_issue_idx ON issue_events (issue_id, id);
