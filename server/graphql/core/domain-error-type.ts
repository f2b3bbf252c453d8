// The GraphQL edge's one mapping of domain errors to GitHub's error types.
// A refusal of the input (invalid, conflict, not allowed, too large) is
// UNPROCESSABLE with the domain's reasons; a thing not there is NOT_FOUND;
// a refusal of the caller is FORBIDDEN, in the words the caller's mutation
// uses (`forbidden`). Anything else goes on as it is (a bug stays a bug).
import type { GraphQLError } from 'graphql';
import { DomainError } from '../../errors/domain-error.js';
import { githubError } from './errors.js';

export function graphqlErrorOf(error: unknown, forbidden: () => GraphQLError): unknown {
  if (!(error instanceof DomainError)) return error;
  switch (error.kind) {
    case 'not_found':
    case 'gone':
      return githubError('NOT_FOUND', 'Could not resolve to a node: it no longer exists.');
    case 'forbidden':
    case 'unauthenticated':
      return forbidden();
    case 'malformed':
    case 'invalid':
    case 'conflict':
    case 'not_allowed':
    case 'too_large':
      return githubError('UNPROCESSABLE', reasons(error));
  }
}

/** The domain's reasons as one line: its sentences, its field errors, or its message. */
export function reasons(error: DomainError): string {
  const detail =
    error.sentences?.join('; ') ?? error.errors?.map((e) => e.message || `${e.field} is ${e.code}`).join('; ');
  return detail || error.message;
}
