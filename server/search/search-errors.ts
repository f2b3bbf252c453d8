// GitHub's 422 answers to a search it will not run: validation failed, with
// one error on `q` (resource Search) saying why.
import { validationFailed } from '../errors/domain-error.js';

export const invalidQuery = (message: string) =>
  validationFailed([{ resource: 'Search', field: 'q', code: 'invalid', message }]);

/** GitHub's answer when a repo:, user:, author: … names nothing the caller may search. */
export const notSearchable = () =>
  invalidQuery(
    'The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.',
  );
