// The shared part of the two lists by ref (`…/commits/{ref}/check-runs` and
// `…/check-suites`): read access, the commit the ref names (422 otherwise)
// and the page asked for; then the answer, the page's body with its Link
// headers. Each handler keeps only its own query and view.
import type { OperationContext } from '../../http/operation-context.js';
import { linkHeaders, pageRequest, type PageRequest } from '../../paging/pagination.js';
import { accessRepository } from '../../http/repository-access.js';
import { commitOfRef } from '../check-ref.js';

type ListByRef = 'checks/list-for-ref' | 'checks/list-suites-for-ref';

/** `params`: the handler's ctx.params (a generic context's are not typed). */
export async function refPageRequest<K extends ListByRef>(
  ctx: OperationContext<K>,
  params: { owner: string; repo: string; ref: string },
) {
  const { repo } = await accessRepository(ctx, params.owner, params.repo, 'read');
  const { query } = await ctx.input();
  const sha = await commitOfRef(ctx.services.git, repo, params.ref);
  return { repo, query, sha, page: pageRequest(query) };
}

export function refPageAnswer<K extends ListByRef, Body>(
  ctx: OperationContext<K>,
  page: PageRequest,
  total: number,
  body: Body,
) {
  return { status: 200 as const, body, headers: linkHeaders(ctx.services.urls.apiRequest(ctx.event.url), page, total) };
}
