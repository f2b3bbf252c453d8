import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { fullRefName } from '../ref-param.js';
import { refPageResponse, repositoryRefs } from './ref-list.js';
import { gitRefView } from '../ref-view.js';

// GitHub's older GET …/git/refs/{ref} (PyGithub's get_git_ref): the ref named
// exactly, as git/get-ref; failing that, the refs under it as a prefix
// (`heads`, `tags/v1`), as git/list-matching-refs; 404 when nothing matches.
export const getRefLegacy: Handler<'git/get-ref-legacy'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const { query } = await ctx.input();
  const refs = await repositoryRefs(ctx, repo);
  const full = fullRefName(ctx.params.ref);
  const exact = refs.find((r) => r.ref === full);
  if (exact) return { status: 200, body: gitRefView(repo, exact.ref, exact.sha, exact.type, ctx.services.urls) };
  const matching = refs.filter((r) => r.ref.startsWith(full));
  if (matching.length === 0) throw notFound();
  return refPageResponse(ctx, repo, matching, query);
};
