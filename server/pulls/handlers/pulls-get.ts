import { notFound } from '../../http/api-error.js';
import { mediaResult, requestedMediaParam } from '../../http/media-type.js';
import type { Handler } from '../../http/operation-context.js';
import { pullRepository, repositoryLookup } from '../pull-access.js';
import { pullDiffText, pullPatchText } from '../pull-diff.js';
import { pullByNumber } from '../pull-rows.js';
import { pullRequestView } from '../pull-view.js';

// GET …/pulls/{n}: the pull request, or (GitHub's diff and patch media
// types) its diff from the merge base, or its commits as patches.
export const getPull: Handler<'pulls/get'> = async (ctx) => {
  const { repo } = await pullRepository(ctx);
  const row = await pullByNumber(ctx.services.sql, repo.id, ctx.params.pull_number);
  if (!row) throw notFound();
  const { git, config } = ctx.services;
  const format = requestedMediaParam(ctx.event.req.headers.get('accept'), config.vendor, ['diff', 'patch'] as const);
  if (format === 'diff') return mediaResult(format, config.vendor, await pullDiffText(git, repo.id, row.pull), { text: true });
  if (format === 'patch') return mediaResult(format, config.vendor, await pullPatchText(git, repo.id, row.pull), { text: true });
  const repos = await repositoryLookup(ctx.services, repo, [row.pull.head_repository_id]);
  return { status: 200, body: pullRequestView(row, repos, ctx.services.urls) };
};
