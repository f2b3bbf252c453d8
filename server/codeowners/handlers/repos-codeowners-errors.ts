import { resolveCommit } from '../../commits/resolve-commit.js';
import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { codeownersErrors } from '../codeowners-errors.js';

// Read as the contents API reads: the same access check, and a `ref` naming no commit is a 404.
export const reposCodeownersErrors: Handler<'repos/codeowners-errors'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const { query } = await ctx.input();
  const { sql, git } = ctx.services;
  const ref = query.ref ?? repo.default_branch;
  const commit = await resolveCommit(git, repo, ref);
  if (!commit) throw notFound(`No commit found for the ref ${ref}`);
  return { status: 200, body: { errors: await codeownersErrors(sql, git, repo, commit) } };
};
