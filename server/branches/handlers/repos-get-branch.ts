import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { commitRecord } from '../../commits/commit-records.js';
import { commitUsers } from '../../commits/commit-users.js';
import { commitView } from '../../commits/commit-view.js';
import { branchWithProtectionView } from '../branch-view.js';
import { ruleForBranch } from '../../branch-protection/branch-patterns.js';
import { protectionsOf } from '../../branch-protection/protections-store.js';

// GET …/branches/{branch}: the branch (its name may hold slashes) with its
// head commit in full.
export const getBranch: Handler<'repos/get-branch'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  await ctx.input();
  const { git, urls } = ctx.services;
  const name = ctx.params.branch;
  const sha = await git.resolveRef(repo.id, `refs/heads/${name}`);
  if (!sha) throw notFound('Branch not found');
  const record = await commitRecord(git, repo.id, sha);
  const users = await commitUsers(ctx.services, [record.author.email, record.committer.email]);
  const rule = ruleForBranch(await protectionsOf(ctx.services.sql, repo.id), name);
  return { status: 200, body: branchWithProtectionView(repo, name, commitView(repo, record, users, urls), urls, rule) };
};
