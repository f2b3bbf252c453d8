// Headers of every HTML page: never framed (clickjacking), nothing loaded from
// elsewhere, not cached. `formActionOrigins` lets a form's POST be followed by
// a redirect to those origins (Chromium applies form-action to redirects too,
// which the OAuth consent page needs for the app's callback).
export function pageHeaders(formActionOrigins: string[] = []): Record<string, string> {
  const formAction = ["'self'", ...formActionOrigins].join(' ');
  return {
    'content-type': 'text/html; charset=utf-8',
    'x-frame-options': 'DENY',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; frame-ancestors 'none'`,
    'cache-control': 'no-store',
  };
}
