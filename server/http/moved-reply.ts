// GitHub's answer to a request naming a repository by an old name: 301 for
// GET and HEAD, 307 for other methods (the client repeats the method and
// body), `Location` the same request under /repositories/{id}/…, with the
// rest of the path and the query kept and the request's REST prefix (/api/v3)
// if it had one. Only a caller who may see the repository is told where it
// went: to anyone else the old name stays a plain 404, as a private
// repository's name must not leak through its redirect.
import type { H3Event } from 'h3';
import { canSeeRepository } from '../access/repository-permission.js';
import type { Principal } from '../auth/principal.js';
import { jsonReply, type Reply } from './json-response.js';
import { REST_PREFIXES } from './rest-routes.js';
import type { Services } from '../services.js';

const DOCUMENTATION_URL = 'https://docs.github.com/rest/guides/best-practices-for-using-the-rest-api#follow-redirects';

/** `/repositories/{id}` + whatever followed `/repos/{owner}/{repo}` in the request, under the request's prefix. */
export function movedLocation(publicUrl: string, requestUrl: URL, repositoryId: number): string {
  let path = requestUrl.pathname;
  const prefix = REST_PREFIXES.find((p) => p !== '' && path.startsWith(`${p}/`)) ?? '';
  path = path.slice(prefix.length);
  // ['', 'repos', owner, repo, ...rest]: the rest is kept as sent (still encoded).
  const rest = path.split('/').slice(4).join('/');
  return `${publicUrl}${prefix}/repositories/${repositoryId}${rest ? `/${rest}` : ''}${requestUrl.search}`;
}

/** The redirect for `owner/name`, or null when it is not an old name this caller may follow. */
export async function movedReply(
  event: H3Event,
  services: Services,
  principal: Principal,
  owner: string,
  name: string,
  headers: Record<string, string>,
): Promise<Reply | null> {
  const id = await services.repos.movedTo(owner, name);
  const repo = id === null ? null : await services.repos.byId(id);
  if (!repo || !(await canSeeRepository(principal, repo, services.repos))) return null;
  const permanent = event.req.method === 'GET' || event.req.method === 'HEAD';
  const url = movedLocation(services.config.publicUrl, event.url, repo.id);
  headers.location = url;
  const message = permanent ? 'Moved Permanently' : 'Temporary Redirect';
  return jsonReply(permanent ? 301 : 307, { message, url, documentation_url: DOCUMENTATION_URL }, headers);
}
