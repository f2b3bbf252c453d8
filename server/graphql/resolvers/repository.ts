// Repository and `Query.repository` (its git fields are in refs.ts). A private
// repository the caller may not read is reported exactly like a missing one.
import { isoSeconds } from '../../views/timestamps.js';
import { encodeNodeId } from '../../ids/node-id.js';
import type { Permission } from '../../access/permissions.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import type { Services } from '../../services.js';
import { renderedText } from '../core/body-text.js';
import { repositoryNotFound } from '../core/errors.js';
import type { QueryResolvers, RepositoryResolvers } from '../generated/resolvers-types.js';
import { repositoryGitFields } from './refs.js';

/** The repository `owner/name` names, following renames unless `followRenames` is false; null for none. */
export async function findRepository(
  services: Services,
  owner: string,
  name: string,
  followRenames: boolean | null | undefined,
): Promise<RepositoryRow | null> {
  const { repos } = services;
  const repo = await repos.find(owner, name);
  if (repo || followRenames === false) return repo;
  const movedTo = await repos.movedTo(owner, name);
  return movedTo === null ? null : await repos.byId(movedTo);
}

export const Repository: RepositoryResolvers = {
  id: (repo) => encodeNodeId('Repository', repo.id),
  databaseId: (repo) => repo.id,
  name: (repo) => repo.name,
  nameWithOwner: (repo) => `${repo.owner_login}/${repo.name}`,
  isPrivate: (repo) => repo.private,
  hasIssuesEnabled: (repo) => repo.has_issues,
  hasWikiEnabled: (repo) => repo.has_wiki,
  homepageUrl: (repo) => repo.homepage || null,
  pushedAt: (repo) => (repo.pushed_at === null ? null : isoSeconds(repo.pushed_at)),
  deleteBranchOnMerge: (repo) => repo.delete_branch_on_merge,
  isArchived: (repo) => repo.archived,
  archivedAt: (repo) => (repo.archived_at === null ? null : isoSeconds(repo.archived_at)),
  isFork: (repo) => repo.fork,
  forkCount: (repo) => repo.forks_count,
  mergeCommitAllowed: (repo) => repo.allow_merge_commit,
  rebaseMergeAllowed: (repo) => repo.allow_rebase_merge,
  squashMergeAllowed: (repo) => repo.allow_squash_merge,
  autoMergeAllowed: (repo) => repo.allow_auto_merge,
  parent: async (repo, _args, ctx) => {
    const parent = repo.parent_id === null ? null : await ctx.loaders.repositoryById.load(repo.parent_id);
    return parent !== null && (await ctx.access.seesRepository(parent)) ? parent : null;
  },
  // GitHub answers null for an app's token; a person's permission otherwise (public read included).
  viewerPermission: async (repo, _args, ctx) => {
    const permission = await ctx.access.viewerPermission(repo);
    return permission === null ? null : (permission.toUpperCase() as Uppercase<Permission>);
  },
  description: (repo) => repo.description,
  // GitHub's: a <div> of the plain text (escaped, URLs linked, no references), `<div></div>` without one.
  descriptionHTML: async (repo, _args, ctx) =>
    `<div>${(await renderedText(ctx, repo.description ?? '', null, 'description')).html}</div>`,
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
 * REST answers 301 for, server/http/route-runner.ts); the repository found is the one
 * under its current name (`nameWithOwner`).
 */
export const repositoryQuery: NonNullable<QueryResolvers['repository']> = async (
  _parent,
  { owner, name, followRenames },
  ctx,
) => {
  const repo = await findRepository(ctx.services, owner, name, followRenames);
  if (!repo || !(await ctx.access.seesRepository(repo))) throw repositoryNotFound(owner, name);
  // A cacheable query (cache/): the generation the page's data is read under, before any of it is.
  if (ctx.cacheRecorder?.eligible) await ctx.cacheRecorder.recordRepository({ owner, name, followRenames }, repo);
  return repo;
};
