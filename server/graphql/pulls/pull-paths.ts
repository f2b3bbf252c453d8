// Where a pull request lives: its repository (through the request's loader)
// and GitHub's html path, `/owner/repo/pull/{n}`; the pull request a row
// of its reviews or review requests belongs to.
import type { RepositoryRow } from '../../repos/repository-row.js';
import type { GraphqlContext } from '../core/context.js';
import type { PullModel } from './pull-models.js';

export async function repositoryOf(ctx: GraphqlContext, repositoryId: number): Promise<RepositoryRow> {
  const repo = await ctx.loaders.repositoryById.load(repositoryId);
  if (!repo) throw new Error(`no repository ${repositoryId}`);
  return repo;
}

export async function pullPath(
  ctx: GraphqlContext,
  pull: Pick<PullModel, 'repository_id' | 'number'>,
): Promise<string> {
  const repo = await repositoryOf(ctx, pull.repository_id);
  return `/${repo.owner_login}/${repo.name}/pull/${pull.number}`;
}

/** The pull request a row (a review, a thread, a review request) belongs to: visible, since the row was read under its repository's visibility. */
export async function pullOfRow(ctx: GraphqlContext, issueId: number): Promise<PullModel> {
  const pull = await ctx.loaders.pullById.load(issueId);
  if (pull === null) throw new Error(`review row of a missing pull request ${issueId}`);
  return pull;
}
