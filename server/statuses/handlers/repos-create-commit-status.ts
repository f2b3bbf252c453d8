import type { Handler } from '../../http/operation-context.js';
import { inTransaction } from '../../transactions/in-transaction.js';
import { accessRepository } from '../../http/repository-access.js';
import { commitOfSha } from '../status-commit.js';
import { emitStatusEvent } from '../status-event.js';
import { statusesUrl, statusView } from '../status-view.js';
import { insertStatus } from '../statuses-store.js';

// Needs push access (or `statuses: write` for an installation). The commit is
// resolved before anything is written; the status, its context's counter and
// the `status` event commit together.
export const createCommitStatus: Handler<'repos/create-commit-status'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'write');
  const { body } = await ctx.input();
  const { urls, git } = ctx.services;
  const sha = await commitOfSha(git, repo, ctx.params.sha);
  const values = {
    state: body.state,
    context: body.context ?? 'default',
    description: body.description ?? null,
    target_url: body.target_url ?? null,
  };
  const view = await inTransaction(ctx.services, repo, ctx.principal, async (events) => {
    const { tx } = events;
    const view = statusView(await insertStatus(tx, repo.id, sha, ctx.user().user.id, values), repo, urls);
    await emitStatusEvent(events, ctx.services, view, sha);
    return view;
  });
  return { status: 201, body: view, headers: { Location: statusesUrl(repo, sha, urls) } };
};
