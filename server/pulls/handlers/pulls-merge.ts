import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { mergePull } from '../merge/merge-pull.js';

// Anyone with push access may merge (as GitHub).
export const mergePullHandler: Handler<'pulls/merge'> = async (ctx) => {
  const { repo, permission } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'write');
  ctx.user();
  const { body } = await ctx.input();
  const outcome = await mergePull(
    { services: ctx.services, principal: ctx.principal, permission },
    repo,
    ctx.params.pull_number,
    {
      method: body?.merge_method,
      sha: body?.sha,
      commitTitle: body?.commit_title,
      commitMessage: body?.commit_message,
    },
  );
  return { status: 200, body: { sha: outcome.sha, merged: outcome.merged, message: outcome.message } };
};
