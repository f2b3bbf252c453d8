// Prism answers with the contract's examples, whose URLs are the example
// server's (`servers[0]`, http://127.0.0.1:3000) and whose `Link` header is
// one fixed example (another resource's pages). A client following either
// would leave the mock, or read the same page forever. So every answer's
// URLs are moved to the origin the request came to, and a list's `Link` is
// made for the request itself: the request's own URL with `page` set, over a
// small fixed number of pages (MOCK_PAGES), each with the example's items.

/** How many pages every paginated list has on the mock: enough to follow a `next` once. */
export const MOCK_PAGES = 2;

/** Media types whose text is searched for the example origin. */
const TEXTUAL = /^(application\/([\w.+-]*\+)?json|text\/)/i;

/** The example origin of a parsed contract (its first server), or undefined when it names none. */
export function exampleOrigin(spec: { servers?: { url?: string }[] }): string | undefined {
  const url = spec.servers?.[0]?.url;
  try {
    return url === undefined ? undefined : new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** `Link` for page `page` of MOCK_PAGES: `next` and `last` before the end, `prev` and `first` after the start. */
export function pageLinks(request: URL): string | undefined {
  const asked = Number(request.searchParams.get('page') ?? 1);
  const page = Number.isInteger(asked) && asked > 0 ? asked : 1;
  const at = (n: number) => {
    const url = new URL(request);
    url.searchParams.set('page', String(n));
    return `<${url.href}>`;
  };
  const links: string[] = [];
  if (page < MOCK_PAGES) links.push(`${at(page + 1)}; rel="next"`, `${at(MOCK_PAGES)}; rel="last"`);
  if (page > 1) links.push(`${at(Math.min(page - 1, MOCK_PAGES))}; rel="prev"`, `${at(1)}; rel="first"`);
  return links.length ? links.join(', ') : undefined;
}

export interface Relocation {
  /** The example origin to replace (undefined: none to replace). */
  from: string | undefined;
  /** The URL the client asked for: its origin replaces `from`, and `Link` is built from it. */
  request: URL;
}

const swap = (text: string, { from, request }: Relocation) =>
  from === undefined ? text : text.replaceAll(from, request.origin);

/** The answer's body with the example origin replaced, when the body is text. */
export function relocatedBody(body: Buffer, contentType: string | undefined, relocation: Relocation): Buffer {
  if (relocation.from === undefined || !TEXTUAL.test(contentType ?? '')) return body;
  const text = body.toString('utf8');
  return text.includes(relocation.from) ? Buffer.from(swap(text, relocation)) : body;
}

/** `Location` moved to the request's origin, and a `Link` replaced by the request's own pages. */
export function relocateHeaders(headers: Headers, relocation: Relocation): void {
  const location = headers.get('location');
  if (location !== null) headers.set('location', swap(location, relocation));
  if (!headers.has('link')) return;
  const links = pageLinks(relocation.request);
  if (links === undefined) headers.delete('link');
  else headers.set('link', links);
}
