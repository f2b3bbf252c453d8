-- Server processes that hold caches, with a heartbeat: a change that must be
-- seen everywhere (token revocation) waits for each live one to acknowledge
-- it. Unlogged: after a crash the processes register themselves again.
CREATE UNLOGGED TABLE cache_listeners (
  process_id  uuid PRIMARY KEY,
  seen_at     timestamptz NOT NULL DEFAULT now()
);
