// resolveRef reads loose refs itself instead of running `git show-ref`; its
// answers must stay git's for every kind of ref storage and name.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitRepositories } from './git.js';

const identity = { name: 'Test', email: 'test@example.com' };
let root: string;
let git: GitRepositories;
let head: string;

/** git's own answer, the one resolveRef gave before reading files itself. */
async function gitsAnswer(ref: string): Promise<string | null> {
  try {
    return (await git.git(1, ['show-ref', '--verify', '--hash', ref])).trim() || null;
  } catch {
    return null;
  }
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'wharf-git-resolve-'));
  git = new GitRepositories(root);
  await git.create(1, 'main');
  head = await git.autoInit(1, 'main', 'r', null, { author: identity, committer: identity });
  await git.git(1, ['update-ref', 'refs/heads/packed-only', head]);
  await git.git(1, ['update-ref', 'refs/tags/v1', head]);
  await git.git(1, ['pack-refs', '--all']); // packed-only and v1 now live in packed-refs only
  await git.git(1, ['update-ref', 'refs/heads/feature/a', head]); // loose, nested
  await git.git(1, ['symbolic-ref', 'refs/heads/alias', 'refs/heads/feature/a']);
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe('resolveRef', () => {
  const refs = [
    'refs/heads/main',
    'refs/heads/packed-only',
    'refs/tags/v1',
    'refs/heads/feature/a',
    'refs/heads/alias',
    'refs/heads/feature',
    'refs/heads',
    'refs/heads/missing',
    'refs/heads/../../config',
    'refs/heads/./main',
    'refs/heads/main.lock',
    'HEAD',
    'config',
    '/etc/passwd',
    'refs/heads/main/',
  ];
  for (const ref of refs) {
    it(`answers as git does for ${ref}`, async () => {
      expect(await git.resolveRef(1, ref)).toBe(await gitsAnswer(ref));
    });
  }

  it('finds loose and packed refs alike', async () => {
    expect(await git.resolveRef(1, 'refs/heads/feature/a')).toBe(head);
    expect(await git.resolveRef(1, 'refs/heads/packed-only')).toBe(head);
    expect(await git.resolveRef(1, 'refs/heads/missing')).toBeNull();
  });
});
