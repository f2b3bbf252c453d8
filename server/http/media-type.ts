// GitHub's custom media types in `Accept`: `application/vnd.github.raw`,
// `…raw+json`, `…v3.raw`, `…diff`, … (the vendor word follows WHARF_VENDOR).
// Operations that offer another representation ask which one was requested.

/** The requested `param` (`raw`, `diff`, `object`, …) of the first vendor media type in `accept`, or null. */
export function requestedMediaParam(accept: string | null, vendor: string): string | null {
  if (!accept) return null;
  const prefix = `application/vnd.${vendor.toLowerCase()}`;
  for (const part of accept.toLowerCase().split(',')) {
    const type = part.split(';')[0]!.trim();
    if (!type.startsWith(prefix)) continue;
    const rest = type.slice(prefix.length).replace(/\+json$/, '').replace(/^\.v3/, '');
    if (rest.startsWith('.') && rest.length > 1) return rest.slice(1);
  }
  return null;
}

/** Response headers for a representation other than JSON (GitHub's `X-GitHub-Media-Type` names it). */
export function mediaHeaders(param: string, vendor: string, contentType: string): Record<string, string> {
  return { 'content-type': contentType, [`x-${vendor.toLowerCase()}-media-type`]: `${vendor.toLowerCase()}.v3; param=${param}` };
}
