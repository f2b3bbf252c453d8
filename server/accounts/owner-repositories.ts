// The repositories of an account as GraphQL's `repositories` lists them
// (User and Organization): the account's affiliations (`ownerAffiliations`),
// the viewer's (`affiliations`), GitHub's filters and orders, cut to what the
// caller may see (access/account-listing-sql.ts); one page and its count.
import type { Fragment } from 'postgres';
import type { Principal } from '../auth/principal.js';
import type { Sql } from '../db/database.js';
import { accountRepositories, type Affiliation } from '../access/account-listing-sql.js';
import type { RepositoryRow } from '../repos/repository-row.js';

export type { Affiliation };

export interface OwnerRepositoryFilter {
  ownerAffiliations: readonly Affiliation[];
  /**
   * GitHub's `affiliations`, documented as the viewer's, is answered for the
   * account (`gh repo list <org>` passes OWNER and lists the org's repositories):
   * a further filter on the account's affiliations; none: no filter.
   */
  affiliations: readonly Affiliation[];
  isFork?: boolean | null;
  isArchived?: boolean | null;
  hasIssuesEnabled?: boolean | null;
  isLocked?: boolean | null;
  /** PUBLIC or PRIVATE (`privacy` and `visibility`; Wharf has no INTERNAL repositories). */
  visibility?: 'PUBLIC' | 'PRIVATE' | 'INTERNAL' | null;
  order: { field: 'CREATED_AT' | 'NAME' | 'PUSHED_AT' | 'STARGAZERS' | 'UPDATED_AT'; direction: 'ASC' | 'DESC' } | null;
}

function conditions(sql: Sql, principal: Principal, accountId: number, filter: OwnerRepositoryFilter): Fragment {
  // Which affiliations others are shown, and which repositories anyone reads, is access/'s rule.
  const sets =
    filter.affiliations.length > 0 ? [filter.ownerAffiliations, filter.affiliations] : [filter.ownerAffiliations];
  const parts = [accountRepositories(sql, principal, accountId, sets)];
  if (filter.isFork != null) parts.push(sql`r.fork = ${filter.isFork}`);
  if (filter.isArchived != null) parts.push(sql`r.archived = ${filter.isArchived}`);
  if (filter.hasIssuesEnabled != null) parts.push(sql`r.has_issues = ${filter.hasIssuesEnabled}`);
  // Wharf never locks a repository (GitHub does during migrations and for billing).
  if (filter.isLocked === true) parts.push(sql`FALSE`);
  if (filter.visibility === 'INTERNAL') parts.push(sql`FALSE`);
  else if (filter.visibility) parts.push(sql`r.private = ${filter.visibility === 'PRIVATE'}`);
  return parts.reduce((all, part) => sql`${all} AND ${part}`);
}

/**
 * ORDER BY for the page, exactly reversed when a page is read from the end (never-pushed
 * repositories last). Stars: Wharf has none, so creation order.
 */
function orderBy(filter: OwnerRepositoryFilter, reverse: boolean): string {
  const asc = ((filter.order?.direction ?? 'ASC') === 'ASC') !== reverse;
  const dir = asc ? 'ASC' : 'DESC';
  const column = {
    CREATED_AT: 'r.created_at',
    NAME: 'lower(r.name)',
    PUSHED_AT: 'r.pushed_at',
    UPDATED_AT: 'r.updated_at',
  };
  const field = filter.order?.field;
  const lead = field && field !== 'STARGAZERS' ? `${column[field]} ${dir} NULLS ${reverse ? 'FIRST' : 'LAST'}, ` : '';
  return `${lead}r.id ${dir}`;
}

export interface RepositoryPage {
  offset: number;
  limit: number;
  /** Read from the end of the list (GraphQL's `last` without `before`): rows come back in forward order. */
  fromEnd: boolean;
}

export async function ownerRepositories(
  sql: Sql,
  principal: Principal,
  accountId: number,
  filter: OwnerRepositoryFilter,
  page: RepositoryPage,
): Promise<{ rows: RepositoryRow[]; total: number }> {
  const where = conditions(sql, principal, accountId, filter);
  const [count] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM repositories r WHERE ${where}`;
  if (page.limit === 0) return { rows: [], total: count!.n };
  const rows = await sql<RepositoryRow[]>`
    SELECT r.*, a.login AS owner_login, a.kind AS owner_kind, a.site_admin AS owner_site_admin
    FROM repositories r JOIN accounts a ON a.id = r.owner_id WHERE ${where}
    ORDER BY ${sql.unsafe(orderBy(filter, page.fromEnd))} LIMIT ${page.limit} OFFSET ${page.offset}`;
  return { rows: page.fromEnd ? rows.reverse() : rows, total: count!.n };
}
