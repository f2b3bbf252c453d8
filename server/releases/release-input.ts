// Rules on release input beyond the contract's schema: a tag name another
// release of the repository has is 422 `already_exists` (GitHub's body), and
// `make_latest` only applies to a published full release.
import { validationFailed } from '../errors/domain-error.js';

export const tagTaken = () => validationFailed([{ resource: 'Release', code: 'already_exists', field: 'tag_name' }]);

export type MakeLatest = 'true' | 'false' | 'legacy';

/**
 * What to do with the release's latest mark: true marks it now, false clears
 * it, undefined keeps it. Drafts and prereleases cannot be latest; a newly
 * published full release becomes latest unless told otherwise (GitHub's default).
 */
export function latestMark(
  makeLatest: MakeLatest | undefined,
  eligible: boolean,
  newlyPublished: boolean,
): boolean | undefined {
  if (!eligible) return false;
  if (makeLatest === undefined) return newlyPublished ? true : undefined;
  return makeLatest === 'true';
}
