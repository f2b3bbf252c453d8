-- The delivery list at any depth of a long history (issue 13).
--
-- The list reads a hook's entries newest first from a cursor, with optional
-- filters. Its page of ids is now found in this index alone (an index-only
-- scan: hook, then id, with the filter columns carried along), so the cost is
-- the page, not the history. Before, PostgreSQL preferred walking the primary
-- key backwards and skipping every newer entry of other hooks.
DROP INDEX webhook_deliveries_hook_idx;
CREATE INDEX webhook_deliveries_hook_idx ON webhook_deliveries (hook_id, id DESC) INCLUDE (status_code, event, delivered_at);
-- `status=failure`: failures are rare, so a page of them would otherwise mean
-- reading past every success in between.
CREATE INDEX webhook_deliveries_hook_failures_idx ON webhook_deliveries (hook_id, id DESC)
  WHERE NOT (status_code BETWEEN 200 AND 299);
-- job_id is informational (the job may be pruned before its history). As a
-- foreign key, every job deleted (pruning, or a hook's deletion) searched the
-- whole history for entries to set null; nothing reads it through the key.
ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_job_id_fkey;
