// GitHub's `team_add` event, sent to the repository's hooks when a team is
// given access to it: `{team, repository, organization, sender,
// installation?}` and no `action`. Written in the grant's transaction (the outbox).
import type { Principal } from '../auth/principal.js';
import type { TransactionSql } from '../db/database.js';
import type { Urls } from '../http/urls.js';
import type { AccountRow } from '../repos/accounts-store.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { emitRepositoryEvent } from '../webhooks/outbox.js';
import { organizationPayload } from '../webhooks/payloads/organization.js';
import {
  type Actor,
  installationField,
  installationOf,
  repositoryPayload,
  senderPayload,
} from '../webhooks/payloads/common.js';
import type { TeamRow } from './team-row.js';
import { teamView } from './team-view.js';

export interface TeamAddEvent {
  team: TeamRow;
  parent: TeamRow | null;
  org: AccountRow;
  repo: RepositoryRow;
  principal: Principal | Actor;
  urls: Urls;
}

export async function emitTeamAdd(tx: TransactionSql, e: TeamAddEvent): Promise<number> {
  const installation = installationOf(e.principal);
  const payload = {
    team: teamView(e.team, e.org, e.urls, e.parent),
    repository: repositoryPayload(e.repo, e.urls),
    organization: organizationPayload(e.org, e.urls),
    sender: senderPayload(e.principal, e.urls),
    ...installationField(installation),
  };
  return emitRepositoryEvent(tx, e.repo.id, 'team_add', null, payload, installation?.id ?? null);
}
