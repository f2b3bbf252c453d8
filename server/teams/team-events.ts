// GitHub's `team` and `membership` events, which GitHub sends to the
// organization's hooks (not to repository hooks: "Availability: Organizations,
// Businesses, GitHub Apps"): `team` created, edited (with `changes`), deleted,
// added_to_repository and removed_from_repository (those two with the
// repository), and `membership` added/removed with `scope: team`. Written
// with the change's transaction handle (the organization outbox), so the
// change and its deliveries commit together.
import type { Principal } from '../auth/principal.js';
import type { TransactionSql } from '../db/database.js';
import type { Urls } from '../http/urls.js';
import type { AccountRow } from '../repos/accounts-store.js';
import { type RepositoryRow, SELECT_REPOSITORY } from '../repos/repository-row.js';
import { simpleUser } from '../repos/user-view.js';
import { enqueueOrganizationEvent } from '../webhooks/org-hooks/organization-events.js';
import {
  type Actor,
  installationField,
  installationOf,
  repositoryPayload,
  senderPayload,
} from '../webhooks/payloads/common.js';
import { organizationPayload } from '../webhooks/payloads/organization.js';
import type { TeamRow } from './team-row.js';
import { teamView } from './team-view.js';

/** Who made a team change, in which organization, and the URLs payloads are written with. */
export interface TeamEventSource {
  org: AccountRow;
  /** An actor too: `wharf admin remove-member` sends as the user it removes. */
  principal: Principal | Actor;
  urls: Urls;
}

export type TeamAction = 'created' | 'edited' | 'deleted' | 'added_to_repository' | 'removed_from_repository';

/** GitHub's `changes` of `team` edited: the previous values, and a repository permission's previous flags. */
export interface TeamChanges {
  name?: { from: string };
  description?: { from: string };
  privacy?: { from: string };
  notification_setting?: { from: string };
  repository?: { permissions: { from: { admin: boolean; push: boolean; pull: boolean } } };
}

async function parentOf(tx: TransactionSql, team: TeamRow): Promise<TeamRow | null> {
  if (team.parent_team_id === null) return null;
  const [parent] = await tx<TeamRow[]>`SELECT * FROM teams WHERE id = ${team.parent_team_id}`;
  return parent ?? null;
}

async function repositoryOf(tx: TransactionSql, repositoryId: number): Promise<RepositoryRow | null> {
  const [repo] = await tx<RepositoryRow[]>`${SELECT_REPOSITORY(tx)} WHERE r.id = ${repositoryId}`;
  return repo ?? null;
}

/** The team as webhook payloads carry it (GitHub's team, with its parent). */
async function teamPayload(tx: TransactionSql, source: TeamEventSource, team: TeamRow) {
  return teamView(team, source.org, source.urls, await parentOf(tx, team));
}

export interface TeamEventOptions {
  changes?: TeamChanges;
  repositoryId?: number;
}

export async function emitTeamEvent(
  tx: TransactionSql,
  source: TeamEventSource,
  action: TeamAction,
  team: TeamRow,
  options: TeamEventOptions = {},
): Promise<number> {
  const { urls, principal, org } = source;
  const installation = installationOf(principal);
  const repo = options.repositoryId === undefined ? null : await repositoryOf(tx, options.repositoryId);
  const view = await teamPayload(tx, source, team);
  const payload = {
    action,
    ...(options.changes ? { changes: options.changes } : {}),
    team: action === 'deleted' ? { ...view, deleted: true } : view,
    ...(repo ? { repository: repositoryPayload(repo, urls) } : {}),
    organization: organizationPayload(org, urls),
    sender: senderPayload(principal, urls),
    ...installationField(installation),
  };
  return enqueueOrganizationEvent(tx, org.id, 'team', action, payload, {
    repositoryId: repo?.id ?? null,
    installationId: installation?.id ?? null,
  });
}

export async function emitMembershipEvent(
  tx: TransactionSql,
  source: TeamEventSource,
  action: 'added' | 'removed',
  team: TeamRow,
  member: Pick<AccountRow, 'id' | 'login' | 'kind' | 'site_admin'>,
): Promise<number> {
  const { urls, principal, org } = source;
  const installation = installationOf(principal);
  const payload = {
    action,
    scope: 'team' as const,
    member: simpleUser(member, urls),
    team: await teamPayload(tx, source, team),
    organization: organizationPayload(org, urls),
    sender: senderPayload(principal, urls),
    ...installationField(installation),
  };
  return enqueueOrganizationEvent(tx, org.id, 'membership', action, payload, {
    installationId: installation?.id ?? null,
  });
}

/** GitHub's legacy permission flags of a team permission, as `changes.repository.permissions.from` names them. */
export function permissionFlags(permission: string): { admin: boolean; push: boolean; pull: boolean } {
  return {
    admin: permission === 'admin',
    push: permission === 'push' || permission === 'maintain' || permission === 'admin',
    pull: true,
  };
}
