// mergePullRequest and requestReviews, written against the two pieces of
// work they need, which other slices of issue 17 build (merging with real
// git; review requests and their table): `pendingPullWork` holds them, and
// while one is missing its mutation answers NOT_AVAILABLE, after the same
// checks it will make then (the pull request visible, the caller's rights),
// and changes nothing. Wiring one is assigning it here, e.g.
//   pendingPullWork.merge = (ctx, target, request) => mergePull(…);
import type { Principal } from '../../auth/principal.js';
import type { EventContext } from '../../issues/issue-webhooks.js';
import type { RepositoryLookup } from '../../pulls/pull-view.js';
import type { RepositoryRow } from '../../repos/repositories-store.js';
import type { Services } from '../../services.js';
import { decodeNodeIdOf } from '../../ids/node-id.js';
import { githubError, nodeNotFound } from '../errors.js';
import type { MutationResolvers } from '../generated/resolvers-types.js';
import { clearIssueLoaders, inMutation, writerOf } from '../issues/mutation-access.js';
import { pullAfter, restRules, visiblePull } from './pull-mutation-access.js';

export interface MergeRequest {
  method: 'merge' | 'squash' | 'rebase';
  /** REST's `sha`: refused (409) when the head is no longer this commit. */
  sha?: string;
  /** REST's `commit_title` and `commit_message`. */
  commitTitle?: string;
  commitMessage?: string;
  /** The email the merge commit is authored with (one of the merger's). */
  authorEmail?: string;
}

/** The pull request a merge names. */
export interface MergeTarget { services: Services; principal: Principal; repo: RepositoryRow; repos: RepositoryLookup; number: number }

/**
 * Merges as REST's PUT …/pulls/{n}/merge does, in its own transactions (git
 * work, `push` and `pull_request` closed events), throwing the REST
 * handler's ApiErrors (405 not mergeable, 409 head moved, 422), which become
 * GraphQL's UNPROCESSABLE.
 */
export type MergePull = (target: MergeTarget, request: MergeRequest) => Promise<unknown>;

/** Review requests of pull request `number`, each call inside the mutation's transaction. */
export interface ReviewRequests {
  /** REST's POST …/requested_reviewers: review_requested per login; ApiError 422 for the author or a non-collaborator. */
  request(events: EventContext, repos: RepositoryLookup, number: number, logins: string[]): Promise<unknown>;
  /** REST's DELETE …/requested_reviewers: review_request_removed per login. */
  remove(events: EventContext, repos: RepositoryLookup, number: number, logins: string[]): Promise<unknown>;
  /** The logins requested now (`union: false` replaces the set). */
  requested(events: EventContext, number: number): Promise<string[]>;
}

export const pendingPullWork: { merge: MergePull | null; reviews: ReviewRequests | null } = { merge: null, reviews: null };

const notAvailable = (mutation: string) => githubError('NOT_AVAILABLE', `${mutation} is not available on this server yet.`);

type M = Required<MutationResolvers>;

const METHODS = { MERGE: 'merge', SQUASH: 'squash', REBASE: 'rebase' } as const;

// Push access, as REST's merge.
export const mergePullRequest: M['mergePullRequest'] = async (_parent, { input }, ctx) => {
  const { pull, repo, repos } = await visiblePull(ctx, input.pullRequestId);
  const writer = await writerOf(ctx, repo, 'mergePullRequest', 'write', 'pull_requests');
  const merge = pendingPullWork.merge;
  if (merge === null) throw notAvailable('mergePullRequest');
  const request: MergeRequest = {
    method: METHODS[input.mergeMethod ?? 'MERGE'],
    ...(input.expectedHeadOid != null ? { sha: input.expectedHeadOid } : {}),
    ...(input.commitHeadline != null ? { commitTitle: input.commitHeadline } : {}),
    ...(input.commitBody != null ? { commitMessage: input.commitBody } : {}),
    ...(input.authorEmail != null ? { authorEmail: input.authorEmail } : {}),
  };
  try {
    await restRules(ctx, 'mergePullRequest', () => merge({ services: ctx.services, principal: ctx.principal, repo, repos, number: pull.number }, request));
  } finally {
    clearIssueLoaders(ctx);
  }
  return { clientMutationId: input.clientMutationId, pullRequest: await pullAfter(ctx, pull.id), actor: await ctx.loaders.accountById.load(writer.userId) };
};

// Triage access, as REST's review requests.
export const requestReviews: M['requestReviews'] = async (_parent, { input }, ctx) => {
  const { pull, repo, repos } = await visiblePull(ctx, input.pullRequestId);
  const writer = await writerOf(ctx, repo, 'requestReviews', 'triage', 'pull_requests');
  const logins: string[] = [];
  for (const id of input.userIds ?? []) {
    const userId = decodeNodeIdOf(id, 'User');
    const account = userId === null ? null : await ctx.loaders.accountById.load(userId);
    if (account === null) throw nodeNotFound(id);
    logins.push(account.login);
  }
  const reviews = pendingPullWork.reviews;
  if (reviews === null) throw notAvailable('requestReviews');
  await inMutation(ctx, repo, 'requestReviews', async (events) => {
    const now = await reviews.requested(events, pull.number);
    const lower = (list: string[]) => new Set(list.map((login) => login.toLowerCase()));
    const [wanted, current] = [lower(logins), lower(now)];
    const dropped = input.union ? [] : now.filter((login) => !wanted.has(login.toLowerCase()));
    const added = logins.filter((login) => !current.has(login.toLowerCase()));
    if (dropped.length > 0) await reviews.remove(events, repos, pull.number, dropped);
    if (added.length > 0) await reviews.request(events, repos, pull.number, added);
  });
  return { clientMutationId: input.clientMutationId, pullRequest: await pullAfter(ctx, pull.id), actor: await ctx.loaders.accountById.load(writer.userId) };
};
