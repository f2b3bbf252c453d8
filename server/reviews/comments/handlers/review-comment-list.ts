// The query of GET …/pulls/comments and …/pulls/{n}/comments as the store's
// readers take it: `direction` is ignored without `sort`, as GitHub
// documents (the validator fills in `sort`'s default, so the request's own
// query tells), and the page as limit/offset.
import type { H3Event } from 'h3';
import { pageRequest } from '../../../paging/pagination.js';
import type { ReviewCommentFilters } from '../review-comment-store.js';

interface ListQuery {
  sort?: 'created' | 'updated';
  direction?: 'asc' | 'desc';
  since?: string;
  page?: number;
  per_page?: number;
}

export function listRequest(event: H3Event, query: ListQuery) {
  const page = pageRequest(query);
  const filters: ReviewCommentFilters = {
    ...(query.since !== undefined ? { since: query.since } : {}),
    ...(query.sort !== undefined ? { sort: query.sort } : {}),
    ...(event.url.searchParams.has('sort') && query.direction !== undefined ? { direction: query.direction } : {}),
  };
  return { page, filters, limits: { limit: page.perPage, offset: page.offset } };
}
