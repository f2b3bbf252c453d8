// The `pull_request_review_thread` webhook (resolved, unresolved), written in
// the transaction of the change: the thread (its node id and the REST bodies
// of its submitted comments, server/reviews/comments/review-comment-view.ts),
// the pull request's simple body, the repository, the sender and, for app
// tokens, the installation.
import type { EventContext } from '../../issues/issue-webhooks.js';
import { encodeNodeId } from '../../ids/node-id.js';
import { repositoryLookup } from '../../pulls/pull-access.js';
import { pullByNumber } from '../../pulls/pull-rows.js';
import { pullRequestSimpleView } from '../../pulls/pull-view.js';
import { reviewCommentsByIds } from '../../reviews/comments/review-comment-store.js';
import { reviewCommentView } from '../../reviews/comments/review-comment-view.js';
import { commentIdsOfThread } from '../../reviews/comments/thread-resolution.js';
import type { Services } from '../../services.js';
import { emitRepositoryEvent } from '../../webhooks/outbox.js';
import { installationField, installationOf, repositoryPayload, senderPayload } from '../../webhooks/payloads/common.js';
import type { ThreadModel } from './review-models.js';

export async function emitThreadEvent(
  events: EventContext,
  services: Services,
  thread: ThreadModel,
  action: 'resolved' | 'unresolved',
): Promise<void> {
  const { tx, repo, urls, principal } = events;
  const pull = await pullByNumber(tx, repo.id, thread.pull_number);
  if (pull === null) throw new Error(`thread ${thread.id} of a missing pull request`);
  // viewer null: the comments everyone sees (a pending review's are its author's alone).
  const comments = await reviewCommentsByIds(tx, await commentIdsOfThread(tx, thread.id), null);
  const names = { owner: repo.owner_login, name: repo.name };
  const installation = installationOf(principal);
  const payload = {
    action,
    thread: {
      node_id: encodeNodeId('PullRequestReviewThread', thread.id),
      comments: comments.map((row) => reviewCommentView(row, names, urls)),
    },
    pull_request: pullRequestSimpleView(
      pull,
      await repositoryLookup(services, repo, [pull.pull.head_repository_id]),
      urls,
    ),
    repository: repositoryPayload(repo, urls),
    sender: senderPayload(principal, urls),
    ...installationField(installation),
  };
  await emitRepositoryEvent(tx, repo.id, 'pull_request_review_thread', action, payload, installation?.id ?? null);
}
