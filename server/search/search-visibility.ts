// Which repositories a search may look into: those the caller can read, by
// the same rules as reading one (server/repos/repository-access.ts), as one
// SQL condition on `r` (repositories) so a search is one statement.
import type { Fragment } from 'postgres';
import type { Principal } from '../auth/principal.js';
import type { Sql } from '../db/database.js';
import { hasAnyScope } from '../http/scopes.js';
import { readableBy } from '../repos/readable-sql.js';

export function readableRepositories(sql: Sql, principal: Principal): Fragment {
  if (principal.kind !== 'token') return sql`NOT r.private`;
  const grant = principal.installation;
  if (grant) {
    // An installation reads its account's selected repositories, if it may
    // read issues at all; elsewhere only public ones.
    if (!grant.permissions.issues) return sql`NOT r.private`;
    const selected = grant.repositoryIds === null ? sql`TRUE` : sql`r.id = ANY(${[...grant.repositoryIds]})`;
    return sql`(NOT r.private OR (r.owner_id = ${grant.accountId} AND ${selected}))`;
  }
  const user = principal.user;
  if (user.siteAdmin) return sql`TRUE`;
  // A classic token without `repo` scope sees private repositories as if it had no rights.
  if (!hasAnyScope(principal.scopes, ['repo'])) return sql`NOT r.private`;
  return readableBy(sql, user.id);
}
