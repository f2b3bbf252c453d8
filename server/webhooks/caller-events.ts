// Events a caller's API change causes on one repository (`label`, `milestone`,
// …): the payload is `{action, …what changed, repository, sender,
// installation?}`, written with the change's transaction (the outbox), for
// the repository's hooks and the webhooks of apps installed on it. The
// repository and sender are built only when some hook is subscribed, so a
// change on a repository without hooks costs one small query.
import type { Principal } from '../auth/principal.js';
import type { TransactionSql } from '../db/database.js';
import type { Urls } from '../http/urls.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { enqueue, eventJobs, subscribedTargets } from './outbox.js';
import { installationField, installationOf, repositoryPayload, senderPayload } from './payloads/common.js';

export interface CallerEvent {
  tx: TransactionSql;
  repo: RepositoryRow;
  principal: Principal;
  urls: Urls;
}

/** Emits `event` with `action`; `fields` come after `action` in the payload (GitHub's order). Returns the number of hooks. */
export async function emitCallerEvent(
  on: CallerEvent,
  event: string,
  action: string,
  fields: Record<string, unknown>,
): Promise<number> {
  const targets = await subscribedTargets(on.tx, on.repo.id, event);
  if (targets.length === 0) return 0;
  const installation = installationOf(on.principal);
  const payload = {
    action,
    ...fields,
    repository: repositoryPayload(on.repo, on.urls),
    sender: senderPayload(on.principal, on.urls),
    ...installationField(installation),
  };
  await enqueue(on.tx, eventJobs(targets, on.repo.id, event, action, payload, installation?.id ?? null));
  return targets.length;
}

/** GitHub's `changes` of an `edited` event: `{field: {from: old}}` for each field whose value changed. */
export function changesOf(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
  fields: readonly string[],
): Record<string, { from: unknown }> {
  const changes: Record<string, { from: unknown }> = {};
  // GitHub's schemas type every `from` as a string: a field that had no value was the empty string.
  for (const field of fields) if (before[field] !== after[field]) changes[field] = { from: before[field] ?? '' };
  return changes;
}
