// The REST edge's one mapping of domain errors to GitHub's statuses and
// bodies. Every kind has its status here and nowhere else.
import { DomainError, type DomainErrorKind } from '../errors/domain-error.js';
import { ApiError } from './api-error.js';

const STATUS: Record<DomainErrorKind, number> = {
  not_found: 404,
  forbidden: 403,
  unauthenticated: 401,
  malformed: 400,
  invalid: 422,
  conflict: 409,
  // GitHub answers 405 to a merge it will not do ("Pull Request is not mergeable").
  not_allowed: 405,
  gone: 410,
  // GitHub answers 406 when a diff is larger than it makes.
  too_large: 406,
};

/** The REST answer to a domain error. */
export function restError(error: DomainError): ApiError {
  const headers: Record<string, string> = {};
  if (error.acceptedScopes !== undefined) headers['X-Accepted-OAuth-Scopes'] = error.acceptedScopes;
  if (error.acceptedPermissions !== undefined) headers['X-Accepted-GitHub-Permissions'] = error.acceptedPermissions;
  return new ApiError(STATUS[error.kind], error.message, error.errors, headers, error.sentences);
}

/** The REST status an error answers with: ApiError's own, a domain error's mapped one; undefined for anything else. */
export function restStatus(error: unknown): number | undefined {
  if (error instanceof ApiError) return error.status;
  if (error instanceof DomainError) return STATUS[error.kind];
  return undefined;
}

/** Any error the REST edge answers on purpose, as an ApiError; undefined for a bug or an outage. */
export function asApiError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error instanceof DomainError) return restError(error);
  return undefined;
}
