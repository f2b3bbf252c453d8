// mergePullRequest and requestReviews: REST's merge (merge/merge-pull.ts)
// and review requests (review-requests.ts) behind GraphQL's inputs, with
// REST's access rules and its refusals as GraphQL's error types
// (pull-mutation-access.ts). The payload shows the pull request as it is
// after the work.
import { canEditIssue } from '../../access/issue-permissions.js';
import { mergePull } from '../../pulls/merge/merge-pull.js';
import { removeReviewRequests, requestedLogins, requestReviewers } from '../../pulls/review-requests.js';
import type { MutationResolvers } from '../generated/resolvers-types.js';
import { clearIssueLoaders, inMutation, loginsOfUserIds } from '../mutation/in-mutation.js';
import { forbiddenMutation, writerOf } from '../access/writer.js';
import { pullAfter, pullPayload, restRules, visiblePull } from './pull-mutation-access.js';
import { changeRequestedTeams, teamSlugsOf } from './request-team-reviews.js';

type M = Required<MutationResolvers>;

const METHODS = { MERGE: 'merge', SQUASH: 'squash', REBASE: 'rebase' } as const;

// Push access, as REST's merge. mergePull runs its own transactions (the git
// work first, then the base moved through changeRefs with `push` and
// `pull_request` closed), so it is not wrapped in inMutation.
// `authorEmail` is not handed on: GitHub uses it only to pick which of the
// merger's verified emails authors the commit, and Wharf knows one email per
// account (the one mergePull authors with).
export const mergePullRequest: M['mergePullRequest'] = async (_parent, { input }, ctx) => {
  const { pull, repo } = await visiblePull(ctx, input.pullRequestId);
  const writer = await writerOf(ctx, repo, 'mergePullRequest', 'write', 'pull_requests');
  try {
    await restRules(ctx, 'mergePullRequest', () =>
      mergePull(
        { services: ctx.services, principal: ctx.principal, permission: writer.permission },
        repo,
        pull.number,
        {
          method: METHODS[input.mergeMethod ?? 'MERGE'],
          ...(input.expectedHeadOid != null ? { sha: input.expectedHeadOid } : {}),
          ...(input.commitHeadline != null ? { commitTitle: input.commitHeadline } : {}),
          ...(input.commitBody != null ? { commitMessage: input.commitBody } : {}),
        },
      ),
    );
  } finally {
    clearIssueLoaders(ctx);
  }
  return pullPayload(ctx, input.clientMutationId, pull.id, writer.userId);
};

// The pull request's author or triage access, as REST's requested_reviewers.
// `union: false` (the default) makes the requested set exactly `userIds`:
// those not named are withdrawn (review_request_removed), those named and
// not asked yet are asked (review_requested); `union: true` only adds.
export const requestReviews: M['requestReviews'] = async (_parent, { input }, ctx) => {
  const { pull, repo, repos } = await visiblePull(ctx, input.pullRequestId);
  const writer = await writerOf(ctx, repo, 'requestReviews', 'read', 'pull_requests');
  if (!canEditIssue(writer.permission, pull.user_id, writer.userId)) throw forbiddenMutation(ctx, 'requestReviews');
  // Teams by node id (request-team-reviews.ts); clients send `teamIds: []` with users alone.
  const teamSlugs = await teamSlugsOf(ctx, repo, input.teamIds ?? []);
  const logins = await loginsOfUserIds(ctx, input.userIds ?? []);
  await inMutation(ctx, repo, 'requestReviews', async (events) => {
    const now = await requestedLogins(events, pull.number);
    const lower = (list: string[]) => new Set(list.map((login) => login.toLowerCase()));
    const [wanted, current] = [lower(logins), lower(now)];
    const dropped = input.union ? [] : now.filter((login) => !wanted.has(login.toLowerCase()));
    const added = logins.filter((login) => !current.has(login.toLowerCase()));
    if (dropped.length > 0) await removeReviewRequests(events, repos, pull.number, dropped);
    if (added.length > 0) await requestReviewers(events, repos, pull.number, added);
    await changeRequestedTeams(events, repos, pull.number, teamSlugs, input.union ?? false);
  });
  return {
    clientMutationId: input.clientMutationId,
    pullRequest: await pullAfter(ctx, pull.id),
    actor: await ctx.loaders.accountById.load(writer.userId),
  };
};
