// resolveReviewThread and unresolveReviewThread: the thread's resolved_by /
// resolved_at set or cleared (write access or the pull request's author:
// thread-access.ts), in one transaction. Resolving a resolved thread (or
// unresolving an open one) changes nothing and answers the thread as it is,
// as GitHub's.
//
// A change writes the `pull_request_review_thread` resolved/unresolved
// webhook in its transaction (thread-webhooks.ts); a call that changes
// nothing writes none.
import { setThreadResolved } from '../../reviews/comments/thread-resolution.js';
import type { GraphqlContext } from '../core/context.js';
import type { MutationResolvers } from '../generated/resolvers-types.js';
import { inMutation } from '../mutation/in-mutation.js';
import { emitThreadEvent } from './thread-webhooks.js';
import { clearThreadLoaders } from './review-loaders.js';
import type { ThreadModel } from './review-models.js';
import { threadResolver, visibleThread } from './thread-access.js';

type M = Required<MutationResolvers>;

async function setResolved(ctx: GraphqlContext, threadId: string, resolve: boolean) {
  const mutation = resolve ? 'resolveReviewThread' : 'unresolveReviewThread';
  const { thread, repo } = await visibleThread(ctx, threadId);
  const writer = await threadResolver(ctx, thread, repo, mutation);
  await inMutation(ctx, repo, mutation, async (events) => {
    const changed = await setThreadResolved(events.tx, thread.id, resolve ? writer.userId : null);
    if (changed) await emitThreadEvent(events, ctx.services, thread, resolve ? 'resolved' : 'unresolved');
  });
  clearThreadLoaders(ctx.loaders);
  const after: ThreadModel | null = await ctx.loaders.reviewThreadById.load(thread.id);
  return after;
}

export const resolveReviewThread: M['resolveReviewThread'] = async (_parent, { input }, ctx) => ({
  clientMutationId: input.clientMutationId,
  thread: await setResolved(ctx, input.threadId, true),
});

export const unresolveReviewThread: M['unresolveReviewThread'] = async (_parent, { input }, ctx) => ({
  clientMutationId: input.clientMutationId,
  thread: await setResolved(ctx, input.threadId, false),
});
