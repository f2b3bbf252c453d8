// The issues a pull request's body says it closes, by GitHub's closing
// keywords: "close", "fix" and "resolve" in any tense ("closes #12",
// "Fixed: #3", "resolves octo/site#7"), any case, a keyword word-bounded on
// both sides. GitHub links these only when the pull request targets the
// default branch; the caller decides that.

export interface ClosingReference {
  /** `owner/name` when the reference names a repository, null for this one. */
  repository: string | null;
  number: number;
}

const KEYWORD = '(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)';
const TARGET = '(?:([A-Za-z0-9][A-Za-z0-9-]*/[A-Za-z0-9._-]+))?#(\\d+)';
const PATTERN = new RegExp(`(?<![\\w/])${KEYWORD}:?\\s+${TARGET}(?![\\w])`, 'gi');

/** Each reference once, in the order the body first names it. */
export function closingReferences(body: string): ClosingReference[] {
  const found = new Map<string, ClosingReference>();
  for (const match of body.matchAll(PATTERN)) {
    const number = Number(match[2]);
    if (!Number.isSafeInteger(number) || number < 1) continue;
    const repository = match[1] ?? null;
    const key = `${repository?.toLowerCase() ?? ''}#${number}`;
    if (!found.has(key)) found.set(key, { repository, number });
  }
  return [...found.values()];
}
