// The ref lists (`git/list-refs`, `git/list-matching-refs`): git-ref bodies of
// the refs whose full name starts with a prefix, by name, one page of them
// with GitHub's `Link`. An empty repository is 409, as GitHub answers.
import { conflict } from '../http/api-error.js';
import type { OperationContext } from '../http/operation-context.js';
import { linkHeader, pageRequest } from '../http/pagination.js';
import type { OperationId } from '../generated/routes.js';
import { gitRefView } from './ref-view.js';
import type { RepositoryRow } from './repositories-store.js';

export async function refListResponse<K extends OperationId>(ctx: OperationContext<K>, repo: RepositoryRow, prefix: string, query: { page?: number; per_page?: number }) {
  const { git, urls } = ctx.services;
  const refs = await git.listRefObjects(repo.id);
  if (refs.length === 0) throw conflict('Git Repository is empty.');
  const matching = refs.filter((r) => r.ref.startsWith(prefix));
  const page = pageRequest(query);
  const body = matching.slice(page.offset, page.offset + page.perPage).map((r) => gitRefView(repo, r.ref, r.sha, r.type, urls));
  const link = linkHeader(new URL(ctx.event.url.pathname + ctx.event.url.search, urls.base + '/'), page, matching.length);
  const headers: Record<string, string> = link ? { Link: link } : {};
  return { status: 200 as const, body, headers };
}
