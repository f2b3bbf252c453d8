// GET /user/repos: the repositories a user owns, reaches through an org or
// collaborates on, one page at a time. The reach is taken owner by owner
// (the user and their orgs) through an index in the requested order, at most
// offset + per_page rows each (or, past the middle, from the other end), so
// the first and last pages read a page per owner instead of sorting every
// reachable repository; the collaborations are added as they are (they are
// few next to what a user owns). The count is one more indexed query.
// Indexes: migration 009.
import type { Sql } from '../db/database.js';
import { affiliatedOwners, collaborationsOf } from '../access/affiliation-sql.js';
import { listedFor } from '../access/readable-sql.js';
import type { RepositoryRow } from './repository-row.js';

export interface ListOptions {
  visibility: 'all' | 'public' | 'private';
  sort: string;
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
  includePrivate: boolean;
}

/**
 * Per sort: the order within one owner (served by an index on owner_id and
 * these columns) and the order of the whole list. `lower(login) || '/'`, then
 * the lowered name, is the order of the lowered full name: no login holds a
 * `/`, so two owners' prefixes decide before any name does. `nulls` is LAST
 * but for a page read from the end (FIRST: the exact reverse).
 */
function orders(sort: string, dir: 'ASC' | 'DESC', nulls: 'LAST' | 'FIRST'): { owner: string; list: string } {
  // created_at and updated_at are never null: no NULLS clause, so one index serves both directions.
  const by = (column: string, nullable = false) => `${column} ${dir}${nullable ? ` NULLS ${nulls}` : ''}, r.id ${dir}`;
  switch (sort) {
    case 'created':
      return { owner: by('r.created_at'), list: by('r.created_at') };
    case 'updated':
      return { owner: by('r.updated_at'), list: by('r.updated_at') };
    case 'pushed':
      return { owner: by('r.pushed_at', true), list: by('r.pushed_at', true) };
    default:
      return { owner: `lower(r.name) ${dir}`, list: `lower(a.login) || '/' ${dir}, lower(r.name) ${dir}, r.id ${dir}` };
  }
}

export async function listRepositoriesForUser(
  sql: Sql,
  userId: number,
  options: ListOptions,
): Promise<{ rows: RepositoryRow[]; total: number }> {
  const wantPrivate = options.includePrivate && options.visibility !== 'public';
  const wantPublic = options.visibility !== 'private';
  // A private fork in an org of the user's is the user's to see only if they read it (readable-sql.ts).
  const visible = listedFor(sql, userId, wantPrivate, wantPublic);
  const owners = affiliatedOwners(sql, userId);
  const collaborations = collaborationsOf(sql, userId, sql`r.owner_id NOT IN (SELECT id FROM owners) AND ${visible}`);
  const [count] = await sql<{ n: number }[]>`WITH owners AS (${owners})
    SELECT (SELECT count(*) FROM repositories r WHERE r.owner_id IN (SELECT id FROM owners) AND ${visible})::int
         + (SELECT count(*) FROM (${collaborations}) c)::int AS n`;
  const total = count!.n;
  if (options.offset >= total) return { rows: [], total };
  // A page nearer the end is read from the end, in the reverse order: the
  // last page costs what the first does.
  const fromEnd = total - options.offset < options.offset;
  const ascending = (options.direction === 'asc') !== fromEnd;
  const order = orders(options.sort, ascending ? 'ASC' : 'DESC', fromEnd ? 'FIRST' : 'LAST');
  const limit = fromEnd ? Math.min(options.limit, total - options.offset) : options.limit;
  const offset = fromEnd ? Math.max(0, total - options.offset - options.limit) : options.offset;
  const rows = await sql<RepositoryRow[]>`WITH owners AS (${owners}),
    candidates AS (
      SELECT page.* FROM owners o CROSS JOIN LATERAL (
        SELECT r.* FROM repositories r WHERE r.owner_id = o.id AND ${visible}
        ORDER BY ${sql.unsafe(order.owner)} LIMIT ${offset + limit}) page
      UNION ALL ${collaborations})
    SELECT r.*, a.login AS owner_login, a.kind AS owner_kind, a.site_admin AS owner_site_admin
    FROM candidates r JOIN accounts a ON a.id = r.owner_id
    ORDER BY ${sql.unsafe(order.list)} LIMIT ${limit} OFFSET ${offset}`;
  return { rows: fromEnd ? rows.reverse() : rows, total };
}
