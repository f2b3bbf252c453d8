// What Wharf's download URLs share (a file's raw URL, an archive's, a release
// asset's): they are not REST operations (no token; a signed URL is its own
// credential, url-signer.ts; only an archive's downloads are charged, to the
// signer's limit: archives/handlers/archive-download.ts), a raw file's body is git's
// output streamed as git writes it, and anything wrong is the same bare 404,
// with nothing to learn from it; an unexpected error is a bare 500, logged.
import type { H3, H3Event } from 'h3';
import { errorFields } from '../log.js';
import type { Services } from '../services.js';
import type { Grant, UrlSigner } from './url-signer.js';

const EXPIRES = /^[0-9]{1,12}$/;

/** The one answer to anything wrong with a download. */
export function notFound(): Response {
  return new Response('Not Found\n', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/**
 * Whether `url`'s `?expires=…&signature=…` sign `grant` and have not expired:
 * `unsigned` when it carries neither, `invalid` when either is missing,
 * malformed, expired or not this server's.
 */
export async function signatureOf(
  signer: UrlSigner,
  url: URL,
  grant: Grant,
): Promise<'valid' | 'invalid' | 'unsigned'> {
  const expires = url.searchParams.get('expires');
  const signature = url.searchParams.get('signature');
  if (expires === null && signature === null) return 'unsigned';
  if (!expires || !EXPIRES.test(expires) || !signature) return 'invalid';
  return (await signer.verify(grant, Number(expires), signature)) ? 'valid' : 'invalid';
}

/**
 * Git's output for `args` on the repository as the body, streamed; null when
 * git fails before writing. Git's process is git-http's (git-http/git-download.ts):
 * app.ts passes it to the downloads that need it.
 */
export type GitDownload = (
  services: Services,
  repositoryId: number,
  args: string[],
  contentType: string,
) => Promise<Response | null>;

/** `download` at `route`, its unexpected errors logged as `{what} download failed` and answered with a bare 500. */
export function mountDownload(
  app: H3,
  services: Services,
  route: string,
  what: string,
  download: (event: H3Event) => Promise<Response>,
): void {
  app.get(route, async (event) => {
    try {
      return await download(event);
    } catch (error) {
      services.log.error(`${what} download failed`, { path: event.url.pathname, ...errorFields(error) });
      return new Response('Internal Server Error\n', {
        status: 500,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      });
    }
  });
}
