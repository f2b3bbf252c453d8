// The caller as the one access policy sees them, bound once per request:
// GraphQL builds it in graphql/mount.ts and puts it in the context as
// `ctx.access`. Resolvers ask it questions (may this caller see this
// repository? what does the policy say for this need?) and never handle the
// principal, compare permissions or apply installation rules themselves: every
// answer here is the policy's, with the user's own permission read through the
// request's loader (one statement for a page of repositories).
import type { DataKind } from './data-kinds.js';
import { kindAllowed, kindCovered } from './data-access.js';
import type { RepositoryRef } from './installation-policy.js';
import { type AccessDecision, decideAccess, type Need } from './repository-access.js';
import { canSeeRepository, principalPermission } from './repository-permission.js';
import type { Principal } from '../auth/principal.js';
import type { Permission } from './permissions.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { Services } from '../services.js';

/** Reads the user's own permission on a repository (public read and site admin included), batched per request. */
export interface PermissionLoader {
  load(repo: RepositoryRow): Promise<Permission | null>;
}

export interface RequestAccess {
  /** The signed-in user's account id (an installation's bot included); null for an anonymous caller. */
  readonly viewerId: number | null;
  /** The signed-in user's login, for GitHub's messages; null for an anonymous caller. */
  readonly viewerLogin: string | null;
  /** Whether the caller is an app acting as an installation (nobody's viewer; reads limited by its app permissions). */
  readonly asInstallation: boolean;
  /** Whether the caller may see `repo`: a private one it may not read is reported exactly like a missing one. */
  seesRepository(repo: RepositoryRow): Promise<boolean>;
  /** The caller's permission on `repo` by the policy; null where it may not see it. */
  permissionOn(repo: RepositoryRow): Promise<Permission | null>;
  /** GitHub's `viewerPermission`: a person's own permission (public read included); null for an installation. */
  viewerPermission(repo: RepositoryRow): Promise<Permission | null>;
  /** The policy's decision on acting on `repo` with `need`: a permission, or why it is refused. */
  decide(repo: RepositoryRow, need: Need): Promise<AccessDecision>;
  /** Whether the policy lets the caller act on `repo` with `need`. */
  allows(repo: RepositoryRow, need: Need): Promise<boolean>;
  /** Whether the caller may read `kind` of `repo`'s data (people: always; an installation: by its app permissions). */
  readsKind(repo: RepositoryRef, kind: DataKind): boolean;
  /** readsKind where the repository is already settled as visible: only an installation's app permissions are asked. */
  coversKind(kind: DataKind): boolean;
}

export function requestAccess(principal: Principal, permissions: PermissionLoader): RequestAccess {
  const user = principal.kind === 'token' ? principal.user : null;
  const source = {
    peekPermission: () => undefined,
    permissionOf: (repo: RepositoryRow) => permissions.load(repo),
  };
  const asInstallation = principal.kind === 'token' && Boolean(principal.installation);
  const decide = async (repo: RepositoryRow, need: Need) => decideAccess(principal, repo, source, need);
  // A public repository's permission is read too, through the loader: every
  // repository of a query then reaches its fields in the same turn, so their
  // connections batch into one statement.
  const permissionOn = (repo: RepositoryRow) => principalPermission(principal, repo, source);
  return {
    viewerId: user?.id ?? null,
    viewerLogin: user?.login ?? null,
    asInstallation,
    seesRepository: async (repo) => (await permissionOn(repo)) !== null,
    permissionOn,
    viewerPermission: async (repo) => (asInstallation ? null : permissions.load(repo)),
    decide,
    allows: async (repo, need) => (await decide(repo, need)).refused === undefined,
    readsKind: (repo, kind) => kindAllowed(principal, repo, kind, 'read'),
    coversKind: (kind) => kindCovered(principal, kind),
  };
}

/** Whether `principal` sees `repo` now, through the repository cache: the response cache's check, made before a request's loaders exist. */
export const seesRepositoryNow = (services: Services, principal: Principal, repo: RepositoryRow): Promise<boolean> =>
  canSeeRepository(principal, repo, services.repos);
