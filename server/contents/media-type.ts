// GitHub's custom media types of the contents endpoints, from `Accept`:
// raw bytes (`application/vnd.github.raw`, `…raw+json`, `…v3.raw`), the
// object form (`application/vnd.github.object`, `…object+json`), or JSON.
export type ContentMediaType = 'json' | 'raw' | 'object';

const CUSTOM = /application\/vnd\.github(?:\.v\d+)?\.(raw|object)\b/i;

export function contentMediaType(accept: string | null): ContentMediaType {
  const match = accept ? CUSTOM.exec(accept) : null;
  return match ? (match[1]!.toLowerCase() as ContentMediaType) : 'json';
}

/** The Content-Type of a raw answer, as GitHub sends it. */
export const RAW_TYPE = 'application/vnd.github.raw';
