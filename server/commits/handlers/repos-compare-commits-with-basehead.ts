import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { linkHeader, linkHeaderOf, pageRequest } from '../../paging/pagination.js';
import { accessRepository } from '../../http/repository-access.js';
import { parseBaseHead } from '../basehead.js';
import { diffFiles, diffText, patchText } from '../commit-diff.js';
import { logRecords } from '../commit-records.js';
import { commitUsers } from '../commit-users.js';
import { commitView, fileView, repoPaths } from '../commit-view.js';
import { comparedCommits, compareCounts, compareStatus } from '../comparison.js';
import { mediaResult, requestedMediaParam } from '../../http/media-type.js';
import { ensureNotEmpty, resolveCommit } from '../resolve-commit.js';

/** Without `page` or `per_page`, GitHub lists up to 250 commits of a comparison. */
const UNPAGED_COMMITS = 250;

// GET …/compare/{basehead}: how head relates to base, the commits head has
// that base lacks (oldest first, paged when asked), and the files changed.
export const compareCommits: Handler<'repos/compare-commits-with-basehead'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const { query } = await ctx.input();
  const { git, urls } = ctx.services;
  const basehead = ctx.params.basehead;
  const refs = parseBaseHead(basehead, repo);
  if (!refs) throw notFound();
  const [base, head] = await Promise.all([resolveCommit(git, repo, refs.base), resolveCommit(git, repo, refs.head)]);
  if (!base || !head) {
    await ensureNotEmpty(git, repo);
    throw notFound();
  }
  const counts = await compareCounts(git, repo.id, base, head);
  // Two dots compare base and head themselves; three, the head's changes since the merge base.
  const from = refs.threeDot ? counts.mergeBase : base;
  const { vendor } = ctx.services.config;
  const format = requestedMediaParam(ctx.event.req.headers.get('accept'), vendor, ['diff', 'patch'] as const);
  if (format === 'diff') return mediaResult(format, vendor, await diffText(git, repo.id, from, head), { text: true });
  if (format === 'patch')
    return mediaResult(format, vendor, await patchText(git, repo.id, [`${base}..${head}`]), { text: true });

  const paged = query.page !== undefined || query.per_page !== undefined;
  const page = pageRequest(query);
  const [offset, count] = paged ? [page.offset, page.perPage] : [0, UNPAGED_COMMITS];
  const [commits, ends, files] = await Promise.all([
    comparedCommits(git, repo.id, base, head, counts.aheadBy, offset, count),
    logRecords(git, repo.id, ['--no-walk=unsorted', base, counts.mergeBase, '--']),
    // As on GitHub, the files (all of them) come with the first page only.
    paged && page.page > 1 ? [] : diffFiles(git, repo.id, from, head),
  ]);
  const baseRecord = ends[0]!;
  const mergeBaseRecord = ends.find((r) => r.sha === counts.mergeBase) ?? baseRecord;
  const users = await commitUsers(
    ctx.services,
    [...commits, baseRecord, mergeBaseRecord].flatMap((r) => [r.author.email, r.committer.email]),
  );
  const { api, html } = repoPaths(repo, urls);
  const owner = repo.owner_login;
  const link = paged ? linkHeader(urls.apiRequest(ctx.event.url), page, counts.aheadBy) : undefined;
  return {
    status: 200,
    headers: linkHeaderOf(link),
    body: {
      url: `${api}/compare/${basehead}`,
      html_url: `${html}/compare/${basehead}`,
      permalink_url: `${html}/compare/${owner}:${base}...${owner}:${head}`,
      diff_url: `${html}/compare/${basehead}.diff`,
      patch_url: `${html}/compare/${basehead}.patch`,
      base_commit: commitView(repo, baseRecord, users, urls),
      merge_base_commit: commitView(repo, mergeBaseRecord, users, urls),
      status: compareStatus(counts),
      ahead_by: counts.aheadBy,
      behind_by: counts.behindBy,
      total_commits: counts.aheadBy,
      commits: commits.map((r) => commitView(repo, r, users, urls)),
      files: files.map((f) => fileView(repo, head, f, urls)),
    },
  };
};
