// A user's own permission on a repository, whatever credential they came
// with: public read for anyone, admin for a site admin, otherwise their grant
// (granted-permissions.ts) or public read, the higher. It is the rule where
// GitHub shows the user's role rather than what the token may do: the
// `permissions` object of repository bodies, the browser pages' session, a
// maintainer's write on the base of a pull request. What a principal (scopes,
// installation grants) may do is repository-permission.ts and
// repository-access.ts, which read this through the same source.
// repos/repositories-store.ts caches the grants; the rule is here.
import type { UserRef } from '../auth/principal.js';
import type { Sql, TransactionSql } from '../db/database.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { loadGrantedPermission, loadGrantedPermissions } from './granted-permissions.js';
import { highest, type Permission } from './permissions.js';

export type GrantHolder = Pick<UserRef, 'id' | 'siteAdmin'>;

/** A cache of users' grants on one repository (the repository cache's entry). */
export interface GrantCache {
  get(userId: number): Permission | null | undefined;
  set(userId: number, granted: Permission | null): void;
}

/** Where callers read a user's own permission: the repository cache (`services.repos`). */
export interface UserPermissionSource {
  peekPermission(repo: RepositoryRow, user: GrantHolder | null): Permission | null | undefined;
  permissionOf(repo: RepositoryRow, user: GrantHolder | null): Promise<Permission | null>;
  permissionsOf(rows: RepositoryRow[], user: GrantHolder): Promise<(Permission | null)[]>;
}

const publicRead = (repo: RepositoryRow): Permission | null => (repo.private ? null : 'read');

/** The user's permission from cached grants only; undefined when the grant must be read. Synchronous for the hot path. */
export function peekUserPermission(
  repo: RepositoryRow,
  user: GrantHolder | null,
  grants: () => ReadonlyMap<number, Permission | null> | undefined,
): Permission | null | undefined {
  if (!user) return publicRead(repo);
  if (user.siteAdmin) return 'admin';
  const granted = grants()?.get(user.id);
  return granted === undefined ? undefined : highest(granted, publicRead(repo));
}

/** The user's permission, the grant read through `grants` (and kept there) when it is not cached. */
export async function userPermission(
  sql: Sql,
  repo: RepositoryRow,
  user: GrantHolder | null,
  grants: () => Promise<GrantCache>,
): Promise<Permission | null> {
  if (!user) return publicRead(repo);
  if (user.siteAdmin) return 'admin';
  const cache = await grants();
  let granted = cache.get(user.id);
  if (granted === undefined) {
    granted = await loadGrantedPermission(sql, repo, user.id);
    cache.set(user.id, granted);
  }
  return highest(granted, publicRead(repo));
}

/** userPermission for a page of rows, in one query (not cached: a list is not the hot lookup). */
export async function userPermissions(
  sql: Sql | TransactionSql,
  rows: RepositoryRow[],
  user: GrantHolder,
): Promise<(Permission | null)[]> {
  if (user.siteAdmin) return rows.map(() => 'admin');
  // loadGrantedPermissions answers `admin` for the user's own rows without asking the database.
  const granted = await loadGrantedPermissions(sql, rows, user.id);
  return rows.map((r) => highest(granted.get(r.id), publicRead(r)));
}

/**
 * userPermissions for a batch (GraphQL's per-request loader): rows whose grant
 * the repository cache holds cost nothing, the rest one statement, uncached.
 */
export async function userPermissionsPeeked(
  source: Pick<UserPermissionSource, 'peekPermission'>,
  sql: Sql,
  rows: readonly RepositoryRow[],
  user: GrantHolder | null,
): Promise<(Permission | null)[]> {
  if (!user) return rows.map(publicRead);
  const cached = rows.map((repo) => source.peekPermission(repo, user));
  const misses = rows.filter((_repo, i) => cached[i] === undefined);
  const granted = misses.length > 0 ? await loadGrantedPermissions(sql, misses, user.id) : new Map();
  return rows.map((repo, i) =>
    cached[i] !== undefined ? cached[i]! : highest(granted.get(repo.id), publicRead(repo)),
  );
}

/** The user's own permission (see above), for a body's `permissions` object or a page's session. */
export function ownPermission(
  source: Pick<UserPermissionSource, 'permissionOf'>,
  repo: RepositoryRow,
  user: GrantHolder | null,
): Promise<Permission | null> {
  return source.permissionOf(repo, user);
}

/** ownPermission for a page of rows, in order. */
export function ownPermissions(
  source: Pick<UserPermissionSource, 'permissionsOf'>,
  rows: RepositoryRow[],
  user: GrantHolder,
): Promise<(Permission | null)[]> {
  return source.permissionsOf(rows, user);
}

/** The ids of `repos` on which the user still holds a grant of their own (public read not counted). */
export async function stillGranted(
  sql: Sql | TransactionSql,
  repos: readonly RepositoryRow[],
  userId: number,
): Promise<Set<number>> {
  const granted = await loadGrantedPermissions(sql, repos, userId);
  return new Set(repos.filter((repo) => granted.get(repo.id) != null).map((repo) => repo.id));
}
