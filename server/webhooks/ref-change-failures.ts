// A ref change whose events could not be built in MAX_ATTEMPTS tries is
// given up (issue 32: a change whose events failed was retried for ever, at
// 40 s of CPU a try, and blocked every later change of its repository):
// the mirror is brought in step with git without events, the change is
// recorded in ref_change_failures with the last reason (migration 031),
// its markers go, and an error line tells the administrator.
import type { Sql } from '../db/database.js';
import type { Logger } from '../log.js';
import type { GitRepositories } from '../repos/git.js';
import { clearMarkers } from './ref-change-markers.js';
import { lockRefSync, refDifferences, writeMirror, type RefDifference } from './ref-sync.js';

export interface FailedChange {
  repositoryId: number;
  ids: number[];
  attempts: number;
  reason: string;
}

/** Records `failed` as given up, and brings the mirror in step without its events where git can still be read. */
export async function giveUpRefChange(
  deps: { sql: Sql; git: GitRepositories; log: Logger },
  failed: FailedChange,
): Promise<void> {
  const { sql, git, log } = deps;
  const { repositoryId, ids, attempts, reason } = failed;
  let changes: RefDifference[] = [];
  try {
    await sql.begin(async (tx) => {
      await lockRefSync(tx, repositoryId, ids);
      changes = (await refDifferences(tx, git, repositoryId)).differences;
      await writeMirror(tx, repositoryId, changes);
      await tx`INSERT INTO ref_change_failures (repository_id, changes, reason, attempts) VALUES (${repositoryId}, ${tx.json(changes as never)}, ${reason}, ${attempts})`;
      await clearMarkers(tx, ids);
    });
  } catch (error) {
    // Not even the mirror (its git directory is gone, say): recorded all the same, and not tried again.
    changes = [];
    await sql.begin(async (tx) => {
      await tx`INSERT INTO ref_change_failures (repository_id, changes, reason, attempts) VALUES (${repositoryId}, '[]'::jsonb, ${`${reason}; then: ${String(error)}`}, ${attempts})`;
      await clearMarkers(tx, ids);
    });
  }
  log.error('ref change events could not be built; recorded as failed and no longer retried', {
    repositoryId,
    attempts,
    reason,
    refs: changes.slice(0, 20).map((c) => c.ref),
    changes: changes.length,
  });
}
