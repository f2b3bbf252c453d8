// The headers every request carries: the token, the vendor's media type and
// the API version. Set only when the caller has not set them on the request, so
// one call can still send its own (an app JWT, a raw media type).
import type { Middleware } from 'openapi-fetch';
import { tokenRequest } from '../auth/app-jwt-operations.js';
import type { TokenProvider } from '../auth/token-provider.js';
import type { VendorNames } from '../vendor.js';

export const DEFAULT_API_VERSION = '2022-11-28';
export function headersMiddleware(auth: TokenProvider | undefined, apiVersion: string, names: VendorNames): Middleware {
  return {
    async onRequest({ request, schemaPath }) {
      const { headers } = request;
      if (!headers.has('accept')) headers.set('accept', names.mediaType);
      if (!headers.has(names.apiVersion)) headers.set(names.apiVersion, apiVersion);
      // Asked before every request, naming the operation: a provider may refresh an expiring token, or pick
      // another credential for it (an app's JWT for `/app/…`).
      if (auth && !headers.has('authorization'))
        headers.set('authorization', `Bearer ${await auth.token(tokenRequest(request.method, schemaPath))}`);
      return request;
    },
  };
}
