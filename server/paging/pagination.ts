// Page-number pagination as GitHub does it: `per_page` (default 30, clamped to
// 100) and `page`, with a `Link` header naming next/last/first/prev.
export interface PageRequest {
  page: number;
  perPage: number;
  offset: number;
}

// `page` has no upper bound in the contract. An offset past this is past any
// real row count, and still fits PostgreSQL's bigint: such pages are empty
// rather than a failing query.
const MAX_OFFSET = Number.MAX_SAFE_INTEGER;

export function pageRequest(query: { page?: number; per_page?: number }): PageRequest {
  const perPage = Math.min(100, Math.max(1, query.per_page ?? 30));
  const page = Math.max(1, query.page ?? 1);
  return { page, perPage, offset: Math.min((page - 1) * perPage, MAX_OFFSET) };
}

/** The Link header for a page of `total` items, or undefined when everything fits on one page. */
export function linkHeader(url: URL, request: PageRequest, total: number): string | undefined {
  const lastPage = Math.max(1, Math.ceil(total / request.perPage));
  const link = (page: number, rel: string) => {
    const target = new URL(url);
    target.searchParams.set('per_page', String(request.perPage));
    target.searchParams.set('page', String(page));
    return `<${target.toString()}>; rel="${rel}"`;
  };
  const parts: string[] = [];
  if (request.page > 1) parts.push(link(Math.min(request.page - 1, lastPage), 'prev'));
  if (request.page < lastPage) parts.push(link(request.page + 1, 'next'));
  if (request.page < lastPage) parts.push(link(lastPage, 'last'));
  if (request.page > 1) parts.push(link(1, 'first'));
  return parts.length ? parts.join(', ') : undefined;
}

/** `{Link}` for a page of `total` items, or no headers when everything fits on one page. */
export function linkHeaders(url: URL, request: PageRequest, total: number): Record<string, string> {
  return linkHeaderOf(linkHeader(url, request, total));
}

/** Response headers carrying a Link header, when there is one. */
export function linkHeaderOf(link: string | undefined): Record<string, string> {
  return link ? { Link: link } : {};
}
