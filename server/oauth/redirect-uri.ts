// GitHub's redirect URI rules for the web flow: the redirect_uri must have the
// callback URL's scheme, host and port, and its path must be the callback's
// path or below it; for a loopback callback (127.0.0.1, localhost, [::1]) any
// port is allowed, as native apps listen on a port chosen at run time.
// Without a redirect_uri the callback URL is used.
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

function parse(url: string): URL | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : null;
  } catch {
    return null;
  }
}

/** The URI to redirect to, or null when `requested` does not fit `callbackUrl` (never redirect there). */
export function acceptedRedirectUri(callbackUrl: string | null, requested: string | undefined): string | null {
  if (!callbackUrl) return null;
  const callback = parse(callbackUrl);
  if (!callback) return null;
  if (requested === undefined || requested === '') return callbackUrl;
  const wanted = parse(requested);
  if (!wanted || wanted.username || wanted.password) return null;
  if (wanted.protocol !== callback.protocol || wanted.hostname !== callback.hostname) return null;
  const portMatches = wanted.port === callback.port || LOOPBACK.has(callback.hostname);
  if (!portMatches) return null;
  const base = callback.pathname.replace(/\/+$/, '');
  const path = wanted.pathname;
  // Dot segments are resolved by URL(); what remains must be the path or below it.
  const inside = path === callback.pathname || path === base || path.startsWith(`${base}/`);
  return inside ? requested : null;
}
