// The `download_url` of a file: `{public url}/{owner}/{repo}/raw/{ref}/{path}`,
// GitHub's raw.githubusercontent.com on Wharf's own host. Not a REST operation
// (not in openapi.yaml, no token, no rate limit), as the archive URLs. A public
// repository's files are there for anyone; a private one's only through the
// signed URL its contents bodies carry (download-urls.ts: 5 minutes, that one
// file at that ref). The file is streamed from git as it is read, as
// `text/plain` whatever it holds (raw.githubusercontent's answer, which no
// browser renders as a page). Anything wrong is the same bare 404.
import type { H3, H3Event } from 'h3';
import { mountDownload, notFound, signatureOf, type GitDownload } from '../../http/signed-download.js';
import type { Services } from '../../services.js';
import { rawGrant } from '../download-urls.js';
import { treePath } from '../../repos/tree-path.js';
import { entryAt } from '../tree-entries.js';

/** Where the ref may end: a ref with slashes (`feature/x`) sent unencoded is tried at each of its first few. */
const MAX_REF_SEGMENTS = 8;

function decodedSegments(pathname: string): string[] | null {
  try {
    return pathname.split('/').slice(1).map(decodeURIComponent);
  } catch {
    return null;
  }
}

/** The commit and tree path `{ref}/{path}` names: the shortest ref that is a branch, tag or sha (GitHub's order for raw URLs). */
async function resolve(
  services: Services,
  repositoryId: number,
  rest: string[],
): Promise<{ commit: string; path: string } | null> {
  for (let i = 1; i < rest.length && i <= MAX_REF_SEGMENTS; i++) {
    const path = treePath(rest.slice(i).join('/'));
    if (!path) return null;
    const commit = await services.git.commitOf(repositoryId, rest.slice(0, i).join('/'));
    if (commit) return { commit, path };
  }
  return null;
}

async function download(event: H3Event, services: Services, gitDownload: GitDownload): Promise<Response> {
  const segments = decodedSegments(event.url.pathname);
  // ['owner', 'repo', 'raw', ref…, path…]
  if (!segments || segments.length < 5 || segments[2] !== 'raw') return notFound();
  const [owner, name, , ...rest] = segments as [string, string, string, ...string[]];
  const repo = await services.repos.find(owner, name);
  if (!repo) return notFound();
  const signed = await signatureOf(services.signedUrls, event.url, rawGrant(repo.id, rest.join('/')));
  if (signed === 'invalid' || (signed === 'unsigned' && repo.private)) return notFound();
  const found = await resolve(services, repo.id, rest);
  const entry = found && (await entryAt(services.git, repo.id, found.commit, found.path));
  if (!entry || (entry.kind !== 'file' && entry.kind !== 'symlink')) return notFound();
  const response = await gitDownload(services, repo.id, ['cat-file', 'blob', entry.sha], 'text/plain; charset=utf-8');
  if (!response) return notFound();
  response.headers.set('etag', `"${entry.sha}"`);
  response.headers.set('x-content-type-options', 'nosniff');
  response.headers.set('cache-control', repo.private ? 'private, max-age=300' : 'max-age=300');
  return response;
}

/** `gitDownload` streams the file (git-http/git-download.ts, passed in by app.ts). */
export function mountRawDownloads(app: H3, services: Services, gitDownload: GitDownload): void {
  mountDownload(app, services, '/:owner/:repo/raw/**', 'raw', (event) => download(event, services, gitDownload));
}
