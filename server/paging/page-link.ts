// The Link header of a page, remembered: it is a pure function of the
// request's path and query, the page asked and the total, and building it
// (the request URL on the API base, a URL and its search parameters per
// relation) was a few percent of a commit list's CPU (npm run bench:profile,
// PROFILE_TARGET=commits), asked again and again by pollers.
import { linkHeader, type PageRequest } from './pagination.js';
import type { Urls } from '../http/urls.js';

const MAX_REMEMBERED = 1000;
const remembered = new WeakMap<Urls, Map<string, string | null>>();

/** linkHeader(urls.apiRequest(requestUrl), page, total), remembered per base URLs. */
export function pageLink(urls: Urls, requestUrl: URL, page: PageRequest, total: number): string | undefined {
  let links = remembered.get(urls);
  if (!links) remembered.set(urls, (links = new Map()));
  const key = `${requestUrl.pathname}${requestUrl.search}\0${page.page}\0${page.perPage}\0${total}`;
  const known = links.get(key);
  if (known !== undefined) return known ?? undefined;
  const link = linkHeader(urls.apiRequest(requestUrl), page, total);
  // Any query string may come: the map is emptied rather than left to grow.
  if (links.size >= MAX_REMEMBERED) links.clear();
  links.set(key, link ?? null);
  return link;
}
