// The archive operations on the mock: prism answers their 302 with the
// contract's example download URL, whose host is the example's; the front
// points it at the mock itself, and serves `/_archive/{id}/{sha}.{tar.gz|zip}`
// with a small real archive (archive-files.ts), as the server serves its
// signed URLs: no token, `expires` and `signature` required (any value: the
// mock has no key), anything else a bare 404.
import type { H3, H3Event } from 'h3';
import { getRouterParam } from 'h3';
import { tarGz, zip, type ArchiveFile } from './archive-files.js';

const FILE = /^([0-9a-f]{40})\.(tar\.gz|zip)$/;
const FILES: ArchiveFile[] = [
  { path: 'README.md', text: '# Hello-World\nMy first repository on GitHub!\n' },
  { path: 'src/hello.txt', text: 'Hello, World!\n' },
];

/** A redirect to a download URL, pointed at the mock that answered it (the example's host is not there). */
export function localDownloadLocation(response: Response, origin: string): Response {
  const location = response.headers.get('location');
  if (response.status !== 302 || location === null) return response;
  const url = new URL(location, origin);
  if (!url.pathname.startsWith('/_archive/')) return response;
  response.headers.set('location', `${origin}${url.pathname}${url.search}`);
  return response;
}

function notFound(): Response {
  return new Response('Not Found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

function download(event: H3Event): Response {
  const file = FILE.exec(getRouterParam(event, 'file') ?? '');
  const { searchParams } = event.url;
  if (
    !/^[1-9][0-9]*$/.test(getRouterParam(event, 'repository_id') ?? '') ||
    !file ||
    !searchParams.get('expires') ||
    !searchParams.get('signature')
  )
    return notFound();
  const [, sha, extension] = file as unknown as [string, string, string];
  const folder = `octocat-Hello-World-${sha.slice(0, 7)}`;
  const body = extension === 'zip' ? zip(folder, FILES) : tarGz(folder, FILES);
  return new Response(new Uint8Array(body), {
    headers: {
      'content-type': extension === 'zip' ? 'application/zip' : 'application/x-gzip',
      'content-disposition': `attachment; filename=${folder}.${extension}`,
    },
  });
}

export function mountArchiveDownloads(app: H3): void {
  app.get('/_archive/:repository_id/:file', download);
}
