// The rules of granted-permissions.ts as SQL conditions on the repository `r` of a
// query that filters many repositories at once (search, issues across
// repositories, fork lists, /user/repos), so the lists show exactly what a
// read of each would: a grant of the user on `r` (owner, collaborator, team, org
// member while its base permission is not `none`), where an org's plain members do not read a private fork of a
// private parent, whose readers come from its upstream (a grant on any
// private ancestor, up to MAX_INHERITANCE_DEPTH forks up).
import type { Fragment } from 'postgres';
import type { Sql, TransactionSql } from '../db/database.js';
import { MAX_INHERITANCE_DEPTH } from './granted-permissions.js';

type Db = Sql | TransactionSql;

/** `repo` (an alias) is a private fork of a private parent: it inherits its parent's readers. */
const inherits = (sql: Db, repo: string) => sql`(${sql(repo)}.fork AND ${sql(repo)}.private
  AND EXISTS (SELECT 1 FROM repositories inherits_p WHERE inherits_p.id = ${sql(repo)}.parent_id AND inherits_p.private))`;

/** The user's own grant on `repo` (an alias), not inherited. */
const ownGrant = (sql: Db, repo: string, userId: number) => sql`(${sql(repo)}.owner_id = ${userId}
  OR EXISTS (SELECT 1 FROM repository_grants own_c WHERE own_c.repository_id = ${sql(repo)}.id AND own_c.user_id = ${userId})
  OR EXISTS (SELECT 1 FROM org_members own_m WHERE own_m.org_id = ${sql(repo)}.owner_id AND own_m.user_id = ${userId}
    AND (own_m.role = 'admin' OR (NOT ${inherits(sql, repo)} AND ${memberBaseReads(sql, repo)}))))`;

/** The organization owning `repo` gives its plain members a base permission other than `none`. */
const memberBaseReads = (sql: Db, repo: string) => sql`EXISTS (SELECT 1 FROM accounts base_o
  WHERE base_o.id = ${sql(repo)}.owner_id AND base_o.default_repository_permission <> 'none')`;

/** The user has a grant on `r` (public read not included). */
export function grantedOn(sql: Db, userId: number): Fragment {
  return sql`(${ownGrant(sql, 'r', userId)} OR (${inherits(sql, 'r')} AND EXISTS (
    WITH RECURSIVE up AS (
      SELECT p.id, p.owner_id, p.parent_id, p.fork, p.private, 1 AS depth FROM repositories p WHERE p.id = r.parent_id AND p.private
      UNION ALL
      SELECT p.id, p.owner_id, p.parent_id, p.fork, p.private, up.depth + 1
      FROM up JOIN repositories p ON p.id = up.parent_id AND p.private
      WHERE up.fork AND up.depth < ${MAX_INHERITANCE_DEPTH}
    )
    SELECT 1 FROM up WHERE ${ownGrant(sql, 'up', userId)})))`;
}

/** The user reads `r`: public, or granted. */
export function readableBy(sql: Db, userId: number): Fragment {
  return sql`(NOT r.private OR ${grantedOn(sql, userId)})`;
}

/** What a caller reads among many repositories: public ones and, with `reachPrivate` (a token's `repo` scope), granted ones. */
export function readableWithScope(sql: Db, userId: number, reachPrivate: boolean): Fragment {
  return reachPrivate ? readableBy(sql, userId) : sql`NOT r.private`;
}

/** A reader of many repositories: nobody (anonymous: public only), a site admin (everything), or a user. */
export interface Reader {
  id: number;
  siteAdmin: boolean;
}

/** What `reader` reads of `r`: public ones for anonymous callers, every one for a site admin, else readableBy. */
export function readableTo(sql: Db, reader: Reader | null): Fragment {
  if (reader?.siteAdmin) return sql`TRUE`;
  if (!reader) return sql`NOT r.private`;
  return readableBy(sql, reader.id);
}

/**
 * /user/repos' visibility: private repositories where the user holds a grant
 * (when `wantPrivate`: the token reaches them and the caller asked), public
 * ones when `wantPublic`. Where a plain member of an org does not read a
 * private fork in it, it is not listed either.
 */
export function listedFor(sql: Db, userId: number, wantPrivate: boolean, wantPublic: boolean): Fragment {
  return sql`((r.private AND ${wantPrivate} AND ${grantedOn(sql, userId)}) OR (NOT r.private AND ${wantPublic}))`;
}
