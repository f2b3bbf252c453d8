// Which rule protects a branch. Patterns are GitHub's fnmatch globs with
// File::FNM_PATHNAME: `*` and `?` stop at `/`, `**` crosses it, `[...]` is
// a class. A rule whose pattern is the branch's exact name wins over globs
// (the REST API's rules are all exact names); among globs, the oldest.
import type { ProtectionRow } from './protections-store.js';

const cache = new Map<string, RegExp>();

function globRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*' && pattern[i + 1] === '*') {
      source += '.*';
      i++;
    } else if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end === -1) source += '\\[';
      else {
        const body = pattern.slice(i + 1, end).replace(/\\/g, '\\\\');
        source += `[${body.startsWith('!') ? `^${body.slice(1)}` : body}]`;
        i = end;
      }
    } else source += c.replace(/[.+^${}()|\\/\]]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 's');
}

export function patternMatches(pattern: string, branch: string): boolean {
  if (pattern === branch) return true;
  if (!/[*?[]/.test(pattern)) return false;
  let re = cache.get(pattern);
  if (!re) {
    try {
      re = globRegExp(pattern);
    } catch {
      re = /$^/; // a class git names cannot match (e.g. `[z-a]`) matches nothing
    }
    if (cache.size > 1000) cache.clear();
    cache.set(pattern, re);
  }
  return re.test(branch);
}

/** The rule that protects `branch`, or null. */
export function ruleForBranch(rows: readonly ProtectionRow[], branch: string): ProtectionRow | null {
  return rows.find((row) => row.pattern === branch) ?? rows.find((row) => patternMatches(row.pattern, branch)) ?? null;
}
