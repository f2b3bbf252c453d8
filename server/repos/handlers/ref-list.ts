// The ref lists (`git/list-refs`, `git/list-matching-refs`, the prefix form of
// `git/get-ref-legacy`): git-ref bodies of the refs whose full name starts with
// a prefix, by name, one page of them with GitHub's `Link`. An empty repository
// is 409, as GitHub answers.
import { conflict } from '../../errors/domain-error.js';
import type { OperationContext } from '../../http/operation-context.js';
import { linkHeader, pageRequest } from '../../paging/pagination.js';
import type { OperationId } from '../../generated/routes.js';
import { gitRefView } from '../ref-view.js';
import type { RepositoryRow } from '../repository-row.js';

export interface RefObject {
  ref: string;
  sha: string;
  type: string;
}

/** Every ref of the repository, by name; 409 when it has none. */
export async function repositoryRefs<K extends OperationId>(
  ctx: OperationContext<K>,
  repo: RepositoryRow,
): Promise<RefObject[]> {
  const refs = await ctx.services.git.listRefObjects(repo.id);
  if (refs.length === 0) throw conflict('Git Repository is empty.');
  return refs;
}

/** One page of `refs` as git-ref bodies, with the `Link` header. */
export function refPageResponse<K extends OperationId>(
  ctx: OperationContext<K>,
  repo: RepositoryRow,
  refs: RefObject[],
  query: { page?: number; per_page?: number },
) {
  const { urls } = ctx.services;
  const page = pageRequest(query);
  const body = refs
    .slice(page.offset, page.offset + page.perPage)
    .map((r) => gitRefView(repo, r.ref, r.sha, r.type, urls));
  const link = linkHeader(urls.apiRequest(ctx.event.url), page, refs.length);
  const headers: Record<string, string> = link ? { Link: link } : {};
  return { status: 200 as const, body, headers };
}

export async function refListResponse<K extends OperationId>(
  ctx: OperationContext<K>,
  repo: RepositoryRow,
  prefix: string,
  query: { page?: number; per_page?: number },
) {
  const refs = await repositoryRefs(ctx, repo);
  return refPageResponse(
    ctx,
    repo,
    refs.filter((r) => r.ref.startsWith(prefix)),
    query,
  );
}
