// GFM's references in a comment's text: `#12` and `owner/repo#12` (an issue
// or pull request), `@login` (a user or organization), 7–40 hex digits (a
// commit of the context repository) and `owner/repo@sha` (a commit of another
// repository). Found only in text, never in code spans,
// code blocks, raw HTML or inside a link, as github.com finds them.
import type { Token } from 'markdown-it';

/** Bounded work: a document links at most this many distinct references of each kind (the rest stay text). */
export const MAX_REFERENCES = 100;

export type Reference =
  | { kind: 'issue'; owner: string | null; repo: string | null; number: number }
  | { kind: 'user'; login: string }
  | { kind: 'commit'; sha: string }
  | { kind: 'repo-commit'; owner: string; repo: string; sha: string };

// One pattern, so a piece of text is read once; its groups say which kind matched.
const PATTERN =
  /(?<![\w/.#-])(?:([A-Za-z0-9][A-Za-z0-9-]*)\/([\w.-]+))?#([1-9]\d{0,9})(?!\w)|(?<![\w/.#-])([A-Za-z0-9][A-Za-z0-9-]*)\/([\w.-]+)@([0-9a-f]{7,40})(?![\w-])|(?<![\w`/@.-])@([A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38})(?![\w-])|(?<![\w@/.-])([0-9a-f]{7,40})(?![\w-])/g;

export interface Match {
  index: number;
  text: string;
  reference: Reference;
}

function toReference(groups: RegExpExecArray): Reference | null {
  const [, owner, repo, digits, commitOwner, commitRepo, repoSha, login, sha] = groups;
  if (digits !== undefined) {
    const number = Number(digits);
    return number > 2147483647 ? null : { kind: 'issue', owner: owner ?? null, repo: repo ?? null, number };
  }
  if (repoSha !== undefined) return { kind: 'repo-commit', owner: commitOwner!, repo: commitRepo!, sha: repoSha };
  if (login !== undefined) return { kind: 'user', login };
  // All digits is a number (a year, an amount), not a commit.
  return /[a-f]/.test(sha!) ? { kind: 'commit', sha: sha! } : null;
}

/** The references in one piece of text, in order. */
export function matchesIn(text: string): Match[] {
  const out: Match[] = [];
  for (const groups of text.matchAll(PATTERN)) {
    const reference = toReference(groups);
    if (reference) out.push({ index: groups.index, text: groups[0], reference });
  }
  return out;
}

/** Each text token outside links, in document order: where references may be. */
export function* referableTexts(tokens: Token[]): Generator<{ children: Token[]; index: number }> {
  for (const block of tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    let inLink = 0;
    const children = block.children;
    for (let index = 0; index < children.length; index++) {
      const token = children[index]!;
      if (token.type === 'link_open') inLink++;
      else if (token.type === 'link_close') inLink--;
      else if (token.type === 'text' && inLink === 0) yield { children, index };
    }
  }
}

/** A key naming the thing a reference points to, for de-duplicating and for looking up its link. */
export function referenceKey(reference: Reference, context: { owner: string; repo: string } | null): string | null {
  switch (reference.kind) {
    case 'user':
      return `@${reference.login.toLowerCase()}`;
    case 'commit':
      return context ? `${reference.sha}` : null;
    case 'repo-commit':
      return `${reference.owner}/${reference.repo}@${reference.sha}`.toLowerCase();
    case 'issue': {
      const owner = reference.owner ?? context?.owner;
      const repo = reference.repo ?? context?.repo;
      return owner && repo ? `${owner}/${repo}#${reference.number}`.toLowerCase() : null;
    }
  }
}
