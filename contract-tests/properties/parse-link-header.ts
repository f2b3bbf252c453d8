// RFC 8288 `Link` header as GitHub sends it (`<url>; rel="next", <url>; rel="last"`),
// read the way clients read it: a URL per relation.
export function parseLinkHeader(header: string | null | undefined): Record<string, string> {
  const links: Record<string, string> = {};
  for (const match of (header ?? '').matchAll(/<([^>]*)>\s*;\s*rel="([^"]+)"/g)) {
    const [, url = '', rels = ''] = match;
    for (const rel of rels.split(/\s+/)) links[rel] = url;
  }
  return links;
}
