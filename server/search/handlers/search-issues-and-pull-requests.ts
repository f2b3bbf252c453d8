import { refused } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { pageRequest } from '../../paging/pagination.js';
import { pageHeaders } from '../../issues/page-headers.js';
import { searchIssues } from '../issue-search.js';
import { MAX_SEARCH_RESULTS } from '../issue-search-page.js';
import { parseIssueSearch } from '../search-query.js';
import { searchResultItems } from '../search-result-view.js';

export const searchIssuesAndPullRequests: Handler<'search/issues-and-pull-requests'> = async (ctx) => {
  const { query } = await ctx.input();
  const parsed = parseIssueSearch(query.q);
  const page = pageRequest(query);
  if (page.offset >= MAX_SEARCH_RESULTS)
    throw refused(`Only the first ${MAX_SEARCH_RESULTS} search results are available`);
  const { sql, urls } = ctx.services;
  const limit = Math.min(page.perPage, MAX_SEARCH_RESULTS - page.offset);
  // The `sort` parameter over a `sort:` in q; without either, best match.
  const sort = query.sort ? { sort: query.sort, order: query.order } : parsed.sort;
  const { hits, total } = await searchIssues(sql, ctx.principal, parsed, {
    sort: sort?.sort,
    order: sort?.order,
    limit,
    offset: page.offset,
  });
  const body = {
    total_count: total,
    incomplete_results: false,
    items: searchResultItems(hits, urls),
    search_type: 'lexical' as const,
    // Asked for a semantic or hybrid search: answered lexically, and said so in GitHub's words.
    ...(query.search_type ? { lexical_fallback_reason: ['service_unavailable' as const] } : {}),
  };
  return { status: 200, body, headers: pageHeaders(urls, ctx.event.url, page, Math.min(total, MAX_SEARCH_RESULTS)) };
};
