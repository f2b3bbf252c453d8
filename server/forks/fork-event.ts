// GitHub's `fork` event, sent to the parent repository's hooks when it is
// forked: `{forkee, repository, sender, installation?}` and no `action`.
// Written with the fork's transaction (the outbox).
import type { Principal } from '../auth/principal.js';
import type { TransactionSql } from '../db/database.js';
import type { Urls } from '../http/urls.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { emitRepositoryEvent } from '../webhooks/outbox.js';
import { installationField, installationOf, repositoryPayload, senderPayload } from '../webhooks/payloads/common.js';

export interface ForkEvent {
  fork: RepositoryRow;
  parent: RepositoryRow;
  principal: Principal;
  urls: Urls;
}

export async function emitForkEvent(tx: TransactionSql, { fork, parent, principal, urls }: ForkEvent): Promise<number> {
  const installation = installationOf(principal);
  const payload = {
    // GitHub's forkee carries `public` beside the repository fields.
    forkee: { ...repositoryPayload(fork, urls), public: !fork.private },
    repository: repositoryPayload(parent, urls),
    sender: senderPayload(principal, urls),
    ...installationField(installation),
  };
  return emitRepositoryEvent(tx, parent.id, 'fork', null, payload, installation?.id ?? null);
}
