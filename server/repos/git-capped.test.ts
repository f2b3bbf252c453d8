// The capped git runner that submodules and blame read through, and the blame
// age buckets: git stopped at the byte cap or the time limit (never read
// whole), a failure told apart from a cut, ages from 1 (newest) to 10 (oldest).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blameAges } from './blame-age.js';
import { cappedGit } from './git-capped.js';
import { GitRepositories } from './git.js';

const identity = { name: 'Test', email: 'test@example.com' };
const LIMITS = { maxBytes: 1024 * 1024, timeoutMs: 10_000 };
let root: string;
let git: GitRepositories;
let head: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'wharf-git-capped-'));
  git = new GitRepositories(root);
  await git.create(1, 'main');
  head = await git.autoInit(1, 'main', 'r', null, { author: identity, committer: identity });
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe('cappedGit', () => {
  it("reads a command's whole output under the cap", async () => {
    const read = await cappedGit(git, 1, ['rev-parse', 'HEAD'], LIMITS);
    expect(read).toEqual({ out: Buffer.from(`${head}\n`), end: 'whole' });
  });

  it('stops git at the byte cap and keeps exactly the cap', async () => {
    const read = await cappedGit(git, 1, ['cat-file', '-p', head], { ...LIMITS, maxBytes: 10 });
    expect(read.end).toBe('cut');
    const tree = (await git.git(1, ['rev-parse', `${head}^{tree}`])).trim();
    expect(read.out.toString()).toBe(`tree ${tree}`.slice(0, 10));
  });

  it('stops git at the time limit', async () => {
    // A shell alias that outlasts the limit (its sleep holds the pipe a moment after git is stopped).
    const started = Date.now();
    const read = await cappedGit(git, 1, ['-c', 'alias.wait=!sleep 1; echo late', 'wait'], {
      ...LIMITS,
      timeoutMs: 100,
    });
    expect(read).toEqual({ out: Buffer.alloc(0), end: 'timeout' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('tells a failure from a cut', async () => {
    expect((await cappedGit(git, 1, ['cat-file', '-p', 'no-such-object'], LIMITS)).end).toBe('failed');
  });
});

describe('blameAges', () => {
  it('gives the newest change 1 and the oldest 10, the median splitting the halves', () => {
    expect(blameAges([100, 200, 100])).toEqual([10, 1, 10]);
    expect(blameAges([0, 25, 50, 75, 100])).toEqual([10, 8, 6, 3, 1]);
    expect(blameAges([7, 7])).toEqual([1, 1]);
    expect(blameAges([])).toEqual([]);
  });
});
