import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { fullRefName } from '../ref-param.js';
import { gitRefView } from '../ref-view.js';

// `ref` is the part after refs/ (e.g. heads/main, raw or %2F-encoded); only an
// exact match is returned, as GitHub does for this endpoint.
export const getRef: Handler<'git/get-ref'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  await ctx.input();
  const { git, urls } = ctx.services;
  const full = fullRefName(ctx.params.ref);
  if (!(await git.isValidRefName(full))) throw notFound();
  const sha = await git.resolveRef(repo.id, full);
  if (!sha) throw notFound();
  const type = (await git.objectType(repo.id, sha)) ?? 'commit';
  return { status: 200, body: gitRefView(repo, full, sha, type, urls) };
};
