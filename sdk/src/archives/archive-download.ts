// `client.repos.downloadTarballArchive` / `downloadZipballArchive`: Wharf (as
// GitHub) answers 302 to a signed download URL that needs no token. fetch
// would follow it keeping `Authorization` when the URL is on the same origin,
// and openapi-fetch would then parse the archive as JSON; so the redirect is
// taken by hand: the API request with `redirect: 'manual'` (token, retries and
// rate-limit state as any call), then the download as a bare GET that carries
// neither the token nor the client's headers, its bytes the result's `data`.
// Any answer other than a redirect (404, 403…) is returned as the call's error.
import type { LooseRequest } from '../resources/build-resources.js';
import type { CallInit } from '../resources/resource-types.js';
import { toFetchInit } from '../resources/fetch-init.js';

export const ARCHIVE_OPERATIONS = ['repos/download-tarball-archive', 'repos/download-zipball-archive'] as const;
export type ArchiveOperationId = (typeof ARCHIVE_OPERATIONS)[number];

/** The archive's bytes on success (`response` is the download's), else the API's or the download's error. */
export type ArchiveResult =
  | { data: ArrayBuffer; error?: never; response: Response }
  | { data?: never; error: unknown; response: Response };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

async function errorOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function archiveMethod(request: LooseRequest, path: string, fetchFn: (input: Request) => Promise<Response>) {
  return async (args?: Record<string, unknown>, init: CallInit = {}): Promise<ArchiveResult> => {
    const first = await request('get', path, {
      ...init,
      ...toFetchInit(path, args),
      redirect: 'manual',
      parseAs: 'stream',
    });
    const { response } = first;
    const location = response.headers.get('location');
    if (!REDIRECTS.has(response.status) || location === null) {
      if (response.ok) {
        // A server that sends the archive itself rather than a redirect.
        return { data: await response.arrayBuffer(), response };
      }
      return { error: first.error, response };
    }
    // (openapi-fetch has read the redirect's small body as its error.) A fresh request: no Authorization, no API headers; the download's own redirects are followed.
    const download = await fetchFn(
      new Request(new URL(location, response.url || undefined), { redirect: 'follow', signal: init.signal ?? null }),
    );
    if (!download.ok) return { error: await errorOf(download), response: download };
    return { data: await download.arrayBuffer(), response: download };
  };
}
