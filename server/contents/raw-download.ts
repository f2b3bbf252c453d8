// The `download_url` of a file: `{public url}/{owner}/{repo}/raw/{ref}/{path}`,
// GitHub's raw.githubusercontent.com on Wharf's own host. Not a REST operation
// (not in openapi.yaml, no token, no rate limit), as the archive URLs. A public
// repository's files are there for anyone; a private one's only through the
// signed URL its contents bodies carry (download-urls.ts: 5 minutes, that one
// file at that ref). The file is streamed from git as it is read, as
// `text/plain` whatever it holds (raw.githubusercontent's answer, which no
// browser renders as a page). Anything wrong is the same bare 404.
import type { H3, H3Event } from 'h3';
import { runGit } from '../git-http/git-process.js';
import { errorFields } from '../log.js';
import type { Services } from '../services.js';
import { rawGrant } from './download-urls.js';
import { treePath } from './content-path.js';
import { entryAt } from './tree-entries.js';

const GIT_ENV = { GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_TERMINAL_PROMPT: '0' };
const EXPIRES = /^[0-9]{1,12}$/;
/** Where the ref may end: a ref with slashes (`feature/x`) sent unencoded is tried at each of its first few. */
const MAX_REF_SEGMENTS = 8;

function notFound(): Response {
  return new Response('Not Found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
}

function decodedSegments(pathname: string): string[] | null {
  try {
    return pathname.split('/').slice(1).map(decodeURIComponent);
  } catch {
    return null;
  }
}

/** The commit and tree path `{ref}/{path}` names: the shortest ref that is a branch, tag or sha (GitHub's order for raw URLs). */
async function resolve(services: Services, repositoryId: number, rest: string[]): Promise<{ commit: string; path: string } | null> {
  for (let i = 1; i < rest.length && i <= MAX_REF_SEGMENTS; i++) {
    const path = treePath(rest.slice(i).join('/'));
    if (!path) return null;
    const commit = await services.git.commitOf(repositoryId, rest.slice(0, i).join('/'));
    if (commit) return { commit, path };
  }
  return null;
}

async function download(event: H3Event, services: Services): Promise<Response> {
  const segments = decodedSegments(event.url.pathname);
  // ['owner', 'repo', 'raw', ref…, path…]
  if (!segments || segments.length < 5 || segments[2] !== 'raw') return notFound();
  const [owner, name, , ...rest] = segments as [string, string, string, ...string[]];
  const repo = await services.repos.find(owner, name);
  if (!repo) return notFound();
  const expires = event.url.searchParams.get('expires');
  const signature = event.url.searchParams.get('signature');
  if (expires !== null || signature !== null) {
    if (!expires || !EXPIRES.test(expires) || !signature) return notFound();
    if (!(await services.signedUrls.verify(rawGrant(repo.id, rest.join('/')), Number(expires), signature))) return notFound();
  } else if (repo.private) {
    return notFound();
  }
  const found = await resolve(services, repo.id, rest);
  const entry = found && (await entryAt(services.git, repo.id, found.commit, found.path));
  if (!entry || (entry.kind !== 'file' && entry.kind !== 'symlink')) return notFound();
  const response = await runGit({
    args: ['--git-dir', services.git.pathOf(repo.id), 'cat-file', 'blob', entry.sha],
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...GIT_ENV },
    input: null,
    contentType: 'text/plain; charset=utf-8',
  }).response;
  if (response.status !== 200) return notFound();
  response.headers.set('etag', `"${entry.sha}"`);
  response.headers.set('x-content-type-options', 'nosniff');
  response.headers.set('cache-control', repo.private ? 'private, max-age=300' : 'max-age=300');
  return response;
}

export function mountRawDownloads(app: H3, services: Services): void {
  app.get('/:owner/:repo/raw/**', async (event) => {
    try {
      return await download(event, services);
    } catch (error) {
      services.log.error('raw download failed', { path: event.url.pathname, ...errorFields(error) });
      return new Response('Internal Server Error\n', { status: 500, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    }
  });
}
