// A private repository's `download_url`s carry a signature (http/url-signer.ts),
// as GitHub's raw URLs of private files carry a temporary token: the link opens
// that file at that ref, without a token, for 5 minutes (handlers/raw-download.ts).
// Signed per answer, after the content cache (read-content.ts): a cached body
// holds the bare URL, so no expired signature is ever served from it.
import type { RepositoryRow } from '../repos/repository-row.js';
import type { Services } from '../services.js';

/** What a raw URL grants: in that repository, `{ref}/{path}` as the URL names it (decoded). */
export const rawGrant = (repositoryId: number, refAndPath: string) => ['raw', repositoryId, refAndPath] as const;

/** `{ref}/{path}` of a raw URL this server wrote, decoded; null for any other URL. */
function refAndPath(url: string, rawPrefix: string): string | null {
  if (!url.startsWith(rawPrefix)) return null;
  try {
    return url.slice(rawPrefix.length).split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
}

/** `body` (a content, a listing, a file-commit body) with its download URLs signed when `repo` is private; never changed in place. */
export async function signDownloadUrls<T>(services: Services, repo: RepositoryRow, body: T): Promise<T> {
  if (!repo.private) return body;
  const rawPrefix = services.urls.html(
    `/${encodeURIComponent(repo.owner_login)}/${encodeURIComponent(repo.name)}/raw/`,
  );
  const walk = async (value: unknown): Promise<unknown> => {
    if (Array.isArray(value)) return Promise.all(value.map(walk));
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) {
      const grant = key === 'download_url' && typeof field === 'string' ? refAndPath(field, rawPrefix) : null;
      out[key] =
        grant !== null
          ? field + (await services.signedUrls.query(rawGrant(repo.id, grant)))
          : typeof field === 'object'
            ? await walk(field)
            : field;
    }
    return out;
  };
  return (await walk(body)) as T;
}
