// `repository` created, as GitHub sends it to the hooks of the organization
// that owns the new repository (repository hooks cannot exist yet; apps are
// left as they were). Written in the creation's transaction, through the
// organization outbox.
import type { Principal } from '../../auth/principal.js';
import type { TransactionSql } from '../../db/database.js';
import type { Urls } from '../../http/urls.js';
import { type RepositoryRow, SELECT_REPOSITORY } from '../../repos/repository-row.js';
import { installationField, installationOf, repositoryPayload, senderPayload } from '../payloads/common.js';
import { organizationPayload } from '../payloads/organization.js';
import { enqueueOrganizationEvent } from './organization-events.js';

/** Returns the number of deliveries queued (none for a user's repository). */
export async function emitRepositoryCreated(
  tx: TransactionSql,
  repositoryId: number,
  principal: Principal,
  urls: Urls,
): Promise<number> {
  const [repo] = await tx<RepositoryRow[]>`${SELECT_REPOSITORY(tx)} WHERE r.id = ${repositoryId}`;
  if (repo?.owner_kind !== 'Organization') return 0;
  const installation = installationOf(principal);
  const payload = {
    action: 'created',
    repository: repositoryPayload(repo, urls),
    organization: organizationPayload({ id: repo.owner_id, login: repo.owner_login }, urls),
    sender: senderPayload(principal, urls),
    ...installationField(installation),
  };
  return enqueueOrganizationEvent(tx, repo.owner_id, 'repository', 'created', payload, {
    repositoryId,
    installationId: installation?.id ?? null,
  });
}
