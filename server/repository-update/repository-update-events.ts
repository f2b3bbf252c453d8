// GitHub's `repository` events of a repository's settings changing (PATCH
// /repos/{owner}/{repo}): `renamed` (changes.repository.name.from),
// `edited` (description, homepage, default branch: their previous values),
// `privatized`/`publicized` and `archived`/`unarchived`, one each, in that
// order when one request changes several. They reach the repository's hooks,
// the organization's hooks (with `organization`) and installed apps, as
// GitHub sends them, written in the update's transaction.
import type { Principal } from '../auth/principal.js';
import type { TransactionSql } from '../db/database.js';
import type { Urls } from '../http/urls.js';
import { type RepositoryRow, SELECT_REPOSITORY } from '../repos/repository-row.js';
import { emitRepositoryEvent } from '../webhooks/outbox.js';
import { installationField, installationOf, repositoryPayload, senderPayload } from '../webhooks/payloads/common.js';

interface RepositoryChange {
  action: 'renamed' | 'edited' | 'privatized' | 'publicized' | 'archived' | 'unarchived';
  changes?: Record<string, unknown>;
}

/** The events GitHub sends for the difference between two states of a repository's row. */
export function repositoryChanges(before: RepositoryRow, after: RepositoryRow): RepositoryChange[] {
  const found: RepositoryChange[] = [];
  if (before.name !== after.name)
    found.push({ action: 'renamed', changes: { repository: { name: { from: before.name } } } });
  const edited: Record<string, { from: string | null }> = {};
  if (before.description !== after.description) edited.description = { from: before.description };
  if (before.homepage !== after.homepage) edited.homepage = { from: before.homepage };
  if (before.default_branch !== after.default_branch) edited.default_branch = { from: before.default_branch };
  if (Object.keys(edited).length > 0) found.push({ action: 'edited', changes: edited });
  if (before.private !== after.private) found.push({ action: after.private ? 'privatized' : 'publicized' });
  if (before.archived !== after.archived) found.push({ action: after.archived ? 'archived' : 'unarchived' });
  return found;
}

/** Writes the events of the update `before` → the row as the transaction now reads it; returns the deliveries queued. */
export async function emitRepositoryUpdated(
  tx: TransactionSql,
  before: RepositoryRow,
  principal: Principal,
  urls: Urls,
): Promise<number> {
  const [after] = await tx<RepositoryRow[]>`${SELECT_REPOSITORY(tx)} WHERE r.id = ${before.id}`;
  if (!after) return 0;
  const installation = installationOf(principal);
  const common = {
    repository: repositoryPayload(after, urls),
    sender: senderPayload(principal, urls),
    ...installationField(installation),
  };
  let queued = 0;
  for (const { action, changes } of repositoryChanges(before, after)) {
    const payload = { action, ...(changes ? { changes } : {}), ...common };
    queued += await emitRepositoryEvent(tx, after.id, 'repository', action, payload, installation?.id ?? null);
  }
  return queued;
}
