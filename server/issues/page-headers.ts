// The `Link` header of a page, as the headers a handler returns.
import { pageLink } from '../paging/page-link.js';
import type { PageRequest } from '../paging/pagination.js';
import type { Urls } from '../http/urls.js';

export function pageHeaders(urls: Urls, requestUrl: URL, page: PageRequest, total: number): Record<string, string> {
  const link = pageLink(urls, requestUrl, page, total);
  return link ? { Link: link } : {};
}
