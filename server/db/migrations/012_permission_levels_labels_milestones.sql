-- GitHub's five repository roles, labels and milestones (issue 16).
--
-- Collaborators may now be granted GitHub's `triage` (between read and write)
-- and `maintain` (between write and admin) as well.
ALTER TABLE collaborators DROP CONSTRAINT collaborators_permission_check;
ALTER TABLE collaborators ADD CONSTRAINT collaborators_permission_check
  CHECK (permission IN ('read', 'triage', 'write', 'maintain', 'admin'));

-- A repository's labels. Names are unique per repository whatever their case
-- (GitHub: `Bug` and `bug` cannot both exist), and found the same way.
-- `color` is stored as given (six hex digits, no `#`).
CREATE TABLE labels (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  repository_id  bigint NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
  name           text NOT NULL,
  color          text NOT NULL CHECK (color ~ '^[0-9A-Fa-f]{6}$'),
  description    text,
  is_default     boolean NOT NULL DEFAULT false,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX labels_repository_name_idx ON labels (repository_id, lower(name));

-- A repository's milestones, numbered 1, 2, … per repository. Numbers are
-- never reused, even after a deletion (a URL naming a deleted milestone must
-- not start naming another): the last number given is kept per repository.
CREATE TABLE milestone_numbers (
  repository_id  bigint PRIMARY KEY REFERENCES repositories (id) ON DELETE CASCADE,
  last_number    integer NOT NULL
);

CREATE TABLE milestones (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  repository_id  bigint NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
  number         integer NOT NULL,
  title          text NOT NULL,
  description    text,
  state          text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'closed')),
  due_on         timestamptz,
  creator_id     bigint REFERENCES accounts (id) ON DELETE SET NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  closed_at      timestamptz,
  UNIQUE (repository_id, number)
);
-- GitHub refuses a second milestone with the same title in a repository.
CREATE UNIQUE INDEX milestones_repository_title_idx ON milestones (repository_id, title);
-- Lists: open or closed milestones of a repository by due date.
CREATE INDEX milestones_repository_state_idx ON milestones (repository_id, state, due_on);
