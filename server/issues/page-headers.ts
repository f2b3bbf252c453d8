// The `Link` header of a page, as the headers a handler returns.
import { linkHeader, type PageRequest } from '../http/pagination.js';
import type { Urls } from '../http/urls.js';

export function pageHeaders(urls: Urls, requestUrl: URL, page: PageRequest, total: number): Record<string, string> {
  const link = linkHeader(urls.apiRequest(requestUrl), page, total);
  return link ? { Link: link } : {};
}
