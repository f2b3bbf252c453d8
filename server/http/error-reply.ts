// The answer to an error a request ends in: a refusal (ApiError, or a
// domain error mapped once by domain-error-reply.ts) as GitHub's error body;
// the database out of reach as 503 with Retry-After, logged at warn; anything
// else as a bare 500, logged with its detail (which never reaches the client).
import type { H3Event } from 'h3';
import { DATABASE_RETRY_AFTER_S, isDatabaseUnavailable, unavailableReason } from '../db/database-unavailable.js';
import { errorFields } from '../log.js';
import type { Services } from '../services.js';
import { ApiError } from './api-error.js';
import { asApiError } from './domain-error-reply.js';
import { errorBody, jsonReply, type Reply } from './json-response.js';

export function errorReply(
  error: unknown,
  event: H3Event,
  services: Services,
  headers: Record<string, string>,
  requestId: string,
): Reply {
  let apiError = asApiError(error);
  if (!apiError && isDatabaseUnavailable(error)) {
    // An outage, not a bug: the client is told when to come back.
    services.log.warn('database unavailable', {
      requestId,
      method: event.req.method,
      path: event.url.pathname,
      ...unavailableReason(error),
    });
    apiError = databaseUnavailable();
  } else if (!apiError) {
    services.log.error('unhandled error', {
      requestId,
      method: event.req.method,
      path: event.url.pathname,
      ...errorFields(error),
    });
  }
  const final = apiError ?? new ApiError(500, 'internal server error');
  for (const [name, value] of Object.entries(final.headers)) headers[name.toLowerCase()] = value;
  return jsonReply(final.status, errorBody(final, final.documentationUrl ?? 'https://docs.github.com/rest'), headers);
}

/** The answer while the database cannot be reached: an outage, with when to come back. */
export function databaseUnavailable(): ApiError {
  return new ApiError(503, 'Service Unavailable: the database cannot be reached; try again shortly.', undefined, {
    'Retry-After': String(DATABASE_RETRY_AFTER_S),
  });
}
