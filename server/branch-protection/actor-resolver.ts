// The names a protection body gives its actors, to ids: users by login, teams
// by slug among the repository's organization's teams, apps by slug among the
// apps installed on the repository with `contents: write` (GitHub lists only
// those as able to push). A name that finds nothing is left out of the map,
// and protection-input.ts answers 422 naming it.
import type { Sql, TransactionSql } from '../db/database.js';
import { canMatchText } from '../db/text-values.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { ActorResolver, LoginResolver } from './protection-input.js';

type Db = Sql | TransactionSql;

/** The names lower-cased, without those no stored name can equal (NUL). */
const lowered = (names: readonly string[]) => names.filter(canMatchText).map((name) => name.toLowerCase());

const byName = (rows: readonly { id: string | number; name: string }[]) =>
  new Map(rows.map((row) => [row.name, Number(row.id)]));

/** Logins to user ids (case-insensitively). */
export function userResolver(sql: Db): LoginResolver {
  return async (logins) => {
    const names = lowered(logins);
    if (names.length === 0) return new Map();
    return byName(
      await sql<{ id: string; name: string }[]>`
      SELECT id, lower(login) AS name FROM accounts WHERE lower(login) = ANY(${names}) AND kind = 'User'`,
    );
  };
}

/** Team slugs of the repository's organization (none for a user's repository). */
function teamResolver(sql: Db, repo: RepositoryRow): LoginResolver {
  return async (slugs) => {
    const names = lowered(slugs);
    if (names.length === 0 || repo.owner_kind !== 'Organization') return new Map();
    return byName(
      await sql<{ id: string; name: string }[]>`
      SELECT id, lower(slug) AS name FROM teams WHERE org_id = ${repo.owner_id} AND lower(slug) = ANY(${names})`,
    );
  };
}

/** App slugs of the apps whose installation on the owner reaches the repository and may write its contents. */
function appResolver(sql: Db, repo: RepositoryRow): LoginResolver {
  return async (slugs) => {
    const names = lowered(slugs);
    if (names.length === 0) return new Map();
    return byName(
      await sql<{ id: string; name: string }[]>`
      SELECT p.id, lower(p.slug) AS name FROM apps p
      JOIN installations i ON i.app_id = p.id AND i.account_id = ${repo.owner_id}
      WHERE lower(p.slug) = ANY(${names}) AND i.permissions->>'contents' = 'write'
        AND (i.repository_selection = 'all' OR EXISTS (
          SELECT 1 FROM installation_repositories ir WHERE ir.installation_id = i.id AND ir.repository_id = ${repo.id}))`,
    );
  };
}

export function actorResolver(sql: Db, repo: RepositoryRow): ActorResolver {
  return { users: userResolver(sql), teams: teamResolver(sql, repo), apps: appResolver(sql, repo) };
}
