// What every answer of the mock looks like on the outside, as the server's:
// the `X-RateLimit-*` headers openapi.yaml declares on every response, and
// errors in GitHub's body (`message`, `documentation_url`, `errors` on 422)
// built by the server's own errorBody. Prism's own refusals
// (application/problem+json) are turned into that shape too.
import { STATUS_CODES } from 'node:http';
import type { DomainError } from '../../server/errors/domain-error.js';
import { ApiError } from '../../server/http/api-error.js';
import { notFound, requiresAuthentication, validationFailed } from '../../server/errors/domain-error.js';
import { asApiError, restError } from '../../server/http/domain-error-reply.js';
import { errorBody, JSON_TYPE } from '../../server/http/json-response.js';

/** `none`: an operation outside the rate limits (the health probes), answered without the headers. */
export type MockResource = 'core' | 'oauth' | 'graphql' | 'search' | 'none';

const DOCUMENTATION_URL = 'https://docs.github.com/rest';
// A stateless mock counts nothing: every answer reports a fresh hour window.
const LIMIT = 5000;
const WINDOW_SECONDS = 3600;

export function rateLimitHeaders(resource: MockResource, nowMs = Date.now()): Record<string, string> {
  return {
    'x-ratelimit-limit': String(LIMIT),
    'x-ratelimit-remaining': String(LIMIT - 1),
    'x-ratelimit-used': '1',
    'x-ratelimit-reset': String(Math.floor(nowMs / 1000) + WINDOW_SECONDS),
    'x-ratelimit-resource': resource,
  };
}

/** The server's error reply for an ApiError or a domain error (its extra headers, e.g. `Allow`, included). */
export function errorResponse(refusal: ApiError | DomainError): Response {
  const error = asApiError(refusal) ?? new ApiError(500, 'internal server error');
  const headers = new Headers({ 'content-type': JSON_TYPE });
  for (const [name, value] of Object.entries(error.headers)) headers.set(name, value);
  return new Response(JSON.stringify(errorBody(error, DOCUMENTATION_URL)), { status: error.status, headers });
}

/** The response with the rate-limit headers set (a copy: fetch Responses may have immutable headers). */
export function withRateLimit(response: Response, resource: MockResource): Response {
  if (resource === 'none') return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(rateLimitHeaders(resource))) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export function isProblem(contentType: string | undefined): boolean {
  return (contentType ?? '').toLowerCase().startsWith('application/problem+json');
}

/**
 * Prism's problem+json refusal as the error the server would give for that
 * status. The mock checks requests before prism sees them, so this is a
 * safety net: reaching it means prism and the server's validation disagree.
 */
export function fromProblem(status: number, body: Buffer): ApiError {
  if (status === 401) return restError(requiresAuthentication());
  if (status === 404) return restError(notFound());
  if (status === 422) return restError(validationFailed([{ resource: 'Resource', field: '', code: 'invalid' }]));
  let title: unknown;
  try {
    title = (JSON.parse(body.toString('utf8')) as { title?: unknown }).title;
  } catch {
    title = undefined;
  }
  return new ApiError(status, typeof title === 'string' ? title : (STATUS_CODES[status] ?? 'Error'));
}
