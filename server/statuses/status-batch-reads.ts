// Commit statuses read for many commits in one statement, as the GraphQL
// loaders ask them (`Commit.status`, the status-check rollup).
import type { Sql } from '../db/database.js';
import { commitKeys, type CommitKey } from '../db/commit-keys.js';
import { SELECT_STATUS, type StatusRow } from './statuses-store.js';

/** Each commit's latest status of each context, oldest first (what `Commit.status` lists). */
export function latestStatusesOfCommits(db: Sql, keys: readonly CommitKey[]): Promise<StatusRow[]> {
  return db<StatusRow[]>`${SELECT_STATUS(db)}
    JOIN commit_status_contexts c ON c.latest_id = s.id
    JOIN ${commitKeys(db, keys)} ON c.repository_id = k.repository_id AND c.sha = k.sha
    ORDER BY s.id`;
}
