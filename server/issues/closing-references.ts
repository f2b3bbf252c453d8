// GitHub's closing keywords: a pull request into the default branch whose
// description says "Fixes #12" (close/closes/closed, fix/fixes/fixed,
// resolve/resolves/resolved, any case, an optional colon) links issue 12,
// and merging it closes the issue. `owner/repo#12` names another
// repository's issue. GraphQL's closingIssuesReferences lists them all
// (graphql/pulls/closing-issues.ts); a merge closes those of its own
// repository (close-by-keywords.ts).
import type { RepositoryRow } from '../repos/repository-row.js';

export interface ClosingReference {
  /** `owner/name` when the reference names a repository, null for the pull request's own. */
  repository: string | null;
  number: number;
}

/** Bounded work: one description links at most this many issues (as many as GitHub's sidebar links by hand). */
export const MAX_CLOSING_REFERENCES = 10;

const REFERENCE =
  /(?<![\w/-])(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?):?[ \t]+(?:([A-Za-z0-9][A-Za-z0-9-]*\/[\w.-]+))?#([1-9]\d{0,9})(?!\w)/gi;

/** Each reference of `text` once, in the order first named. */
export function closingReferences(text: string | null | undefined): ClosingReference[] {
  const found = new Map<string, ClosingReference>();
  for (const [, repository = null, digits] of (text ?? '').matchAll(REFERENCE)) {
    const number = Number(digits);
    if (number > 2147483647) continue;
    const key = `${repository?.toLowerCase() ?? ''}#${number}`;
    if (!found.has(key)) found.set(key, { repository, number });
    if (found.size === MAX_CLOSING_REFERENCES) break;
  }
  return [...found.values()];
}

/** Whether a reference names `repo` itself (no repository, or its own owner/name in any case). */
export function namesRepository(reference: ClosingReference, repo: Pick<RepositoryRow, 'owner_login' | 'name'>) {
  return (
    reference.repository === null ||
    reference.repository.toLowerCase() === `${repo.owner_login}/${repo.name}`.toLowerCase()
  );
}

/** The numbers of `repo`'s own issues that `text` closes, in the order named, each once. */
export function closingNumbersIn(
  text: string | null | undefined,
  repo: Pick<RepositoryRow, 'owner_login' | 'name'>,
): number[] {
  const numbers = closingReferences(text)
    .filter((reference) => namesRepository(reference, repo))
    .map((reference) => reference.number);
  return [...new Set(numbers)];
}
