// What a user may do with a repository, GitHub's way: owners, site admins and
// org admins administer it; collaborators and teams' members get what they
// were granted (the highest grant wins: view `repository_grants`); org
// members get the organization's base permission (`default_repository_permission`:
// none, read, write or admin; read by default) on the org's repositories (a
// private fork's readers come from its upstream instead); everyone reads public ones. This is the grant read from
// the database; readable-sql.ts says the same as SQL conditions over many
// repositories, repository-access.ts decides with it.
import type { Sql, TransactionSql } from '../db/database.js';
import { highest, type Permission } from './permissions.js';
import type { RepositoryRow } from '../repos/repository-row.js';

/** The user's permission from the database (owner, org role, collaborator, team, a private fork's upstream); public read not included. */
export async function loadGrantedPermission(
  sql: Sql | TransactionSql,
  repo: RepositoryRow,
  userId: number,
): Promise<Permission | null> {
  if (repo.owner_id === userId) return 'admin';
  return (await loadGrantedPermissions(sql, [repo], userId)).get(repo.id) ?? null;
}

/**
 * A private fork's readers come from its upstream (GitHub: "Private forks
 * inherit the permissions structure of the upstream repository"): the user's
 * grants are taken on the repository and, while it is a private fork of a
 * private parent, on each ancestor up that private chain:
 * - own grants everywhere: owner, collaborator, team member, admin of the owning org;
 * - an org's plain members read only the top of the chain (a repository that
 *   inherits nothing), not a private fork forked into their organization;
 * - through a fork owned by an organization only read is inherited (GitHub:
 *   the upstream's owners "have read permission to forks created in
 *   organizations"); a fork in a personal account inherits all.
 * A chain is followed at most MAX_INHERITANCE_DEPTH forks up: past that a
 * fork keeps its own grants only (less access, never more).
 */
export const MAX_INHERITANCE_DEPTH = 50;

export interface ChainGrant {
  id: number;
  owner: boolean;
  collaborator: Permission | null;
  org_role: 'admin' | 'member' | null;
  /** The owning organization's base permission for its members (`none`: nothing); null for a user's repository. */
  org_base: OrgBasePermission | null;
  inherits: boolean;
  capped: boolean;
}

/** What an organization's base permission gives a plain member. */
export type OrgBasePermission = 'none' | 'read' | 'write' | 'admin';
const memberBase = (base: OrgBasePermission | null): Permission | null => (base === 'none' ? null : (base ?? 'read'));

/** SQL: the base permission of the organization owning chain link `c` (joined as `base_o`). */
export const orgBaseJoin = (sql: Sql | TransactionSql) => sql`LEFT JOIN accounts base_o ON base_o.id = c.owner_id`;
export const orgBaseColumn = (sql: Sql | TransactionSql) =>
  sql`CASE WHEN base_o.kind = 'Organization' THEN base_o.default_repository_permission END AS org_base`;

/** One link of a repository's grant chain as seen by one user (the grantees reader reads many users' at once). */
export function granted(row: ChainGrant): Permission | null {
  const org =
    row.org_role === 'admin' ? 'admin' : row.org_role === 'member' && !row.inherits ? memberBase(row.org_base) : null;
  const own = highest(row.owner ? 'admin' : null, row.collaborator, org);
  return own && row.capped ? 'read' : own;
}

/**
 * The CTE `chain` of each repository (`repository_id`) and the private
 * ancestors whose grants it inherits (`id`, `owner_id`, `capped`), for
 * `WITH RECURSIVE`.
 */
export const grantChain = (sql: Sql | TransactionSql, repositoryIds: readonly number[]) => sql`chain AS (
      SELECT r.id AS repository_id, r.id, r.owner_id, r.parent_id, r.fork AND r.private AS private_fork, false AS capped, 0 AS depth
      FROM repositories r WHERE r.id = ANY(${repositoryIds as number[]})
      UNION ALL
      SELECT c.repository_id, p.id, p.owner_id, p.parent_id, p.fork, c.capped OR a.kind = 'Organization', c.depth + 1
      FROM chain c
      JOIN repositories p ON p.id = c.parent_id AND p.private
      JOIN accounts a ON a.id = c.owner_id
      WHERE c.private_fork AND c.depth < ${MAX_INHERITANCE_DEPTH}
    )`;

/** Whether the chain link `c` inherits from a private parent (its org's plain members then read nothing of it). */
export const inheritsSql = (sql: Sql | TransactionSql) =>
  sql`c.private_fork AND EXISTS (SELECT 1 FROM repositories p WHERE p.id = c.parent_id AND p.private)`;

/**
 * loadGrantedPermission for many repositories at once (list pages, GraphQL's
 * loaders): one statement, whatever their number. Keyed by repository id; a
 * repository deleted meanwhile grants nothing.
 */
export async function loadGrantedPermissions(
  sql: Sql | TransactionSql,
  repos: readonly RepositoryRow[],
  userId: number,
): Promise<Map<number, Permission | null>> {
  const permissions = new Map<number, Permission | null>();
  const others = repos.filter((repo) => repo.owner_id !== userId);
  for (const repo of repos) permissions.set(repo.id, repo.owner_id === userId ? 'admin' : null);
  if (others.length === 0) return permissions;
  const rows = await sql<ChainGrant[]>`
    WITH RECURSIVE ${grantChain(
      sql,
      others.map((repo) => repo.id),
    )}
    SELECT c.repository_id AS id, c.owner_id = ${userId} AS owner, k.permission AS collaborator, m.role AS org_role, c.capped,
      ${inheritsSql(sql)} AS inherits, ${orgBaseColumn(sql)}
    FROM chain c ${orgBaseJoin(sql)}
    LEFT JOIN repository_grants k ON k.repository_id = c.id AND k.user_id = ${userId}
    LEFT JOIN org_members m ON m.org_id = c.owner_id AND m.user_id = ${userId}`;
  for (const row of rows) permissions.set(row.id, highest(permissions.get(row.id), granted(row)));
  return permissions;
}
