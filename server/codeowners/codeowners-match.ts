// Which rule of a CODEOWNERS file owns a path: the last one whose pattern
// matches, as GitHub says ("the last matching pattern takes the most
// precedence"). Patterns follow gitignore's with GitHub's documented
// differences, translated to picomatch globs:
// - no slash but a trailing one (`*.js`, `apps/`): matches at any depth;
// - a slash at the start or inside (`/docs/`, `docs/*`): anchored at the root;
// - a pattern naming a directory (a trailing slash, or a last part with no
//   wildcard, `apps` or `/build/logs`) owns everything below it;
// - `docs/*` owns the files directly in `docs/`, not those of its subfolders.
import picomatch from 'picomatch';
import type { CodeownersRule } from './codeowners-parse.js';

type Matcher = (path: string) => boolean;

export function patternMatcher(pattern: string): Matcher {
  const directory = pattern.endsWith('/');
  let body = pattern.replace(/\/+$/, '');
  const anchored = body.startsWith('/') || body.includes('/');
  body = body.replace(/^\/+/, '');
  if (body === '') return () => false;
  const glob = anchored ? body : `**/${body}`;
  const last = body.slice(body.lastIndexOf('/') + 1);
  const globs = directory || !/[*?]/.test(last) ? [`${glob}/**`] : [];
  if (!directory) globs.push(glob);
  return picomatch(globs, { dot: true });
}

export class CodeownersMatcher {
  private readonly matchers: { rule: CodeownersRule; matches: Matcher }[];

  constructor(rules: CodeownersRule[]) {
    this.matchers = rules.map((rule) => ({ rule, matches: patternMatcher(rule.pattern) }));
  }

  /** The rule owning `path` (no leading slash), or undefined when no pattern matches it. */
  ruleFor(path: string): CodeownersRule | undefined {
    for (let i = this.matchers.length - 1; i >= 0; i -= 1) {
      const { rule, matches } = this.matchers[i]!;
      if (matches(path)) return rule;
    }
    return undefined;
  }
}
