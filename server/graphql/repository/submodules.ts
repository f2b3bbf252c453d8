// `submodules` of a repository (at its default branch's head) and of a
// commit, and the Submodule type: the entries of `.gitmodules` with their
// gitlinks (repos/git-submodules.ts, bounded there). An empty repository has
// none. Read once per commit in a request, whatever the page asked, and the
// commits of a request one after another.
import { Buffer } from 'node:buffer';
import DataLoader from 'dataloader';
import { submodulesAt } from '../../repos/git-submodules.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import { listConnection, type ConnectionArgs } from '../core/connection.js';
import type { GraphqlContext } from '../core/context.js';
import type { CommitResolvers, RepositoryResolvers, SubmoduleResolvers } from '../generated/resolvers-types.js';
import type { SubmoduleModel } from './repository-models.js';

interface CommitKey {
  repo: RepositoryRow;
  oid: string;
}

const loaders = new WeakMap<GraphqlContext['loaders'], DataLoader<CommitKey, SubmoduleModel[], string>>();

function submodulesLoader(ctx: GraphqlContext) {
  let loader = loaders.get(ctx.loaders);
  if (!loader) {
    const { git } = ctx.services;
    loader = new DataLoader(
      // One commit after another: a page of commits must not start three git processes each at once.
      async (keys) => {
        const answers: SubmoduleModel[][] = [];
        for (const { repo, oid } of keys) {
          answers.push((await submodulesAt(git, repo.id, oid)).map((entry) => ({ ...entry, repo })));
        }
        return answers;
      },
      { cacheKeyFn: ({ repo, oid }) => `${repo.id}:${oid}` },
    );
    loaders.set(ctx.loaders, loader);
  }
  return loader;
}

const page = async (ctx: GraphqlContext, repo: RepositoryRow, oid: string | null, args: ConnectionArgs) =>
  listConnection(oid === null ? [] : await submodulesLoader(ctx).load({ repo, oid }), args, 'submodules');

export const repositorySubmodulesField: Pick<RepositoryResolvers, 'submodules'> = {
  submodules: async (repo, args, ctx) =>
    page(ctx, repo, await ctx.services.git.resolveRef(repo.id, `refs/heads/${repo.default_branch}`), args),
};

export const commitSubmodulesField: Pick<CommitResolvers, 'submodules'> = {
  submodules: (commit, args, ctx) => page(ctx, commit.repo, commit.oid, args),
};

export const Submodule: SubmoduleResolvers = {
  branch: (submodule) => submodule.branch,
  gitUrl: (submodule) => submodule.url,
  name: (submodule) => submodule.name,
  nameRaw: (submodule) => Buffer.from(submodule.name).toString('base64'),
  path: (submodule) => submodule.path,
  pathRaw: (submodule) => Buffer.from(submodule.path).toString('base64'),
  subprojectCommitOid: (submodule) => submodule.commitOid,
};
