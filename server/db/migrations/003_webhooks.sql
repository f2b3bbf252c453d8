-- Repository webhooks, the delivery outbox and the delivery history.

CREATE TABLE hooks (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  repository_id  bigint NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
  active         boolean NOT NULL DEFAULT true,
  events         text[] NOT NULL,
  url            text NOT NULL,
  content_type   text NOT NULL DEFAULT 'json' CHECK (content_type IN ('json', 'form')),
  insecure_ssl   text NOT NULL DEFAULT '0' CHECK (insecure_ssl IN ('0', '1')),
  -- The HMAC key has to be usable, so it cannot be a digest; it never leaves
  -- this table except as a signature.
  secret         text,
  -- GitHub's last_response: code null and status 'unused' until a delivery ends.
  last_response_code     integer,
  last_response_status   text NOT NULL DEFAULT 'unused',
  last_response_message  text,
  -- Start of the current run of failed deliveries (null after any success):
  -- a hook failing for longer than the configured period is deactivated.
  failing_since  timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX hooks_repository_idx ON hooks (repository_id);

-- The outbox: one row per delivery job (an event for a hook, or a
-- redelivery), written in the same transaction as the change that caused it.
-- Dispatchers claim due rows with FOR UPDATE SKIP LOCKED and a lease; a row
-- whose lease ran out (its worker died) is claimed again: at-least-once.
CREATE TABLE webhook_jobs (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  guid             uuid NOT NULL,
  hook_id          bigint NOT NULL REFERENCES hooks (id) ON DELETE CASCADE,
  repository_id    bigint,
  installation_id  bigint,
  event            text NOT NULL,
  action           text,
  -- The payload as JSON text: its exact bytes are what gets signed and stored.
  payload          text NOT NULL,
  redelivery       boolean NOT NULL DEFAULT false,
  -- Attempts made so far; the next automatic retry is scheduled from it.
  attempts         integer NOT NULL DEFAULT 0,
  state            text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done', 'failed')),
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  lease_owner      uuid,
  lease_until      timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_jobs_due_idx ON webhook_jobs (next_attempt_at) WHERE state = 'pending';
CREATE INDEX webhook_jobs_hook_idx ON webhook_jobs (hook_id);

-- The history: one row per ended attempt; its id is the delivery id of the API.
CREATE TABLE webhook_deliveries (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  job_id            bigint REFERENCES webhook_jobs (id) ON DELETE SET NULL,
  hook_id           bigint NOT NULL REFERENCES hooks (id) ON DELETE CASCADE,
  guid              uuid NOT NULL,
  event             text NOT NULL,
  action            text,
  redelivery        boolean NOT NULL,
  url               text NOT NULL,
  repository_id     bigint,
  installation_id   bigint,
  delivered_at      timestamptz NOT NULL,
  duration          double precision NOT NULL,
  status            text NOT NULL,
  status_code       integer NOT NULL,
  throttled_at      timestamptz,
  request_headers   jsonb NOT NULL,
  request_payload   text NOT NULL,
  response_headers  jsonb NOT NULL,
  response_payload  text
);
CREATE INDEX webhook_deliveries_hook_idx ON webhook_deliveries (hook_id, id DESC);
CREATE INDEX webhook_deliveries_delivered_idx ON webhook_deliveries (delivered_at);

-- PostgreSQL's copy of each repository's refs. Git is the source of truth; a
-- ref change updates git first (compare-and-swap), then this mirror and the
-- change's events in one transaction. Whatever git has that the mirror lacks
-- (a step that failed, a crash between the two) is found by diffing them.
CREATE TABLE repository_refs (
  repository_id  bigint NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
  name           text NOT NULL,
  sha            text NOT NULL,
  PRIMARY KEY (repository_id, name)
);
