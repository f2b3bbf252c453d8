// enablePullRequestAutoMerge and disablePullRequestAutoMerge: the pull
// request merges itself once its base branch's protection is satisfied
// (pulls/auto-merge/), as the caller, who must be able to merge it now
// (push access, as mergePullRequest). The payload shows the pull request
// with its autoMergeRequest as it is after the change.
import { disableAutoMerge, enableAutoMerge } from '../../pulls/auto-merge/auto-merge-changes.js';
import { STOPPED_BY_USER } from '../../pulls/auto-merge/auto-merge-stops.js';
import type { GraphqlContext } from '../core/context.js';
import type { MutationResolvers } from '../generated/resolvers-types.js';
import { clearIssueLoaders } from '../mutation/in-mutation.js';
import { writerOf } from '../access/writer.js';
import { pullPayload, restRules, visiblePull } from './pull-mutation-access.js';
import type { PullModel } from './pull-models.js';
import type { RepositoryRow } from '../../repos/repository-row.js';

type M = Required<MutationResolvers>;

const METHODS = { MERGE: 'merge', SQUASH: 'squash', REBASE: 'rebase' } as const;

/** A writer's change of the pull request's auto-merge, REST's refusals as GraphQL's errors, and the payload. */
async function changeAutoMerge(
  ctx: GraphqlContext,
  mutation: string,
  input: { pullRequestId: string; clientMutationId?: string | null },
  change: (pull: PullModel, repo: RepositoryRow) => Promise<unknown>,
) {
  const { pull, repo } = await visiblePull(ctx, input.pullRequestId);
  const writer = await writerOf(ctx, repo, mutation, 'write', 'pull_requests');
  try {
    await restRules(ctx, mutation, () => change(pull, repo));
  } finally {
    clearIssueLoaders(ctx);
  }
  return pullPayload(ctx, input.clientMutationId, pull.id, writer.userId);
}

export const enablePullRequestAutoMerge: M['enablePullRequestAutoMerge'] = (_parent, { input }, ctx) =>
  changeAutoMerge(ctx, 'enablePullRequestAutoMerge', input, (pull, repo) =>
    enableAutoMerge(ctx.services, repo, ctx.principal, pull.number, {
      method: METHODS[input.mergeMethod ?? 'MERGE'],
      commitTitle: input.commitHeadline,
      commitMessage: input.commitBody,
      expectedHeadSha: input.expectedHeadOid,
    }),
  );

export const disablePullRequestAutoMerge: M['disablePullRequestAutoMerge'] = (_parent, { input }, ctx) =>
  changeAutoMerge(ctx, 'disablePullRequestAutoMerge', input, (pull, repo) =>
    disableAutoMerge(ctx.services, repo, ctx.principal, pull.number, STOPPED_BY_USER),
  );
