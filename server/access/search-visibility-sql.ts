// Which repositories a search may look into: those the caller can read, by
// the same rules as reading one (repository-access.ts), as one
// SQL condition on `r` (repositories) so a search is one statement; and for
// an installation, which kinds of result it may read there.
import type { Fragment } from 'postgres';
import { grantCovers } from './installation-policy.js';
import type { Principal } from '../auth/principal.js';
import type { Sql } from '../db/database.js';
import { scopesReachPrivate } from './token-scopes.js';
import { readableBy } from './readable-sql.js';

export function readableRepositories(sql: Sql, principal: Principal): Fragment {
  if (principal.kind !== 'token') return sql`NOT r.private`;
  const grant = principal.installation;
  if (grant) {
    // An installation reads its account's selected repositories, if it may
    // read issues or pull requests at all (readableKinds says which); elsewhere only public ones.
    if (!grantCovers(grant, 'issues', 'read') && !grantCovers(grant, 'pull_requests', 'read'))
      return sql`NOT r.private`;
    const selected = grant.repositoryIds === null ? sql`TRUE` : sql`r.id = ANY(${[...grant.repositoryIds]})`;
    return sql`(NOT r.private OR (r.owner_id = ${grant.accountId} AND ${selected}))`;
  }
  const user = principal.user;
  if (user.siteAdmin) return sql`TRUE`;
  // A classic token without `repo` scope sees private repositories as if it had no rights.
  if (!scopesReachPrivate(principal.scopes)) return sql`NOT r.private`;
  return readableBy(sql, user.id);
}

/**
 * Which results of private repositories an installation may see, on `i`
 * (issues): issues with `issues: read`, pull requests with `pull_requests:
 * read`, as reading each one requires (access/installation-policy.ts).
 */
export function readableKinds(sql: Sql, principal: Principal): Fragment {
  const grant = principal.kind === 'token' ? principal.installation : null;
  if (!grant) return sql`TRUE`;
  const issues = grantCovers(grant, 'issues', 'read');
  if (issues === grantCovers(grant, 'pull_requests', 'read')) return sql`TRUE`;
  const isPull = sql`EXISTS (SELECT 1 FROM pull_requests sk_pr WHERE sk_pr.issue_id = i.id)`;
  return issues ? sql`(NOT r.private OR NOT ${isPull})` : sql`(NOT r.private OR ${isPull})`;
}
