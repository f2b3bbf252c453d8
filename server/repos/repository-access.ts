// Finding a repository for an operation and checking the caller may act on it:
// the policy decides (access/repository-access.ts, with the operation's
// declared scopes and app permissions), and a refusal becomes REST's error
// (access/access-refusal.ts). A private repository is 404 to anonymous
// callers and 403 to signed-in non-members, as the interface specifies.
import { refusalError } from '../access/access-refusal.js';
import { type AccessDecision, decideAccess } from '../access/repository-access.js';
import type { Principal } from '../auth/principal.js';
import { notFound } from '../errors/domain-error.js';
import { routeTable, type OperationId } from '../generated/routes.js';
import type { OperationContext } from '../http/operation-context.js';
import type { Services } from '../services.js';
import type { Permission } from './permissions.js';
import type { RepositoryRow } from './repositories-store.js';

export interface RepositoryAccess {
  repo: RepositoryRow;
  permission: Permission | null;
}

/** The handlers' form: the operation's scopes and app permissions come from openapi.yaml. */
export async function accessRepository<K extends OperationId>(
  ctx: OperationContext<K>,
  owner: string,
  name: string,
  needed: Permission,
): Promise<RepositoryAccess> {
  const { acceptedScopes, appPermissions } = routeTable[ctx.operationId];
  const access = await repositoryFor(ctx.services, ctx.principal, owner, name, {
    permission: needed,
    scopes: acceptedScopes,
    app: appPermissions,
  });
  ctx.checkScopes(); // passes (the policy checked the same): remembers it for ctx.input()
  return access;
}

/** The repository `owner/name` and the caller's permission on it; the policy's refusal as a DomainError. */
export async function repositoryFor(
  services: Pick<Services, 'repos'>,
  principal: Principal,
  owner: string,
  name: string,
  need: Parameters<typeof decideAccess>[3],
): Promise<RepositoryAccess> {
  const { repos } = services;
  // Cached answers are taken synchronously: every await is a microtask hop on the hot path.
  const cached = repos.peek(owner, name);
  const repo = cached !== undefined ? cached : await repos.find(owner, name);
  if (!repo) throw notFound();
  const decided = decideAccess(principal, repo, repos, need);
  const decision: AccessDecision = decided instanceof Promise ? await decided : decided;
  if (decision.refused !== undefined) throw refusalError(decision);
  return { repo, permission: decision.permission };
}
