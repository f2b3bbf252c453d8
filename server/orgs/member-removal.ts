// A member leaves an organization (`DELETE /orgs/{org}/members/{username}`,
// `…/memberships/{username}`): the membership and any pending invitation go
// in one transaction that publishes the organization's invalidation
// (AccountStore.removeMember), so every process stops granting access at once;
// their forks of the organization's private repositories they no longer read
// go with it (as `wharf admin remove-member`), their git directories after commit.
// They leave the organization's teams in that transaction too, one `membership`
// removed per team after `organization` member_removed (teams/team-leaving.ts).
import { ownerCount, membershipOf } from '../access/organization-memberships-sql.js';
import type { Principal } from '../auth/principal.js';
import type { TransactionSql } from '../db/database.js';
import { forbidden } from '../errors/domain-error.js';
import { forksLostWithAccess } from '../repos/private-forks.js';
import type { AccountRow } from '../repos/accounts-store.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { deleteRepositoryRows, removeRepositoryFiles } from '../repository-deletion/repository-deletion.js';
import type { Services } from '../services.js';
import type { Actor } from '../webhooks/payloads/common.js';
import { leaveOrganizationTeams, type TeamsLeft, teamsLeftEvents } from '../teams/team-leaving.js';
import { applyTopicsLocally } from '../db/cache-invalidation.js';
import { emitMemberRemoved } from './organization-events.js';

/** The organization's private repositories that have forks: a member who leaves may lose forks of any of them. */
async function forkedPrivateRepositories(tx: TransactionSql, orgId: number): Promise<number[]> {
  const rows = await tx<{ id: number }[]>`
    SELECT id FROM repositories WHERE owner_id = ${orgId} AND private AND forks_count > 0 ORDER BY id`;
  return rows.map((row) => row.id);
}

/**
 * False when the user was neither a member nor invited. The last owner may
 * not go (403). A member's removal is an `organization` `member_removed`
 * event, sent by `sender`, in the removal's transaction.
 */
export async function removeFromOrganization(
  services: Pick<Services, 'accounts' | 'sql' | 'urls' | 'git' | 'config' | 'log' | 'bus'>,
  org: AccountRow,
  user: AccountRow,
  sender: Principal,
  afterRemoval?: (tx: TransactionSql) => Promise<unknown>,
): Promise<boolean> {
  const { accounts, sql, urls } = services;
  const membership = await membershipOf(sql, org.id, user.id);
  if (membership?.role === 'admin' && (await ownerCount(sql, org.id)) <= 1)
    throw forbidden('Cannot remove the last owner of an organization.');
  const cancelled = await sql`DELETE FROM org_invitations WHERE org_id = ${org.id} AND invitee_id = ${user.id}`;
  if (!membership) return cancelled.count > 0;
  // The sender of the deletions' events is the user who loses the forks, as the admin command sends them.
  const actor: Actor = {
    kind: 'token',
    user: { id: user.id, login: user.login, siteAdmin: user.site_admin },
    installation: null,
  };
  const deleted: RepositoryRow[] = [];
  let left: TeamsLeft = { teams: [], topics: [] };
  const removed = await accounts.removeMember(
    org.id,
    user.id,
    async (tx) => {
      // First: it may grant access (a conversion to outside collaborator) that keeps forks.
      await afterRemoval?.(tx);
      for (const upstream of await forkedPrivateRepositories(tx, org.id)) {
        const forks = await forksLostWithAccess(tx, upstream, user.id);
        await deleteRepositoryRows(tx, forks, actor, urls);
        deleted.push(...forks);
      }
      await emitMemberRemoved(tx, org, user, membership.role, { urls, sender });
      await teamsLeftEvents(tx, { org, principal: sender, urls }, left.teams, user);
    },
    async (tx) => {
      left = await leaveOrganizationTeams(tx, org.id, user.id);
    },
  );
  if (removed) applyTopicsLocally(services.bus, left.topics);
  await removeRepositoryFiles(
    { git: services.git, dataDir: services.config.dataDir },
    deleted.map((fork) => fork.id),
    (message, fields) => services.log.warn(message, fields),
  );
  return removed || cancelled.count > 0;
}
