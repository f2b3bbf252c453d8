// CODEOWNERS patterns against paths, with the examples of GitHub's "About
// code owners" page, and the last matching rule winning.
import { describe, expect, it } from 'vitest';
import { CodeownersMatcher, patternMatcher } from './codeowners-match.js';
import { codeownersMessage, parseCodeowners } from './codeowners-parse.js';

const matches = (pattern: string, path: string) => patternMatcher(pattern)(path);

describe('CODEOWNERS patterns', () => {
  it('`*` and `*.js` match at any depth', () => {
    expect(matches('*', 'README.md')).toBe(true);
    expect(matches('*', 'a/b/c.txt')).toBe(true);
    expect(matches('*.js', 'src/deep/app.js')).toBe(true);
    expect(matches('*.js', 'src/app.ts')).toBe(false);
  });

  it('`/build/logs/` is anchored at the root and owns everything below it', () => {
    expect(matches('/build/logs/', 'build/logs/a.log')).toBe(true);
    expect(matches('/build/logs/', 'build/logs/x/y.log')).toBe(true);
    expect(matches('/build/logs/', 'src/build/logs/a.log')).toBe(false);
  });

  it('`docs/*` owns the files directly in docs/, not in its subfolders', () => {
    expect(matches('docs/*', 'docs/getting-started.md')).toBe(true);
    expect(matches('docs/*', 'docs/build-app/troubleshooting.md')).toBe(false);
  });

  it('`apps/` owns an apps folder anywhere; `/docs/` only the root one; `**/logs` any logs folder', () => {
    expect(matches('apps/', 'apps/web/index.js')).toBe(true);
    expect(matches('apps/', 'sub/apps/web/index.js')).toBe(true);
    expect(matches('/docs/', 'docs/a.md')).toBe(true);
    expect(matches('/docs/', 'x/docs/a.md')).toBe(false);
    expect(matches('**/logs', 'deploy/logs/x.log')).toBe(true);
    expect(matches('**/logs', 'logs/x.log')).toBe(true);
  });

  it('dot files match like any other', () => {
    expect(matches('*', '.github/workflows/ci.yml')).toBe(true);
    expect(matches('.github/', '.github/CODEOWNERS')).toBe(true);
  });
});

describe('the owning rule', () => {
  const { rules } = parseCodeowners(
    ['# Owners', '*       @global-owner', '*.js    @js-owner # JS', '/docs/  @doc-owner', 'docs/ignored.md'].join('\n'),
  );
  const matcher = new CodeownersMatcher(rules);
  const owners = (path: string) => matcher.ruleFor(path)?.owners.map((owner) => owner.text);

  it('is the last matching one', () => {
    expect(owners('README.md')).toEqual(['@global-owner']);
    expect(owners('src/app.js')).toEqual(['@js-owner']);
    expect(owners('docs/app.js')).toEqual(['@doc-owner']);
  });

  it('may name no owner, which leaves the path unowned', () => {
    expect(owners('docs/ignored.md')).toEqual([]);
  });
});

describe('parseCodeowners', () => {
  it('keeps GitHub’s syntax errors with line and column', () => {
    const parsed = parseCodeowners('*.md @ok\n!secret @x\n[ab].txt @x\n* user\n/ @x\nsrc/ @org/team a@b.co');
    expect(parsed.errors.map(({ line, column, kind }) => ({ line, column, kind }))).toEqual([
      { line: 2, column: 1, kind: 'Invalid pattern' },
      { line: 3, column: 1, kind: 'Invalid pattern' },
      { line: 4, column: 3, kind: 'Invalid owner' },
      { line: 5, column: 1, kind: 'Invalid pattern' },
    ]);
    expect(parsed.errors[3]!.suggestion).toContain('did you mean `*`');
    expect(codeownersMessage(parsed.errors[2]!)).toBe('Invalid owner on line 4:\n\n  * user\n    ^');
    expect(parsed.rules.at(-1)!.owners.map((owner) => owner.kind)).toEqual(['team', 'email']);
  });

  it('gives GitHub’s example: a suggestion for `***`, in the message after the line number', () => {
    const [error] = parseCodeowners('a\nb\n***/*.rb @monalisa').errors;
    expect(codeownersMessage(error!)).toBe(
      'Invalid pattern on line 3: Did you mean `**/*.rb`?\n\n  ***/*.rb @monalisa\n  ^',
    );
  });
});
