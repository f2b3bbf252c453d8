// The `pull_request_review` webhook event (submitted, edited, dismissed; never
// for a pending review), written to the outbox in the transaction of its
// change. The pull request rides along as GitHub's review events carry it:
// the simple pull request (pull-view.ts), as it is after the change.
import type { EventContext } from '../issues/issue-webhooks.js';
import type { PullRow } from '../pulls/pull-rows.js';
import { pullRequestSimpleView, type RepositoryLookup } from '../pulls/pull-view.js';
import { emitRepositoryEvent } from '../webhooks/outbox.js';
import { installationField, installationOf, repositoryPayload, senderPayload } from '../webhooks/payloads/common.js';
import type { ReviewRow } from './review-rows.js';
import { reviewPayload } from './review-view.js';

export type ReviewEvent =
  | { action: 'submitted' | 'dismissed' }
  | { action: 'edited'; changes: { body?: { from: string } } };

export async function emitReviewEvent(
  ctx: EventContext,
  pull: PullRow,
  repos: RepositoryLookup,
  review: ReviewRow,
  event: ReviewEvent,
): Promise<void> {
  const installation = installationOf(ctx.principal);
  const { action, ...rest } = event;
  const payload = {
    action,
    ...rest,
    review: reviewPayload(review, ctx.urls),
    pull_request: pullRequestSimpleView(pull, repos, ctx.urls),
    repository: repositoryPayload(ctx.repo, ctx.urls),
    sender: senderPayload(ctx.principal, ctx.urls),
    ...installationField(installation),
  };
  await emitRepositoryEvent(ctx.tx, ctx.repo.id, 'pull_request_review', action, payload, installation?.id ?? null);
}
