// What a caller reads of one person's issues, pull requests or comments
// across every repository (GraphQL's User.issues, .pullRequests,
// .issueComments), as SQL on `i` (the issue, or the pull request's issue) and
// `r` (its repository): the repositories search looks into
// (search-visibility-sql.ts), issues only where the repository has them
// turned on (a read of one answers 410 otherwise), and for an installation
// only the kinds its app permissions open, on every repository, as
// installationMay asks it of each node the GraphQL guard lets through; so a
// list's totalCount counts exactly the rows its nodes may show.
import type { Fragment } from 'postgres';
import type { Principal } from '../auth/principal.js';
import type { Sql } from '../db/database.js';
import { grantCovers } from './installation-policy.js';
import { readableRepositories } from './search-visibility-sql.js';

export type AuthoredKind = 'issues' | 'pull_requests' | 'comments';

export function readableAuthored(sql: Sql, principal: Principal, kind: AuthoredKind): Fragment {
  const isPull = sql`EXISTS (SELECT 1 FROM pull_requests ra_pr WHERE ra_pr.issue_id = i.id)`;
  const enabled = { issues: sql`r.has_issues`, pull_requests: sql`TRUE`, comments: sql`(r.has_issues OR ${isPull})` };
  const where = sql`${readableRepositories(sql, principal)} AND ${enabled[kind]}`;
  const grant = principal.kind === 'token' ? principal.installation : null;
  if (!grant) return where;
  const issues = grantCovers(grant, 'issues', 'read');
  const pulls = grantCovers(grant, 'pull_requests', 'read');
  // A conversation's comments are open to either permission on a pull request, to `issues` on an issue.
  const kinds = {
    issues: issues ? sql`TRUE` : sql`FALSE`,
    pull_requests: pulls ? sql`TRUE` : sql`FALSE`,
    comments: issues ? sql`TRUE` : pulls ? isPull : sql`FALSE`,
  };
  return sql`${where} AND ${kinds[kind]}`;
}
