-- Check suites, check runs and their annotations (issue 19).
--
-- A suite is one app's checks of one commit: one per (repository, head_sha,
-- app), made by a push (for each installed app with checks:write that has not
-- opted out in check_suite_preferences) or by the app (POST …/check-suites, or
-- implicitly by its first run on the sha). Its status and conclusion are
-- derived from its runs whenever a run changes (check-suite-state.ts) and
-- stored, so lists and the `completed` event need no aggregate.
CREATE TABLE check_suites (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  repository_id       bigint NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
  app_id              bigint NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
  head_sha            text NOT NULL,
  head_branch         text,
  before_sha          text,
  after_sha           text,
  status              text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'in_progress', 'completed')),
  conclusion          text CHECK (conclusion IN ('success', 'failure', 'neutral', 'cancelled', 'skipped', 'timed_out', 'action_required', 'stale')),
  created_by          text NOT NULL CHECK (created_by IN ('push', 'api')),
  rerequestable       boolean NOT NULL DEFAULT true,
  runs_rerequestable  boolean NOT NULL DEFAULT true,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  UNIQUE (repository_id, head_sha, app_id)
);

CREATE TABLE check_runs (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  suite_id           bigint NOT NULL REFERENCES check_suites (id) ON DELETE CASCADE,
  -- Copied from the suite: lists for a ref filter on them without a join.
  repository_id      bigint NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
  app_id             bigint NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
  head_sha           text NOT NULL,
  name               text NOT NULL,
  status             text NOT NULL CHECK (status IN ('queued', 'in_progress', 'completed')),
  conclusion         text CHECK (conclusion IN ('success', 'failure', 'neutral', 'cancelled', 'skipped', 'timed_out', 'action_required', 'stale')),
  started_at         timestamptz,
  completed_at       timestamptz,
  external_id        text,
  details_url        text,
  output_title       text,
  output_summary     text,
  output_text        text,
  annotations_count  integer NOT NULL DEFAULT 0,
  actions            jsonb NOT NULL DEFAULT '[]',
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'completed') = (conclusion IS NOT NULL))
);
CREATE INDEX check_runs_suite_idx ON check_runs (suite_id, id);
CREATE INDEX check_runs_repository_sha_idx ON check_runs (repository_id, head_sha, id);

-- Appended by create and update (≤ 50 per request); listed in order.
CREATE TABLE check_annotations (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  run_id            bigint NOT NULL REFERENCES check_runs (id) ON DELETE CASCADE,
  path              text NOT NULL,
  start_line        integer NOT NULL,
  end_line          integer NOT NULL,
  start_column      integer,
  end_column        integer,
  annotation_level  text NOT NULL CHECK (annotation_level IN ('notice', 'warning', 'failure')),
  message           text NOT NULL,
  title             text,
  raw_details       text
);
CREATE INDEX check_annotations_run_idx ON check_annotations (run_id, id);

-- PATCH …/check-suites/preferences: an app whose setting is false gets no
-- suite on push. No row: the default (true).
CREATE TABLE check_suite_preferences (
  repository_id  bigint NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
  app_id         bigint NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
  auto_trigger   boolean NOT NULL,
  PRIMARY KEY (repository_id, app_id)
);
