// Every URL the API emits is built from WHARF_PUBLIC_URL, so responses are
// right behind a proxy or under another host name; and the noreply email
// addresses it gives people without one, from WHARF_NOREPLY_HOST.
//
// API URLs are written under /api/v3 as GitHub Enterprise writes them, whichever
// base the request used: PyGithub with `base_url=…/api/v3` follows `url` fields
// and refuses any URL outside its base, while PyGithub, go-github and Octokit
// with the root as base accept /api/v3 URLs. Web URLs stay at the root.
import { definedSearch } from './defined-query.js';
import { noreplyEmail } from '../ids/noreply-email.js';
import { REST_PREFIXES } from './rest-routes.js';

/** Where the REST URLs Wharf writes live (GitHub Enterprise's layout). */
export const API_PREFIX = '/api/v3';

export class Urls {
  constructor(
    readonly base: string,
    readonly noreplyHost = 'wharf.local',
  ) {}

  /** GitHub's address for an account without a public email: `<id>+<login>@users.noreply.<host>`. */
  noreply(account: { id: number; login: string }): string {
    return noreplyEmail(account, this.noreplyHost);
  }

  /** REST resource URL: `{base}/api/v3{path}` (the root serves the same routes). */
  api(path: string): string {
    return this.base + API_PREFIX + path;
  }

  /**
   * The API URL of the request being answered (path and query), for `Link`
   * headers: the request's REST prefix, if any, is replaced by /api/v3.
   */
  apiRequest(requestUrl: URL): URL {
    let path = requestUrl.pathname;
    for (const prefix of REST_PREFIXES) {
      if (prefix && (path === prefix || path.startsWith(`${prefix}/`))) path = path.slice(prefix.length);
    }
    return new URL(this.api(path) + definedSearch(requestUrl));
  }

  /** Web page URL (html_url fields). */
  html(path: string): string {
    return this.base + path;
  }
}
