// The one decision on acting on a repository, as a value: the caller's
// permission, or why it is refused. Both edges ask it: REST's accessRepository
// (http/repository-access.ts) turns a refusal into GitHub's REST error with
// refusalError (access-refusal.ts), GraphQL's writerOf (graphql/access/) into
// GraphQL's FORBIDDEN in the mutation's words. The order is the documented
// one: existence and visibility (not found) before permission and scope.
//
// - Anonymous callers read public repositories; anything else is not found.
// - A classic token without `repo` sees private repositories as if it had no
//   rights (refused with the scope it lacks where the user has a grant).
// - People then need `need.permission`, and the token one of `need.scopes`.
// - An installation token has its grant's permission on its installation's
//   repositories (public read elsewhere, and no operation that needs an app
//   permission above read) and needs `need.app`; with
//   `withinGrant` (GraphQL's mutations) it acts only on its installation's
//   repositories, with write permission.
import { satisfies } from './app-permission-levels.js';
import { installationPermission } from './installation-access.js';
import { grantReaches } from './installation-grant.js';
import type { AppPermissions, InstallationGrant, Principal, UserRef } from '../auth/principal.js';
import { atLeast, type Permission } from './permissions.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { hasAnyScope, scopesReachPrivate } from './token-scopes.js';

export interface Need {
  permission: Permission;
  /** Classic-token scopes of which one is needed; left out: checked elsewhere. */
  scopes?: readonly string[];
  /** App permissions an installation token needs (null: none will do); left out: checked elsewhere. */
  app?: AppPermissions | null;
  /** An installation acts only on its installation's repositories, as a writer (GraphQL's mutations). */
  withinGrant?: boolean;
}

export type Refusal =
  /** Reported as missing: the caller may not know the repository exists. */
  | { refused: 'not_found' }
  /** Seen, but the caller's permission falls short of `needed`. */
  | { refused: 'forbidden'; needed: Permission }
  /** The token lacks a scope (`accepted` lists what would do); `needed` when the repository's privacy asked it. */
  | { refused: 'scope'; accepted: string; needed?: Permission }
  /** An installation token outside its grant or without the app permissions. */
  | { refused: 'integration'; app: AppPermissions | null };

export type AccessDecision = { permission: Permission | null; refused?: undefined } | Refusal;

/** Where a user's own permission (public read and site admin included) is read: peeked synchronously when cached. */
export interface PermissionSource {
  peekPermission(repo: RepositoryRow, user: UserRef | null): Permission | null | undefined;
  permissionOf(repo: RepositoryRow, user: UserRef | null): Promise<Permission | null>;
}

/** The decision; synchronous when the user's permission is cached (REST's hot path saves the await). */
export function decideAccess(
  principal: Principal,
  repo: RepositoryRow,
  source: PermissionSource,
  need: Need,
): AccessDecision | Promise<AccessDecision> {
  if (principal.kind === 'token' && principal.installation)
    return installationDecision(principal.installation, repo, need);
  const user = principal.kind === 'token' ? principal.user : null;
  const peeked = source.peekPermission(repo, user);
  if (peeked !== undefined) return userDecision(principal, repo, peeked, need);
  return source.permissionOf(repo, user).then((granted) => userDecision(principal, repo, granted, need));
}

export function userDecision(
  principal: Principal,
  repo: RepositoryRow,
  granted: Permission | null,
  need: Need,
): AccessDecision {
  const token = principal.kind === 'token' ? principal : null;
  const scopeBlocksPrivate = repo.private && token !== null && !scopesReachPrivate(token.scopes);
  if (repo.private && (granted === null || scopeBlocksPrivate)) {
    if (!token) return { refused: 'not_found' };
    if (scopeBlocksPrivate && granted !== null) return { refused: 'scope', accepted: 'repo', needed: need.permission };
    return { refused: 'forbidden', needed: 'read' };
  }
  if (!atLeast(granted, need.permission)) return token ? { refused: 'forbidden', needed: need.permission } : NOT_FOUND;
  const scopes = need.scopes ?? [];
  if (token && scopes.length > 0 && !hasAnyScope(token.scopes, scopes))
    return { refused: 'scope', accepted: [...new Set(scopes)].join(', ') };
  return { permission: granted };
}

export function installationDecision(grant: InstallationGrant, repo: RepositoryRow, need: Need): AccessDecision {
  const app = need.app ?? null;
  const reaches = grantReaches(grant, repo);
  const lacksApp = need.app !== undefined && (need.app === null || !satisfies(grant.permissions, need.app));
  if (need.withinGrant) {
    if (!reaches || lacksApp) return { refused: 'integration', app };
    return atLeast('write', need.permission)
      ? { permission: 'write' }
      : { refused: 'forbidden', needed: need.permission };
  }
  // An operation that needs an app permission above read (opening an issue,
  // commenting) writes: GitHub lets an installation do that only on its own
  // repositories, though anyone with read may open an issue on a public one.
  const writes = app !== null && Object.values(app).some((level) => level !== 'read');
  const permission = installationPermission(grant, repo);
  if ((!reaches && (writes || !atLeast(permission, need.permission))) || lacksApp)
    return { refused: 'integration', app };
  return { permission };
}

const NOT_FOUND: Refusal = { refused: 'not_found' };
