// The signed download URL itself: `{public url}/_archive/{repository id}/{sha}.{tar.gz|zip}?expires=…&signature=…&by=…`,
// GitHub's codeload. Not a REST operation (not in openapi.yaml, no token: the
// signature is the credential and allows one archive for 5 minutes), but each
// download spends one `core` request of whoever had the URL signed (`by`,
// rate-limit/signer-charge.ts): 429 past that limit. Every file is under
// `<owner>-<repo>-<short sha>/`, with that name for the download, as GitHub
// does. An archive is made once: what it would hold is counted first
// (archive-measure.ts; past WHARF_ARCHIVE_MAX_ENTRIES or _MAX_BYTES the
// answer is 422 and git archive never runs), then `git archive` writes it
// into the cache (archive-cache.ts), and every download streams the cached
// file. Anything else wrong (expired, tampered, repository or commit gone) is
// the same bare 404: nothing to learn from it.
import type { H3, H3Event } from 'h3';
import { getRouterParam } from 'h3';
import { FastResponse } from 'srvx';
import { rateHeaders } from '../../rate-limit/rate-headers.js';
import { fileBody } from '../../http/file-body.js';
import { mountDownload, notFound, signatureOf } from '../../http/signed-download.js';
import { errorFields } from '../../log.js';
import { chargeSigner } from '../../rate-limit/signer-charge.js';
import type { Services } from '../../services.js';
import { ArchiveCache, archiveCacheDir } from '../archive-cache.js';
import { measureArchive } from '../archive-measure.js';
import { archiveGrant, type ArchiveFormat } from '../archive-grant.js';

const FILE = /^([0-9a-f]{40}|[0-9a-f]{64})\.(tar\.gz|zip)$/;
const REPOSITORY_ID = /^[1-9][0-9]{0,15}$/;

const FORMATS: Record<string, { format: ArchiveFormat; git: string; type: string }> = {
  'tar.gz': { format: 'tarball', git: 'tar.gz', type: 'application/x-gzip' },
  zip: { format: 'zipball', git: 'zip', type: 'application/zip' },
};

const TOO_LARGE = {
  entries: (max: number) => `more than ${max} entries (files and directories)`,
  bytes: (max: number) => `more than ${max} bytes of files`,
};

/** An archive past a cap: 422, as nothing in the request can be changed to get it. */
function tooLarge(reason: 'entries' | 'bytes', services: Services, headers: Record<string, string>): Response {
  const { maxEntries, maxBytes } = services.config.archives;
  const detail = reason === 'entries' ? TOO_LARGE.entries(maxEntries) : TOO_LARGE.bytes(maxBytes);
  return new Response(`Repository archive too large: ${detail}.\n`, {
    status: 422,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

/**
 * Commits found too large, by `<repository id>:<sha>`, so a refused URL
 * downloaded again is not counted again (a tree of 100,001 distinct files is
 * 100,001 reads); the oldest forgotten past REFUSALS_KEPT.
 */
const REFUSALS_KEPT = 1024;

function remember(refusals: Map<string, 'entries' | 'bytes'>, key: string, reason: 'entries' | 'bytes'): void {
  refusals.set(key, reason);
  if (refusals.size > REFUSALS_KEPT) refusals.delete(refusals.keys().next().value!);
}

/** Thrown out of the cache's `make` when the archive would pass a cap. */
class TooLarge extends Error {
  constructor(readonly reason: 'entries' | 'bytes') {
    super('archive too large');
  }
}

async function download(
  event: H3Event,
  services: Services,
  cache: ArchiveCache,
  refusals: Map<string, 'entries' | 'bytes'>,
): Promise<Response> {
  const id = getRouterParam(event, 'repository_id') ?? '';
  const file = FILE.exec(getRouterParam(event, 'file') ?? '');
  const signer = event.url.searchParams.get('by') ?? '';
  if (!REPOSITORY_ID.test(id) || !file || !signer) return notFound();
  const [, sha, extension] = file as unknown as [string, string, string];
  const kind = FORMATS[extension]!;
  // Only a signed URL opens an archive.
  if (
    (await signatureOf(services.signedUrls, event.url, archiveGrant(Number(id), sha, kind.format, signer))) !== 'valid'
  )
    return notFound();
  const bucket = await services.signedUrls.unseal(signer);
  if (bucket === null) return notFound();
  const repo = await services.repos.byId(Number(id));
  // Checked first: git's own complaint about a missing object would otherwise be the answer.
  if (!repo || (await services.git.objectType(repo.id, `${sha}^{commit}`)) !== 'commit') return notFound();
  const charge = await chargeSigner(services, bucket);
  if (!charge.allowed) return charge.response;
  const limitHeaders = rateHeaders(charge.state);
  const refusal = refusals.get(`${repo.id}:${sha}`);
  if (refusal) return tooLarge(refusal, services, limitHeaders);
  const name = `${repo.owner_login}-${repo.name}-${sha.slice(0, 7)}`;
  const make = async (path: string) => {
    const measure = await measureArchive(services.git, repo.id, sha, services.config.archives);
    if (!measure.ok) {
      remember(refusals, `${repo.id}:${sha}`, measure.reason);
      throw new TooLarge(measure.reason);
    }
    await services.git.git(repo.id, ['archive', `--format=${kind.git}`, `--prefix=${name}/`, '-o', path, sha]);
  };
  let handle;
  try {
    handle = await cache.open(repo.id, [sha, kind.git, name], make);
  } catch (error) {
    if (error instanceof TooLarge) return tooLarge(error.reason, services, limitHeaders);
    throw error;
  }
  let size: number;
  try {
    ({ size } = await handle.stat());
  } catch (error) {
    await handle.close();
    throw error;
  }
  // Written to the socket as release assets are (file-body.ts); the types say BodyInit, srvx takes a body with `pipe`.
  const body = fileBody(handle, size, (error) =>
    services.log.error('archive download failed', { repositoryId: repo.id, sha, ...errorFields(error) }),
  );
  return new FastResponse(body as unknown as ReadableStream, {
    status: 200,
    headers: {
      'content-type': kind.type,
      'content-length': String(size),
      // Owner and repository names are [A-Za-z0-9._-]: nothing to quote or escape.
      'content-disposition': `attachment; filename=${name}.${extension}`,
      'cache-control': 'private, max-age=300',
      ...limitHeaders,
    },
  });
}

export function mountArchiveDownloads(app: H3, services: Services): void {
  const cache = new ArchiveCache(
    archiveCacheDir(services.config.dataDir),
    services.config.archives.cacheBytes,
    services.now,
  );
  const refusals = new Map<string, 'entries' | 'bytes'>();
  mountDownload(app, services, '/_archive/:repository_id/:file', 'archive', (event) =>
    download(event, services, cache, refusals),
  );
}
