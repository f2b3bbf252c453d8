// An asset's `browser_download_url`: `/{owner}/{repo}/releases/download/{tag}/{name}`,
// GitHub's web form (a tag may hold slashes; the name is the last segment). It
// answers 302 to the signed URL of the bytes (release-assets/handlers/asset-download.ts), as GitHub
// sends browsers to its object storage. A public repository's published
// assets are there for anyone; a private repository's, and a draft's
// (`untagged-<release id>`), for the callers who may see them, known by a
// token (`Authorization`, as curl and the clients send) or a web session.
// Anything else is the same bare 404 as the other download URLs.
import type { H3, H3Event } from 'h3';
import { kindAllowed } from '../access/data-access.js';
import { principalPermission } from '../access/repository-permission.js';
import { parseAuthorization } from '../auth/token-secret.js';
import { mountDownload, notFound } from '../http/signed-download.js';
import type { Permission } from '../access/permissions.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { findRelease, findReleaseByTag } from '../releases/releases-store.js';
import { seesDrafts } from '../access/release-visibility.js';
import type { Services } from '../services.js';
import { currentSession, sessionPermission } from './web-request.js';
import { signedAssetUrl } from '../release-assets/asset-download-url.js';
import { findAssetByName } from '../releases/assets-store.js';

function segmentsOf(pathname: string): string[] | null {
  try {
    return pathname.split('/').slice(1).map(decodeURIComponent);
  } catch {
    return null;
  }
}

/**
 * The caller's permission on the repository: by token, else by web session,
 * else anonymous. Assets are `contents`: an installation token without
 * `contents: read` gets what anonymous callers get.
 */
async function callerPermission(event: H3Event, services: Services, repo: RepositoryRow): Promise<Permission | null> {
  const parsed = parseAuthorization(event.req.headers.get('authorization'));
  if (parsed && 'token' in parsed) {
    const principal = await services.tokenCache.lookup(parsed.token);
    if (!principal || !kindAllowed(principal, repo, 'contents')) return repo.private ? null : 'read';
    return principalPermission(principal, repo, services.repos);
  }
  return sessionPermission(services, repo, await currentSession(event, services));
}

async function download(event: H3Event, services: Services): Promise<Response> {
  const segments = segmentsOf(event.url.pathname);
  // ['owner', 'repo', 'releases', 'download', tag…, name]
  if (!segments || segments.length < 6 || segments[2] !== 'releases' || segments[3] !== 'download') return notFound();
  const [owner, name] = segments as [string, string];
  const tag = segments.slice(4, -1).join('/');
  const repo = await services.repos.find(owner, name);
  if (!repo) return notFound();
  const permission = await callerPermission(event, services, repo);
  if (repo.private && permission === null) return notFound();
  const untagged = /^untagged-([1-9][0-9]{0,15})$/.exec(tag);
  const release = untagged
    ? await findRelease(services.sql, repo.id, Number(untagged[1]))
    : await findReleaseByTag(services.sql, repo.id, tag);
  if (!release || (untagged && !release.draft) || (release.draft && !seesDrafts(permission))) return notFound();
  const asset = await findAssetByName(services.sql, release.id, segments.at(-1)!);
  if (asset?.state !== 'uploaded') return notFound();
  return new Response(null, {
    status: 302,
    headers: { location: await signedAssetUrl(services, repo.id, asset.id), 'cache-control': 'no-store' },
  });
}

export function mountBrowserDownloads(app: H3, services: Services): void {
  mountDownload(app, services, '/:owner/:repo/releases/download/**', 'release asset', (event) =>
    download(event, services),
  );
}
