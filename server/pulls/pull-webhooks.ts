// The `pull_request` webhook event, written to the outbox in the transaction
// of its change: action, number, the pull request as it is after the change,
// `changes` for edits, before/after for synchronize, the repository, the
// sender and, for app tokens, the installation.
import type { EventContext } from '../issues/issue-webhooks.js';
import { emitRepositoryEvent } from '../webhooks/outbox.js';
import { installationField, installationOf, repositoryPayload, senderPayload } from '../webhooks/payloads/common.js';
import type { RepositoryLookup } from './pull-view.js';
import { pullRequestView } from './pull-view.js';
import type { PullRow } from './pull-rows.js';

export interface PullEdits {
  title?: { from: string };
  body?: { from: string };
  base?: { ref: { from: string }; sha: { from: string } };
}

export type PullRequestEvent =
  | { action: 'opened' | 'closed' | 'reopened' }
  | { action: 'edited'; changes: PullEdits }
  | { action: 'synchronize'; before: string; after: string };

export async function emitPullRequestEvents(ctx: EventContext, row: PullRow, repos: RepositoryLookup, events: PullRequestEvent[]): Promise<void> {
  if (events.length === 0) return;
  const pullRequest = pullRequestView(row, repos, ctx.urls);
  for (const event of events) {
    const { action, ...rest } = event;
    const payload = {
      action,
      number: row.issue.number,
      ...rest,
      pull_request: pullRequest,
      repository: repositoryPayload(ctx.repo, ctx.urls),
      sender: senderPayload(ctx.principal, ctx.urls),
      ...installationField(installationOf(ctx.principal)),
    };
    await emitRepositoryEvent(ctx.tx, ctx.repo.id, 'pull_request', action, payload, installationOf(ctx.principal)?.id ?? null);
  }
}
