// Who holds a grant on one repository, with the permission the policy gives
// each (granted-permissions.ts read the other way round: every user's link of
// the repository's grant chain in one statement): GitHub's collaborators list
// (GraphQL's `Repository.collaborators`, REST's …/collaborators with issue 37).
// Site admins are left out, as GitHub lists no staff; public read is no grant.
import type { Sql, TransactionSql } from '../db/database.js';
import { canMatchText } from '../db/text-values.js';
import type { AccountRow } from '../repos/accounts-store.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { RequestAccess } from './request-access.js';
import {
  type ChainGrant,
  grantChain,
  granted,
  inheritsSql,
  orgBaseColumn,
  orgBaseJoin,
} from './granted-permissions.js';
import { hasPermission, highest, type Permission } from './permissions.js';

/** GitHub's `affiliation`: everyone with a grant, direct grants (owner, collaborators), outside collaborators. */
export type Affiliation = 'all' | 'direct' | 'outside';

export interface Grantee {
  account: AccountRow;
  permission: Permission;
}

export interface GranteeFilter {
  affiliation: Affiliation;
  /** Exactly this login (any case). */
  login?: string | null;
  /** Logins or names containing it (any case). */
  query?: string | null;
}

/**
 * Who may read the list: GitHub shows it to a person with push access ("Must
 * have push access to view repository collaborators.") and to an installation
 * on a repository of its own installation, with the metadata every app reads
 * (REST's …/collaborators asks an app no more); another repository's list,
 * public or not, is not an installation's to read.
 */
export async function mayListGrantees(access: RequestAccess, repo: RepositoryRow): Promise<boolean> {
  if (access.asInstallation) return access.allows(repo, { permission: 'read', withinGrant: true });
  return hasPermission(await access.permissionOn(repo), 'write');
}

/** Holders read at most: an organization's members are all holders of its repositories, so the list is cut, by login. */
export const MAX_GRANTEES = 5000;

interface GranteeLink extends ChainGrant {
  user_id: number;
  /** A collaborator grant on the repository itself (not inherited, not through a team). */
  direct: boolean;
  /** A member of the organization that owns the repository. */
  member: boolean;
}

export const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The repository's grantees by login, each with their permission (the highest of their grants along its chain). */
export async function granteesOf(
  sql: Sql | TransactionSql,
  repositoryId: number,
  filter: GranteeFilter,
): Promise<Grantee[]> {
  if (!canMatchText(filter.login ?? '') || !canMatchText(filter.query ?? '')) return [];
  const pattern = filter.query ? `%${likeEscaped(filter.query)}%` : null;
  const links = await sql<GranteeLink[]>`
    WITH RECURSIVE ${grantChain(sql, [repositoryId])},
    holders AS (
      SELECT a.id FROM accounts a WHERE a.kind = 'User' AND a.id IN (
        SELECT owner_id FROM chain
        UNION SELECT k.user_id FROM chain c JOIN repository_grants k ON k.repository_id = c.id
        UNION SELECT m.user_id FROM chain c JOIN org_members m ON m.org_id = c.owner_id)
      AND (${filter.login ?? null}::text IS NULL OR lower(a.login) = lower(${filter.login ?? null}))
      AND (${pattern}::text IS NULL OR a.login ILIKE ${pattern} OR a.name ILIKE ${pattern})
      ORDER BY lower(a.login) LIMIT ${MAX_GRANTEES}
    )
    SELECT h.id AS user_id, c.id, c.owner_id = h.id AS owner, k.permission AS collaborator, m.role AS org_role, c.capped,
      ${inheritsSql(sql)} AS inherits, c.id = ${repositoryId} AND coalesce(k.direct, false) AS direct,
      EXISTS (SELECT 1 FROM org_members o JOIN repositories r ON r.owner_id = o.org_id
              WHERE r.id = ${repositoryId} AND o.user_id = h.id) AS member, ${orgBaseColumn(sql)}
    FROM holders h CROSS JOIN chain c ${orgBaseJoin(sql)}
    LEFT JOIN repository_grants k ON k.repository_id = c.id AND k.user_id = h.id
    LEFT JOIN org_members m ON m.org_id = c.owner_id AND m.user_id = h.id`;
  const byUser = new Map<number, { permission: Permission | null; direct: boolean; member: boolean; owner: boolean }>();
  for (const link of links) {
    const seen = byUser.get(link.user_id) ?? { permission: null, direct: false, member: false, owner: false };
    seen.permission = highest(seen.permission, granted(link));
    seen.direct ||= link.direct;
    seen.member ||= link.member;
    // The repository's own owner (depth 0), not an ancestor's.
    seen.owner ||= link.owner && link.id === repositoryId;
    byUser.set(link.user_id, seen);
  }
  const kept = [...byUser].filter(([, seen]) => {
    if (seen.permission === null) return false;
    if (filter.affiliation === 'direct') return seen.direct || seen.owner;
    if (filter.affiliation === 'outside') return seen.direct && !seen.member;
    return true;
  });
  if (kept.length === 0) return [];
  const accounts = await sql<AccountRow[]>`SELECT * FROM accounts WHERE id = ANY(${kept.map(([id]) => id)})`;
  const byId = new Map(accounts.map((account) => [account.id, account]));
  return kept
    .map(([id, seen]) => ({ account: byId.get(id)!, permission: seen.permission! }))
    .filter((grantee) => grantee.account !== undefined)
    .sort((a, b) => (a.account.login.toLowerCase() < b.account.login.toLowerCase() ? -1 : 1));
}
