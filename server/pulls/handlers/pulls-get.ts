import { conditionsPull } from '../../branch-protection/merge-guard.js';
import { mergeStateOf } from '../../branch-protection/merge-state.js';
import { notFound } from '../../errors/domain-error.js';
import { routeRepository } from '../../http/repository-access.js';
import { mediaResult, requestedMediaParam } from '../../http/media-type.js';
import type { Handler } from '../../http/operation-context.js';
import { visibleRepositoryLookup } from '../pull-access.js';
import { pullDiffText, pullPatchText } from '../pull-diff.js';
import { pullByNumber } from '../pull-rows.js';
import { pullViewCache } from '../pull-view-cache.js';

// GET …/pulls/{n}: the pull request, or (GitHub's diff and patch media
// types) its diff from the merge base, or its commits as patches.
export const getPull: Handler<'pulls/get'> = async (ctx) => {
  const { repo } = await routeRepository(ctx);
  const { git, config } = ctx.services;
  const format = requestedMediaParam(ctx.event.req.headers.get('accept'), config.vendor, ['diff', 'patch'] as const);
  if (format === 'diff' || format === 'patch') {
    const row = await pullByNumber(ctx.services.sql, repo.id, ctx.params.pull_number);
    if (!row) throw notFound();
    const text =
      format === 'diff' ? await pullDiffText(git, repo.id, row.pull) : await pullPatchText(git, repo.id, row.pull);
    return mediaResult(format, config.vendor, text, { text: true });
  }
  // Kept while nothing it shows changed (pull-view-cache.ts).
  const body = await pullViewCache(ctx.services).view(repo, ctx.params.pull_number, ctx.services.urls, async () => {
    const row = await pullByNumber(ctx.services.sql, repo.id, ctx.params.pull_number);
    return (
      row && {
        row,
        repos: await visibleRepositoryLookup(ctx.services, ctx.principal, repo, [row.pull.head_repository_id]),
      }
    );
  });
  if (!body) throw notFound();
  // Branch protection and the head's checks make a clean pull request blocked, behind or unstable,
  // read now (the cached body does not follow checks or rules).
  if (body.mergeable_state !== 'clean') return { status: 200, body };
  const row = await pullByNumber(ctx.services.sql, repo.id, ctx.params.pull_number);
  if (!row) throw notFound();
  return {
    status: 200,
    body: {
      ...body,
      mergeable_state: await mergeStateOf(ctx.services, repo, conditionsPull(row), 'clean', row.issue.state === 'open'),
    },
  };
};
