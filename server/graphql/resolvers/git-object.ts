// The GitObject interface and what every git object answers alike (id,
// oid, URLs, repository), annotated tags, and reading an object's contents
// through the request's batch loaders.
import { encodeGitObjectNodeId, type GitObjectNodeType } from '../../ids/git-object-node-id.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import { reservedText } from '../core/answer-budget.js';
import type { GraphqlContext } from '../core/context.js';
import type { GitObjectResolvers, TagResolvers } from '../generated/resolvers-types.js';
import type { GitObjectModel, GitObjectType } from '../git/models.js';
import { parseTag } from '../git/parse-objects.js';

export const GRAPHQL_TYPES: Record<GitObjectType, GitObjectNodeType> = {
  commit: 'Commit',
  tree: 'Tree',
  blob: 'Blob',
  tag: 'Tag',
};

export const repositoryPath = (repo: RepositoryRow) => `/${repo.owner_login}/${repo.name}`;

/** A commit's, tree's or tag's raw contents (error when the object vanished mid-request: git gc of an unreachable object). */
export async function contentsOf(ctx: GraphqlContext, object: GitObjectModel): Promise<Buffer> {
  const raw = await ctx.loaders.git.objectContent.load({ repo: object.repo, name: object.oid });
  if (raw === null) throw new Error(`git object ${object.oid} of repository ${object.repo.id} is gone`);
  return raw;
}

/** The object an oid names in a repository, as a model; null when there is none. */
export async function objectByOid(
  ctx: GraphqlContext,
  repo: RepositoryRow,
  oid: string,
  path?: string,
): Promise<GitObjectModel | null> {
  const info = await ctx.loaders.git.objectInfo.load({ repo, name: oid });
  if (info === null) return null;
  return { repo, oid: info.oid, type: info.type, size: info.size, ...(path === undefined ? {} : { path }) };
}

/** The fields of the GitObject interface, shared by Commit, Tree, Blob and Tag. */
export const gitObjectFields = {
  id: (object: GitObjectModel) => encodeGitObjectNodeId(GRAPHQL_TYPES[object.type], object.repo.id, object.oid),
  oid: (object: GitObjectModel) => object.oid,
  abbreviatedOid: (object: GitObjectModel) => object.oid.slice(0, 7),
  commitResourcePath: (object: GitObjectModel) => `${repositoryPath(object.repo)}/commit/${object.oid}`,
  commitUrl: (object: GitObjectModel, _args: unknown, ctx: GraphqlContext) =>
    ctx.services.urls.html(`${repositoryPath(object.repo)}/commit/${object.oid}`),
  repository: (object: GitObjectModel) => object.repo,
};

export const GitObject: GitObjectResolvers = {
  __resolveType: (object) => GRAPHQL_TYPES[object.type],
};

const tagOf = async (ctx: GraphqlContext, tag: GitObjectModel) => parseTag(await contentsOf(ctx, tag));

export const Tag: TagResolvers = {
  ...gitObjectFields,
  name: async (tag, _args, ctx) => (await tagOf(ctx, tag)).name,
  message: async (tag, _args, ctx) => reservedText(ctx.answer, (await tagOf(ctx, tag)).message),
  tagger: async (tag, _args, ctx) => (await tagOf(ctx, tag)).tagger,
  target: async (tag, _args, ctx) => {
    const { object, type } = await tagOf(ctx, tag);
    if (!(type in GRAPHQL_TYPES)) throw new Error(`tag ${tag.oid} points at a ${type}`);
    return { repo: tag.repo, oid: object, type: type as GitObjectType };
  },
};
