// X-<Vendor>-Api-Version: optional; the supported date versions are accepted
// and anything else is a 400, as GitHub does. Only an absent header selects the
// default: a header sent empty names no supported version.
import { ApiError } from './api-error.js';

export const SUPPORTED_API_VERSIONS = ['2022-11-28'] as const;
export const DEFAULT_API_VERSION = SUPPORTED_API_VERSIONS[0];

/**
 * The GitHub Enterprise Server version whose API Wharf claims: sent as
 * `X-<Vendor>-Enterprise-Version` on every REST and GraphQL answer and as
 * `installed_version` by GET /meta. Tools gate features on it (Renovate drops
 * `autoMergeAllowed` below 3.3.0 and refuses fine-grained tokens below
 * 3.10.0), so it must be at least what Wharf's surface matches; why 3.14.0 is
 * in docs/discovery.md.
 */
export const ENTERPRISE_VERSION = '3.14.0';

export function selectApiVersion(requested: string | null, headerName: string): string {
  if (requested === null) return DEFAULT_API_VERSION;
  const version = requested.trim();
  if ((SUPPORTED_API_VERSIONS as readonly string[]).includes(version)) return version;
  throw new ApiError(
    400,
    `API version ${JSON.stringify(version).slice(0, 60)} is not supported. Supported versions: ${SUPPORTED_API_VERSIONS.join(', ')}. See the ${headerName} header.`,
  );
}
