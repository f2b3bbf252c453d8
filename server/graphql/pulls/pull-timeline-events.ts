// The event types only a pull request's timeline holds, each read from its
// issue_events row as REST's timeline bodies are (issues/issue-events.ts): who
// asked whom for a review (or withdrew the request), the draft state changes,
// the merge (its commit; its ref is the base branch, which a pull request no
// longer changes once merged) and the deletion of the head branch. What every
// event answers alike comes from the issue's (timeline-events.ts).
import type { GraphqlContext } from '../core/context.js';
import type { Resolvers } from '../generated/resolvers-types.js';
import { eventCommon, eventPath } from '../issues/timeline-events.js';
import type { PullTimelineEventType, TimelineEventModel } from '../issues/timeline-models.js';
import { branchRef, headRepository } from './pull-resolvers.js';
import { pullOfRow, repositoryOf } from './pull-paths.js';
import { loadTeam } from '../teams/team-visibility.js';

const pullOf = (event: TimelineEventModel, ctx: GraphqlContext) => pullOfRow(ctx, event.issue_id);

const located = {
  ...eventCommon,
  pullRequest: (event: TimelineEventModel, _args: unknown, ctx: GraphqlContext) => pullOf(event, ctx),
  resourcePath: (event: TimelineEventModel, _args: unknown, ctx: GraphqlContext) => eventPath(event, ctx),
  url: async (event: TimelineEventModel, _args: unknown, ctx: GraphqlContext) =>
    ctx.services.urls.html(await eventPath(event, ctx)),
};

const reviewRequest = {
  ...eventCommon,
  pullRequest: (event: TimelineEventModel, _args: unknown, ctx: GraphqlContext) => pullOf(event, ctx),
  // A User or a Team (RequestedReviewer tells them apart); a deleted account or
  // team names nobody, and so does a team the viewer may not see (the policy's
  // team visibility, as `Organization.teams`).
  requestedReviewer: (event: TimelineEventModel, _args: unknown, ctx: GraphqlContext) => {
    if (event.details.team_id != null) return loadTeam(ctx, event.details.team_id);
    return event.details.reviewer_id == null ? null : ctx.loaders.accountById.load(event.details.reviewer_id);
  },
};

// Who turned auto-merge on (the enabler) or off (the disabler: the user, or
// the enabler when Wharf turned it off for them, with the reason).
const autoMergeEnabled = {
  ...eventCommon,
  pullRequest: (event: TimelineEventModel, _args: unknown, ctx: GraphqlContext) => pullOf(event, ctx),
  enabler: (event: TimelineEventModel, _args: unknown, ctx: GraphqlContext) => userAccount(event, ctx),
};

async function userAccount(event: TimelineEventModel, ctx: GraphqlContext) {
  const account = event.actor_id === null ? null : await ctx.loaders.accountById.load(event.actor_id);
  return account?.kind === 'User' ? account : null;
}

export const pullTimelineEventResolvers: Pick<Resolvers, PullTimelineEventType> = {
  ReviewRequestedEvent: reviewRequest,
  ReviewRequestRemovedEvent: reviewRequest,
  ConvertToDraftEvent: located,
  ReadyForReviewEvent: located,
  MergedEvent: {
    ...located,
    commit: async (event, _args, ctx) =>
      event.details.commit_id
        ? { repo: await repositoryOf(ctx, event.repository_id), oid: event.details.commit_id, type: 'commit' }
        : null,
    mergeRefName: async (event, _args, ctx) => (await pullOf(event, ctx)).base_ref,
    mergeRef: async (event, _args, ctx) =>
      branchRef(ctx, await repositoryOf(ctx, event.repository_id), (await pullOf(event, ctx)).base_ref),
  },
  HeadRefDeletedEvent: {
    ...eventCommon,
    pullRequest: (event, _args, ctx) => pullOf(event, ctx),
    headRefName: async (event, _args, ctx) => (await pullOf(event, ctx)).head_ref,
    // The branch as it is now: null while deleted, GitHub's answer; a branch pushed again since shows.
    headRef: async (event, _args, ctx) => {
      const pull = await pullOf(event, ctx);
      return branchRef(ctx, await headRepository(ctx, pull), pull.head_ref);
    },
  },
  AutoMergeEnabledEvent: autoMergeEnabled,
  AutoSquashEnabledEvent: autoMergeEnabled,
  AutoRebaseEnabledEvent: autoMergeEnabled,
  AutoMergeDisabledEvent: {
    ...eventCommon,
    pullRequest: (event, _args, ctx) => pullOf(event, ctx),
    disabler: (event, _args, ctx) => userAccount(event, ctx),
    reason: (event) => event.details.reason ?? null,
    reasonCode: (event) => event.details.reason_code ?? null,
  },
};
