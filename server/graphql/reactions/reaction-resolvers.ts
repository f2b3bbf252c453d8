// Reaction, ReactionGroup, ReactionConnection and the Reactable fields of
// Issue, IssueComment, PullRequestReview, PullRequestReviewComment and Release
// (`reactionGroups`, `reactions`, `viewerCanReact`),
// all read through the per-request loaders (reaction-loaders.ts). Counts come
// from the subject's rollup, so totals alone cost no statement; who reacted
// and when is one batched statement for every subject on the page.
import { isoSeconds } from '../../views/timestamps.js';
import { encodeNodeId } from '../../ids/node-id.js';
import { canCommentWhenLocked } from '../../access/issue-permissions.js';
import type { AccountRow } from '../../repos/accounts-store.js';
import { connection, pageAt, twoWayWindow } from '../core/connection.js';
import type { GraphqlContext } from '../core/context.js';
import type {
  IssueReactionsArgs,
  ReactableResolvers,
  ReactionConnectionResolvers,
  ReactionGroupResolvers,
  ReactionGroupReactorsArgs,
  ReactionResolvers,
  ReactorResolvers,
} from '../generated/resolvers-types.js';
import { loadRelease } from '../releases/release-resolvers.js';
import { viewerAs } from '../access/writer.js';
import { accountType } from '../resolvers/account.js';
import { isPull } from '../pulls/pull-models.js';
import {
  graphqlContent,
  isComment,
  isRelease,
  isReview,
  isReviewComment,
  reactionGroupsOf,
  restContent,
  subjectOf,
  type ReactableModel,
  type ReactionConnectionModel,
  type ReactionGroupModel,
  type ReactionModel,
} from './reaction-models.js';

const summaryOf = (ctx: GraphqlContext, subject: ReactableModel) =>
  ctx.loaders.reactionSummary.load(subjectOf(subject));

/** Read access with a token that may write issues; push access as well when the conversation is locked (REST's rule). */
export async function canReact(ctx: GraphqlContext, subject: ReactableModel): Promise<boolean> {
  const repo = await ctx.loaders.repositoryById.load(subject.repository_id);
  const writer = repo === null ? null : await viewerAs(ctx, repo, 'addReaction', 'read');
  if (writer === null || repo === null) return false;
  // Locked: the caller's permission as the policy weighs it (an installation's grant too), as addReaction asks.
  return !(await conversationLocked(ctx, subject)) || canCommentWhenLocked(await ctx.access.permissionOn(repo));
}

/** Whether the subject's conversation is locked: its issue's or pull request's; a release has none. */
export async function conversationLocked(ctx: GraphqlContext, subject: ReactableModel): Promise<boolean> {
  if (isRelease(subject)) return false;
  const issue =
    isComment(subject) || isReviewComment(subject) || isReview(subject)
      ? await ctx.loaders.issueById.load(subject.issue_id)
      : subject;
  return issue?.locked ?? false;
}

async function reactions(
  subject: ReactableModel,
  args: Partial<IssueReactionsArgs>,
  ctx: GraphqlContext,
): Promise<ReactionConnectionModel> {
  const window = twoWayWindow(args, 'reactions');
  const content = args.content ? restContent(args.content) : null;
  if (window.first === 0) {
    // A `totalCount`-only selection: the rollup knows it.
    const total = content
      ? (subject.reaction_counts[content] ?? 0)
      : Object.values(subject.reaction_counts).reduce((sum: number, n) => sum + (n ?? 0), 0);
    return { ...connection([], total, window), subject, content };
  }
  const { kind } = subjectOf(subject);
  const page = await ctx.loaders.reactionPage.load({
    repositoryId: subject.id,
    page: { kind, window, content, direction: args.orderBy?.direction ?? 'ASC', withUser: false },
  });
  return { ...connection(page.rows, page.total, pageAt(window, page.rows.length, page.total)), subject, content };
}

/** Who reacted with the group's content, oldest first, each with when. */
async function reactors(
  group: ReactionGroupModel,
  args: Partial<ReactionGroupReactorsArgs>,
  name: string,
  ctx: GraphqlContext,
) {
  const window = twoWayWindow(args, name);
  // Without rows asked, the rollup's count (which a deleted account's reaction is still part of).
  if (window.first === 0) return { ...connection<AccountRow>([], group.count, window), edges: [] };
  const page = await ctx.loaders.reactionPage.load({
    repositoryId: group.subject.id,
    page: { kind: subjectOf(group.subject).kind, window, content: group.content, direction: 'ASC', withUser: true },
  });
  const people = await Promise.all(page.rows.map((row) => ctx.loaders.accountById.load(row.user_id!)));
  const found = page.rows.map((row, i) => ({ row, person: people[i]! })).filter(({ person }) => person !== null);
  const result = connection(
    found.map(({ person }) => person),
    page.total,
    pageAt(window, page.rows.length, page.total),
  );
  return {
    ...result,
    edges: result.edges.map((edge, i) => ({ ...edge, reactedAt: isoSeconds(found[i]!.row.created_at) })),
  };
}

/**
 * The Reactable fields, the same for every subject (Issue, PullRequest,
 * IssueComment, PullRequestReview, PullRequestReviewComment, Release):
 * spread into each type's resolvers (resolvers.ts).
 */
export const reactableFields = {
  reactionGroups: (subject: ReactableModel) => reactionGroupsOf(subject),
  reactions: (subject: ReactableModel, args: Partial<IssueReactionsArgs>, ctx: GraphqlContext) =>
    reactions(subject, args, ctx),
  viewerCanReact: (subject: ReactableModel, _args: unknown, ctx: GraphqlContext) => canReact(ctx, subject),
};

export const Reactable: ReactableResolvers = {
  __resolveType: (subject) =>
    isRelease(subject)
      ? 'Release'
      : isReview(subject)
        ? 'PullRequestReview'
        : isReviewComment(subject)
          ? 'PullRequestReviewComment'
          : isComment(subject)
            ? 'IssueComment'
            : isPull(subject)
              ? 'PullRequest'
              : 'Issue',
};

export const Reactor: ReactorResolvers = { __resolveType: accountType };

export const Reaction: ReactionResolvers = {
  id: (reaction) => encodeNodeId('Reaction', reaction.id),
  databaseId: (reaction) => reaction.id,
  content: (reaction) => graphqlContent(reaction.content),
  createdAt: (reaction) => isoSeconds(reaction.created_at),
  user: (reaction, _args, ctx) => (reaction.user_id === null ? null : ctx.loaders.accountById.load(reaction.user_id)),
  reactable: async (reaction, _args, ctx) => {
    const subject = await reactionSubject(ctx, reaction);
    if (!subject) throw new Error(`reaction ${reaction.id} of a missing subject`);
    return subject;
  },
};

/**
 * What a reaction is on, as the caller may see it: null for a subject hidden
 * from them (a draft release, another person's pending review or its
 * comment), whose reactions are hidden too (node.ts).
 */
export async function reactionSubject(ctx: GraphqlContext, reaction: ReactionModel): Promise<ReactableModel | null> {
  // An issue's reaction may be a pull request's (a pull request is an issue): that one shows as the PullRequest.
  if (reaction.issue_id !== null)
    return (await ctx.loaders.pullById.load(reaction.issue_id)) ?? ctx.loaders.issueById.load(reaction.issue_id);
  if (reaction.review_comment_id !== null) return ctx.loaders.reviewCommentById.load(reaction.review_comment_id);
  if (reaction.review_id !== null) return ctx.loaders.reviewById.load(reaction.review_id);
  if (reaction.release_id !== null) return loadRelease(ctx, reaction.release_id);
  return ctx.loaders.commentById.load(reaction.comment_id!);
}

export const ReactionGroup: ReactionGroupResolvers = {
  content: (group) => graphqlContent(group.content),
  createdAt: async (group, _args, ctx) => {
    if (group.count === 0) return null;
    const first = (await summaryOf(ctx, group.subject)).get(group.content)?.firstAt;
    return first ? isoSeconds(first) : null;
  },
  subject: (group) => group.subject,
  viewerHasReacted: async (group, _args, ctx) =>
    group.count > 0 && ((await summaryOf(ctx, group.subject)).get(group.content)?.viewerHas ?? false),
  reactors: (group, args, ctx) => reactors(group, args, 'reactors', ctx),
  users: (group, args, ctx) => reactors(group, args, 'users', ctx),
};

export const ReactionConnection: ReactionConnectionResolvers = {
  viewerHasReacted: async (page, _args, ctx) => {
    const summary = await summaryOf(ctx, page.subject);
    if (page.content !== null) return summary.get(page.content)?.viewerHas ?? false;
    return [...summary.values()].some((entry) => entry.viewerHas);
  },
};
