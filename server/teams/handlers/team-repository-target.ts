// The repository a team repository operation names, as the policy lets the
// caller reach it, and the team's permission on it (its own grant or one
// inherited from a team above it, the highest).
import type { Sql } from '../../db/database.js';
import { accessRepository } from '../../http/repository-access.js';
import type { OperationContext } from '../../http/operation-context.js';
import type { OperationId } from '../../generated/routes.js';
import type { Permission } from '../../access/permissions.js';
import { highest } from '../../access/permissions.js';
import { policyLevel, type TeamPermission } from '../team-row.js';

export function teamRepositoryTarget<K extends OperationId>(
  ctx: OperationContext<K>,
  owner: string,
  name: string,
  needed: Permission,
) {
  return accessRepository(ctx, owner, name, needed);
}

/** The team's permission on the repository (inherited from parents too); null when it has none. */
export async function teamPermissionOn(sql: Sql, teamId: number, repositoryId: number): Promise<Permission | null> {
  const rows = await sql<{ permission: TeamPermission }[]>`SELECT tr.permission FROM team_ancestors ta
    JOIN team_repositories tr ON tr.team_id = ta.ancestor_id
    WHERE ta.team_id = ${teamId} AND tr.repository_id = ${repositoryId}`;
  return highest(...rows.map((row) => policyLevel(row.permission)));
}
