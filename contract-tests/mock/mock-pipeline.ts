// The server's request path (server/http/pipeline.ts) without what needs
// stored data: authentication is only "a well-formed credential is present
// where the operation wants one" (any token passes; a missing one is 401 where
// the server's is, a malformed one always), no counting, then the API version
// header (400, the server's own check), then the route's work. Errors leave in
// GitHub's body, and every answer carries the rate-limit headers.
import type { H3Event } from 'h3';
import { JWT_MESSAGES } from '../../server/apps/app-jwt.js';
import { parseAuthorization, parseBasicAuthorization } from '../../server/auth/token-secret.js';
import type { AuthMode } from '../../server/codegen/route-table.js';
import { ApiError } from '../../server/http/api-error.js';
import { requiresAuthentication } from '../../server/errors/domain-error.js';
import { selectApiVersion } from '../../server/http/api-version.js';
import { asApiError } from '../../server/http/domain-error-reply.js';
import { errorResponse, withRateLimit, type MockResource } from './github-shape.js';

/** The header's name in openapi.yaml (the server derives it from WHARF_VENDOR, GitHub by default). */
const API_VERSION_HEADER = 'X-GitHub-Api-Version';

/**
 * The credential to send on to prism, as `Bearer <token>` (prism knows only
 * the registered HTTP schemes, not GitHub's `token <t>`) or the Basic header
 * as it came (OAuth app credentials), or undefined when
 * there is none to send. Throws the server's 401 where it would refuse.
 */
export function checkCredential(mode: AuthMode, header: string | null): string | undefined {
  // Operations without security (the OAuth endpoints) ignore the header, as the server does.
  if (mode === 'none') return undefined;
  // An OAuth app's client id and secret (HTTP Basic), which prism knows as the clientBasic scheme.
  if (mode === 'client-basic') {
    const basic = parseBasicAuthorization(header);
    if (basic === null || 'malformed' in basic) throw requiresAuthentication();
    return header!.trim();
  }
  const parsed = parseAuthorization(header);
  if (parsed === null) {
    if (mode === 'optional') return undefined;
    throw requiresAuthentication();
  }
  if ('malformed' in parsed)
    throw mode === 'app-jwt' ? new ApiError(401, JWT_MESSAGES.undecodable) : requiresAuthentication();
  return `Bearer ${parsed.token}`;
}

export interface PipelineOptions {
  auth: AuthMode;
  resource: MockResource;
  log: (text: string) => void;
}

export async function mockPipeline(
  event: H3Event,
  options: PipelineOptions,
  inner: (authorization: string | undefined) => Promise<Response>,
): Promise<Response> {
  let response: Response;
  try {
    const authorization = checkCredential(options.auth, event.req.headers.get('authorization'));
    selectApiVersion(event.req.headers.get(API_VERSION_HEADER), API_VERSION_HEADER);
    response = await inner(authorization);
  } catch (error) {
    const refusal = asApiError(error);
    if (!refusal) options.log(`mock server: ${event.req.method} ${event.url.pathname} failed: ${String(error)}\n`);
    response = errorResponse(refusal ?? new ApiError(500, 'internal server error'));
  }
  return withRateLimit(response, options.resource);
}
