-- A ref change that git may hold but the ref mirror and its events may not:
-- a row is committed before git's compare-and-swap and deleted in the
-- transaction that writes the mirror and the change's events. A row whose
-- due time has passed belongs to a change whose mirror/event step failed or
-- whose process died; the reconciler diffs git against the mirror only for
-- those repositories, instead of every repository at every start.
CREATE TABLE ref_change_markers (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  repository_id  bigint NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
  -- Until then the change may still be in flight in a live process.
  due_at         timestamptz NOT NULL
);
CREATE INDEX ref_change_markers_due_idx ON ref_change_markers (due_at);
CREATE INDEX ref_change_markers_repository_idx ON ref_change_markers (repository_id);

-- Before this table any repository could hold a change the mirror missed:
-- the first start after the upgrade checks each one, once.
INSERT INTO ref_change_markers (repository_id, due_at) SELECT id, now() FROM repositories;
