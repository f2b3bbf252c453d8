// The signed download URL itself: `{public url}/_archive/{repository id}/{sha}.{tar.gz|zip}?expires=…&signature=…`,
// GitHub's codeload. Not a REST operation (not in openapi.yaml, no token, no
// rate limit: the signature is the credential and allows one archive for 5
// minutes). It streams `git archive` as git writes it, never holding the
// whole archive, with every file under `<owner>-<repo>-<short sha>/` and that
// name for the download, as GitHub does. Anything wrong (expired, tampered,
// repository or commit gone) is the same bare 404: nothing to learn from it.
import type { H3, H3Event } from 'h3';
import { getRouterParam } from 'h3';
import { gitDownload, mountDownload, notFound, signatureOf } from '../http/signed-download.js';
import type { Services } from '../services.js';
import { archiveGrant, type ArchiveFormat } from './archive-redirect.js';

const FILE = /^([0-9a-f]{40}|[0-9a-f]{64})\.(tar\.gz|zip)$/;
const REPOSITORY_ID = /^[1-9][0-9]{0,15}$/;

const FORMATS: Record<string, { format: ArchiveFormat; git: string; type: string }> = {
  'tar.gz': { format: 'tarball', git: 'tar.gz', type: 'application/x-gzip' },
  zip: { format: 'zipball', git: 'zip', type: 'application/zip' },
};

async function download(event: H3Event, services: Services): Promise<Response> {
  const id = getRouterParam(event, 'repository_id') ?? '';
  const file = FILE.exec(getRouterParam(event, 'file') ?? '');
  if (!REPOSITORY_ID.test(id) || !file) return notFound();
  const [, sha, extension] = file as unknown as [string, string, string];
  const kind = FORMATS[extension]!;
  // Only a signed URL opens an archive.
  if ((await signatureOf(services.signedUrls, event.url, archiveGrant(Number(id), sha, kind.format))) !== 'valid') return notFound();
  const repo = await services.repos.byId(Number(id));
  // Checked first: git's own complaint about a missing object would otherwise be the answer.
  if (!repo || (await services.git.objectType(repo.id, `${sha}^{commit}`)) !== 'commit') return notFound();
  const name = `${repo.owner_login}-${repo.name}-${sha.slice(0, 7)}`;
  const response = await gitDownload(services, repo.id, ['archive', `--format=${kind.git}`, `--prefix=${name}/`, sha], kind.type);
  if (!response) return notFound();
  // Owner and repository names are [A-Za-z0-9._-]: nothing to quote or escape.
  response.headers.set('content-disposition', `attachment; filename=${name}.${extension}`);
  response.headers.set('cache-control', 'private, max-age=300');
  return response;
}

export function mountArchiveDownloads(app: H3, services: Services): void {
  mountDownload(app, services, '/_archive/:repository_id/:file', 'archive', (event) => download(event, services));
}
