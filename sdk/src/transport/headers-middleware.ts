// The headers every request carries: the token, GitHub's media type and the
// API version. Set only when the caller has not set them on the request, so
// one call can still send its own (an app JWT, a raw media type).
import type { Middleware } from 'openapi-fetch';
import type { TokenProvider } from '../auth/token-provider.js';

export const DEFAULT_API_VERSION = '2022-11-28';
export const MEDIA_TYPE = 'application/vnd.github+json';

export function headersMiddleware(auth: TokenProvider | undefined, apiVersion: string): Middleware {
  return {
    async onRequest({ request }) {
      const { headers } = request;
      if (!headers.has('accept')) headers.set('accept', MEDIA_TYPE);
      if (!headers.has('x-github-api-version')) headers.set('x-github-api-version', apiVersion);
      // Asked before every request: a provider may refresh an expiring token.
      if (auth && !headers.has('authorization')) headers.set('authorization', `Bearer ${await auth.token()}`);
      return request;
    },
  };
}
