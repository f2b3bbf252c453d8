// RFC 8288 `Link` headers as GitHub sends them:
// `<https://…?page=2>; rel="next", <https://…?page=5>; rel="last"`.

export function linkTarget(header: string | null, rel: string): string | undefined {
  if (!header) return undefined;
  for (const match of header.matchAll(/<([^>]*)>((?:\s*;\s*[^,;]+)*)/g)) {
    const rels =
      /;\s*rel\s*=\s*"?([^";]+)"?/i
        .exec(match[2] ?? '')?.[1]
        ?.trim()
        .split(/\s+/) ?? [];
    if (rels.includes(rel)) return match[1];
  }
  return undefined;
}
