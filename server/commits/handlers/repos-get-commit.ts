import { refused } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { diffFiles, diffText, emptyTree, patchText } from '../commit-diff.js';
import { commitRecord } from '../commit-records.js';
import { commitUsers } from '../commit-users.js';
import { commitView } from '../commit-view.js';
import { mediaResult, requestedMediaParam } from '../../http/media-type.js';
import { ensureNotEmpty, resolveCommit } from '../resolve-commit.js';

// GET …/commits/{ref}: one commit with its stats and files against its first
// parent (a root commit against the empty tree), or its diff or patch.
export const getCommit: Handler<'repos/get-commit'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  await ctx.input();
  const { git, urls } = ctx.services;
  const ref = ctx.params.ref;
  const sha = await resolveCommit(git, repo, ref);
  if (!sha) {
    await ensureNotEmpty(git, repo);
    throw refused(`No commit found for SHA: ${ref}`);
  }
  const record = await commitRecord(git, repo.id, sha);
  const base = record.parents[0] ?? emptyTree(sha);
  const { vendor } = ctx.services.config;
  const format = requestedMediaParam(ctx.event.req.headers.get('accept'), vendor, ['diff', 'patch'] as const);
  // format-patch leaves merges out: a merge's patch is its diff against the first parent.
  if (format === 'patch' && record.parents.length <= 1)
    return mediaResult(format, vendor, await patchText(git, repo.id, ['-1', sha]), { text: true });
  if (format) return mediaResult(format, vendor, await diffText(git, repo.id, base, sha), { text: true });
  const files = await diffFiles(git, repo.id, base, sha);
  const users = await commitUsers(ctx.services, [record.author.email, record.committer.email]);
  return { status: 200, body: commitView(repo, record, users, urls, { files }) };
};
