// Repository and `Query.repository` (its git fields are in refs.ts). A private
// repository the caller may not read is reported exactly like a missing one.
import { installationPermission } from '../../apps/installation-access.js';
import type { Principal } from '../../auth/principal.js';
import { hasAnyScope } from '../../http/scopes.js';
import { isoSeconds } from '../../http/timestamps.js';
import { encodeNodeId } from '../../ids/node-id.js';
import type { RepositoryRow } from '../../repos/repositories-store.js';
import type { GraphqlContext } from '../context.js';
import { repositoryNotFound } from '../errors.js';
import type { QueryResolvers, RepositoryResolvers } from '../generated/resolvers-types.js';
import { repositoryGitFields } from './refs.js';

/**
 * Whether the caller may see the repository: any permission at all
 * (`permissionOf` includes public read). As in REST, a classic token without
 * the `repo` scope does not see private repositories, whatever its owner may.
 */
export async function canSeeRepository(ctx: GraphqlContext, repo: RepositoryRow): Promise<boolean> {
  const principal: Principal = ctx.principal;
  // An installation token sees its installation's repositories and public ones.
  if (principal.kind === 'token' && principal.installation) return installationPermission(principal.installation, repo) !== null;
  const permission = await ctx.loaders.repositoryPermission.load(repo);
  if (permission === null) return false;
  if (repo.private && principal.kind === 'token') {
    return hasAnyScope(principal.scopes, ['repo']);
  }
  return true;
}

export const Repository: RepositoryResolvers = {
  id: (repo) => encodeNodeId('Repository', repo.id),
  databaseId: (repo) => repo.id,
  name: (repo) => repo.name,
  nameWithOwner: (repo) => `${repo.owner_login}/${repo.name}`,
  isPrivate: (repo) => repo.private,
  description: (repo) => repo.description,
  url: (repo, _args, ctx) => ctx.services.urls.html(`/${repo.owner_login}/${repo.name}`),
  owner: async (repo, _args, ctx) => {
    const owner = await ctx.loaders.accountById.load(repo.owner_id);
    if (!owner) throw new Error(`repository ${repo.id} has no owner account ${repo.owner_id}`);
    return owner;
  },
  ...repositoryGitFields,
  createdAt: (repo) => isoSeconds(repo.created_at),
  updatedAt: (repo) => isoSeconds(repo.updated_at),
};

/**
 * `repository(owner:, name:)`. As GitHub's, it follows renames by default (a
 * renamed repository's old name, a renamed owner's old login: the redirects
 * REST answers 301 for, server/renames/); the repository found is the one
 * under its current name (`nameWithOwner`).
 */
export const repositoryQuery: NonNullable<QueryResolvers['repository']> = async (_parent, { owner, name, followRenames }, ctx) => {
  const { repos } = ctx.services;
  let repo = await repos.find(owner, name);
  if (!repo && followRenames !== false) {
    const movedTo = await repos.movedTo(owner, name);
    repo = movedTo === null ? null : await repos.byId(movedTo);
  }
  if (!repo || !(await canSeeRepository(ctx, repo))) throw repositoryNotFound(owner, name);
  return repo;
};
