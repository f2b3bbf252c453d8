// The edges of a team's members and repositories: GitHub puts the member's
// role and the team's permission on the edge, not on the node.
import type { AccountRow } from '../../repos/accounts-store.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import type { TeamPermission, TeamRole, TeamRow } from '../../teams/team-row.js';

export interface TeamMemberEdgeModel {
  cursor: string;
  node: AccountRow;
  role: TeamRole;
  team: TeamRow;
}

export interface TeamRepositoryEdgeModel {
  cursor: string;
  node: RepositoryRow;
  permission: TeamPermission;
}

/** A team row (it has an organization and a privacy; no account or repository row has both). */
export const isTeam = (value: object): value is TeamRow => 'org_id' in value && 'privacy' in value && 'slug' in value;
