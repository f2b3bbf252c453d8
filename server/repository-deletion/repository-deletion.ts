// Deleting repositories: the rows in the caller's transaction, each after the
// events its deletion sends (repository-deletion-events.ts), deepest fork
// first; then, after commit, their files: the git directory, the release
// assets and the cached archives. Which private forks go with a repository is
// repos/private-forks.ts's rule.
import { removeRepositoryArchives } from '../archives/archive-cache.js';
import { publish } from '../db/cache-invalidation.js';
import type { TransactionSql } from '../db/database.js';
import type { Urls } from '../http/urls.js';
import { removeRepositoryAssets } from '../releases/asset-files.js';
import type { GitRepositories } from '../repos/git.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { privateForksBelow } from '../repos/private-forks.js';
import type { Services } from '../services.js';
import type { Actor } from '../webhooks/payloads/common.js';
import { emitRepositoryDeletion } from './repository-deletion-events.js';

/**
 * DELETE of a repository: its row in one transaction (its invalidation and the
 * installed apps' events with it: repository-deletion-events.ts), and with a
 * private repository its private forks, each with its own events (GitHub:
 * "When you delete a private repository, all of its private forks are also
 * deleted"); the git directories, the release assets' files and the cached
 * archives are removed after commit. Ids are never reused, so a directory left
 * behind by a crash can never be mistaken for another repository's.
 */
export async function deleteRepositoryAndForks(
  services: Pick<Services, 'repos' | 'git' | 'log' | 'config' | 'urls'>,
  repo: RepositoryRow,
  actor: Actor,
): Promise<void> {
  const { repos, git, log, config, urls } = services;
  let forks: number[] = [];
  await repos.delete(repo.id, async (tx) => {
    if (repo.private) forks = await deleteRepositoryRows(tx, await privateForksBelow(tx, repo.id), actor, urls);
    await emitRepositoryDeletion(tx, repo, actor, urls);
  });
  for (const id of forks) repos.changedLocally(id);
  await removeRepositoryFiles({ git, dataDir: config.dataDir }, [repo.id, ...forks], (message, fields) =>
    log.warn(message, fields),
  );
}

/** Deletes the rows in the transaction, each after its deletion events; returns their ids (files to remove after commit). */
export async function deleteRepositoryRows(
  tx: TransactionSql,
  rows: readonly RepositoryRow[],
  actor: Actor,
  urls: Urls,
): Promise<number[]> {
  // Deepest first: each fork goes while its parent still stands.
  for (const row of [...rows].reverse()) {
    await emitRepositoryDeletion(tx, row, actor, urls);
    await tx`DELETE FROM repositories WHERE id = ${row.id}`;
    await publish(tx, `repo:${row.id}`);
  }
  return rows.map((row) => row.id);
}

/** After the rows' deletion committed: their git directories and release assets; a failure is reported, not thrown. */
export async function removeRepositoryFiles(
  files: { git: GitRepositories; dataDir: string },
  ids: readonly number[],
  warn: (message: string, fields: Record<string, unknown>) => void,
): Promise<void> {
  for (const id of ids) {
    await files.git
      .remove(id)
      .catch((error: unknown) => warn('could not remove git directory', { repositoryId: id, error: String(error) }));
    await removeRepositoryAssets(files.dataDir, id).catch((error: unknown) =>
      warn('could not remove release assets', { repositoryId: id, error: String(error) }),
    );
    await removeRepositoryArchives(files.dataDir, id).catch((error: unknown) =>
      warn('could not remove cached archives', { repositoryId: id, error: String(error) }),
    );
  }
}
