// GitHub's `{basehead}` of GET …/compare: `base...head` (three dots: the
// head's changes since the merge base) or `base..head` (two dots: base and
// head compared directly). Either side may name its repository as
// `owner:ref` or `owner:repo:ref`; only this repository is served (no forks).
import type { RepositoryRow } from '../repos/repository-row.js';

export interface BaseHead {
  base: string;
  head: string;
  threeDot: boolean;
}

function sideRef(side: string, repo: RepositoryRow): string | null {
  const parts = side.split(':');
  if (parts.length === 1) return side;
  const ref = parts.pop()!;
  const [owner, name] = parts;
  if (parts.length > 2 || owner!.toLowerCase() !== repo.owner_login.toLowerCase()) return null;
  if (name !== undefined && name.toLowerCase() !== repo.name.toLowerCase()) return null;
  return ref;
}

/** The two refs, or null when the parameter is not a comparison of this repository. */
export function parseBaseHead(basehead: string, repo: RepositoryRow): BaseHead | null {
  // A ref name never holds `..` (git's rule), so the first run of dots is the separator.
  const threeDot = basehead.indexOf('...');
  const twoDot = basehead.indexOf('..');
  if (twoDot < 0) return null;
  const at = threeDot === twoDot ? threeDot : twoDot;
  const width = threeDot === twoDot ? 3 : 2;
  const base = sideRef(basehead.slice(0, at), repo);
  const head = sideRef(basehead.slice(at + width), repo);
  if (!base || !head) return null;
  return { base, head, threeDot: width === 3 };
}
