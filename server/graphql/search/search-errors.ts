// GraphQL's answers to a search it will not run. The issue search's 422s
// (bad syntax, a name the caller may not search: server/search/) keep their
// messages and become GitHub-shaped errors, as mutations turn REST's 422s
// into UNPROCESSABLE (mutation/in-mutation.ts); a search type other than
// ISSUE is refused outright, since an empty answer would read as "no match".
import type { GraphQLError } from 'graphql';
import { DomainError } from '../../errors/domain-error.js';
import { githubError } from '../core/errors.js';
import type { SearchType } from '../generated/resolvers-types.js';

/** The search's own error for a refusal of q; anything else goes on as it is (a 500 stays a 500). */
export function asSearchError(error: unknown): unknown {
  if (!(error instanceof DomainError) || error.kind !== 'invalid') return error;
  const sentences = error.errors?.map(
    (item) =>
      item.message ?? (item.code === 'missing' ? 'The search query is empty.' : `The search query is ${item.code}.`),
  );
  return githubError('UNPROCESSABLE', sentences?.join('; ') || error.message);
}

export function unsupportedSearchType(type: SearchType): GraphQLError {
  return githubError(
    'INVALID_ARGUMENTS',
    `This server searches only issues and pull requests (type: ISSUE), not ${type}.`,
  );
}
