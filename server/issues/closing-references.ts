// GitHub's closing keywords: a pull request into the default branch whose
// description says "Fixes #12" (or close/closes/closed, fix/fixes/fixed,
// resolve/resolves/resolved, any case, an optional colon) closes issue 12
// when it is merged. `owner/repo#12` names an issue too; Wharf follows only
// those of the pull request's own repository (GitHub also closes issues of
// other repositories the merger may write to).
import type { RepositoryRow } from '../repos/repository-row.js';

/** Bounded work: one description closes at most this many issues (as many as GitHub's sidebar links by hand). */
export const MAX_CLOSING_REFERENCES = 10;

const REFERENCE =
  /(?<![\w/-])(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?):?[ \t]+(?:([A-Za-z0-9-]+)\/([\w.-]+))?#([1-9]\d{0,9})\b/gi;

/** The numbers of the repository's issues that `text` closes, in the order named, each once. */
export function closingReferences(
  text: string | null | undefined,
  repo: Pick<RepositoryRow, 'owner_login' | 'name'>,
): number[] {
  const numbers: number[] = [];
  for (const [, owner, name, number] of (text ?? '').matchAll(REFERENCE)) {
    const here =
      owner === undefined ||
      (owner.toLowerCase() === repo.owner_login.toLowerCase() && name!.toLowerCase() === repo.name.toLowerCase());
    const value = Number(number);
    if (!here || value > 2147483647 || numbers.includes(value)) continue;
    numbers.push(value);
    if (numbers.length === MAX_CLOSING_REFERENCES) break;
  }
  return numbers;
}
