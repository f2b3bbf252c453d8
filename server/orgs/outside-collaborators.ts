// Outside collaborators of an organization: users with a direct collaborator
// grant on one of its repositories who are not members. Owners remove one
// from every repository, or convert a member into one: the member leaves (an
// `organization` `member_removed` event) and keeps, as direct grants, exactly
// the access their teams gave them, as GitHub documents the conversion.
import type { Principal } from '../auth/principal.js';
import { directGrant } from '../access/collaborator-access.js';
import { membershipOf } from '../access/organization-memberships-sql.js';
import {
  isOutsideCollaborator,
  repositoriesGrantedOrInvited,
  teamAccessOf,
} from '../access/outside-collaborators-sql.js';
import { highest } from '../access/permissions.js';
import { removeCollaborator, type ChangeServices } from '../collaborators/collaborator-changes.js';
import { writeGrant } from '../collaborators/collaborators.js';
import { applyTopicsLocally, type Topic } from '../db/cache-invalidation.js';
import type { Sql } from '../db/database.js';
import { forbidden, unprocessable } from '../errors/domain-error.js';
import type { AccountRow } from '../repos/accounts-store.js';
import type { Services } from '../services.js';
import { removeFromOrganization } from './member-removal.js';

/** One page of the organization's outside collaborators, by id, and how many there are. */
export async function outsideCollaboratorsOf(
  sql: Sql,
  orgId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: AccountRow[]; total: number }> {
  const where = isOutsideCollaborator(sql, orgId);
  const rows = await sql<AccountRow[]>`SELECT a.* FROM accounts a WHERE ${where}
    ORDER BY a.id LIMIT ${page.limit} OFFSET ${page.offset}`;
  const [count] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM accounts a WHERE ${where}`;
  return { rows, total: count!.n };
}

/**
 * Removes the user's grants and pending invitations on every repository of
 * the organization, each with its `member` `removed` event as a
 * collaborator's removal has. A member: 422, as on GitHub.
 */
export async function removeOutsideCollaborator(
  services: ChangeServices,
  org: AccountRow,
  user: AccountRow,
  principal: Principal,
): Promise<void> {
  if (await membershipOf(services.sql, org.id, user.id))
    throw unprocessable('You cannot specify an organization member to remove as an outside collaborator.');
  for (const id of await repositoriesGrantedOrInvited(services.sql, org.id, user.id)) {
    const repo = await services.repos.byId(id);
    if (repo) await removeCollaborator(services, repo, principal, user);
  }
}

/**
 * Converts a member to an outside collaborator. Not a member, or the last
 * owner: 403, as on GitHub. Their direct grants stay; a team's access becomes
 * a direct grant (never lowering one they hold), in the removal's transaction.
 */
export async function convertToOutsideCollaborator(
  services: Pick<Services, 'accounts' | 'sql' | 'urls' | 'git' | 'config' | 'log' | 'bus'>,
  org: AccountRow,
  user: AccountRow,
  principal: Principal,
): Promise<void> {
  if (!(await membershipOf(services.sql, org.id, user.id)))
    throw forbidden('The user is not a member of the organization.');
  const teamAccess = await teamAccessOf(services.sql, org.id, user.id);
  const topics: Topic[] = [];
  await removeFromOrganization(services, org, user, principal, async (tx) => {
    for (const [repositoryId, permission] of teamAccess) {
      const direct = await directGrant(tx, repositoryId, user.id);
      const kept = highest(direct, permission)!;
      if (kept !== direct) topics.push(...(await writeGrant(tx, repositoryId, user.id, kept)));
    }
  });
  applyTopicsLocally(services.bus, topics);
}
