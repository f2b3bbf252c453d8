// anchorComment against a real repository: a base with a file of twenty
// lines, a head that changes line 5, inserts after 12 and deletes 18, so the
// diff has hunks with added, removed and context lines on both sides.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../errors/domain-error.js';
import { gitCli, type GitCli } from '../../test-support/git-cli.js';
import { anchorComment } from './diff-anchor.js';

let git: GitCli;
let work: string;
let repoPath: string;
let base: string;
let head: string;

const lines = (n: number, change: (i: number) => string[] = (i) => [`line ${i}`]) =>
  `${Array.from({ length: n }, (_, k) => change(k + 1))
    .flat()
    .join('\n')}\n`;

async function commit(files: Record<string, string | null>, message: string): Promise<string> {
  for (const [name, text] of Object.entries(files)) {
    if (text === null) await git.ok(['rm', '--quiet', name], { cwd: work });
    else await writeFile(join(work, name), text);
  }
  await git.ok(['add', '--all'], { cwd: work });
  await git.ok(['commit', '--quiet', '-m', message], { cwd: work });
  return git.ok(['rev-parse', 'HEAD'], { cwd: work });
}

beforeAll(async () => {
  git = await gitCli();
  work = await mkdtemp(join(tmpdir(), 'anchor-'));
  await git.ok(['init', '--quiet', work]);
  base = await commit(
    { 'a.txt': lines(20), 'gone.txt': 'x\ny\n', 'same.txt': 'same\n', 'old-name.txt': lines(12) },
    'base',
  );
  head = await commit(
    {
      'a.txt': lines(20, (i) =>
        i === 5 ? ['line five'] : i === 12 ? ['line 12', 'new 1', 'new 2'] : i === 18 ? [] : [`line ${i}`],
      ),
      'gone.txt': null,
      'b.txt': 'b1\nb2\n',
      'old-name.txt': null,
      'new-name.txt': lines(12, (i) => [i === 10 ? 'line ten' : `line ${i}`]),
    },
    'head',
  );
  repoPath = join(work, '.git');
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
  await git.close();
});

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).kind).toBe('invalid'); // REST's 422
  return error as DomainError;
}

describe('anchorComment', () => {
  it('anchors an added line on the RIGHT with its position and the hunk through it', async () => {
    // Hunk 1: @@ -2,7 +2,7 @@ (lines 2-8): rows 1..8 → ' line 2',' line 3',' line 4','-line 5','+line five',' line 6',' line 7',' line 8'.
    const anchor = await anchorComment(repoPath, base, head, { path: 'a.txt', line: 5 });
    expect(anchor).toEqual({
      path: 'a.txt',
      subject_type: 'line',
      side: 'RIGHT',
      start_side: null,
      line: 5,
      start_line: null,
      position: 5,
      diff_hunk: '@@ -2,7 +2,7 @@ line 1\n line 2\n line 3\n line 4\n-line 5\n+line five',
    });
  });

  it('anchors a removed line on the LEFT, and a context line on either side', async () => {
    const left = await anchorComment(repoPath, base, head, { path: 'a.txt', line: 5, side: 'LEFT' });
    expect([left.side, left.line, left.position]).toEqual(['LEFT', 5, 4]);
    expect(left.diff_hunk.endsWith('\n-line 5')).toBe(true);
    const context = await anchorComment(repoPath, base, head, { path: 'a.txt', line: 3, side: 'LEFT' });
    expect([context.side, context.line, context.position]).toEqual(['LEFT', 3, 2]);
  });

  it('counts later @@ headers as positions', async () => {
    // Hunk 2 (base lines 10-20) has its header at position 9: lines 10, 11, 12 at 10..12, new 1 (line 13) at 13, new 2 at 14.
    const anchor = await anchorComment(repoPath, base, head, { path: 'a.txt', line: 14 });
    expect(anchor.diff_hunk).toBe('@@ -10,11 +10,12 @@ line 9\n line 10\n line 11\n line 12\n+new 1\n+new 2');
    expect(anchor.position).toBe(14);
    const byPosition = await anchorComment(repoPath, base, head, { path: 'a.txt', position: 13 });
    expect([byPosition.side, byPosition.line, byPosition.position]).toEqual(['RIGHT', 13, 13]);
    // Base line 18 was removed: LEFT 18 is at position 9 + 11 (10..17 with the two new lines) + 1.
    const gone = await anchorComment(repoPath, base, head, { path: 'a.txt', line: 18, side: 'LEFT' });
    expect([gone.position, gone.diff_hunk.split('\n').pop()]).toEqual([20, '-line 18']);
    const removed = await anchorComment(repoPath, base, head, { path: 'a.txt', position: 4 });
    expect([removed.side, removed.line]).toEqual(['LEFT', 5]);
  });

  it('takes a range within one hunk, and refuses ranges GitHub refuses', async () => {
    const range = await anchorComment(repoPath, base, head, { path: 'a.txt', start_line: 3, line: 6 });
    expect([range.start_line, range.start_side, range.line, range.side, range.position]).toEqual([
      3,
      'RIGHT',
      6,
      'RIGHT',
      6,
    ]);
    const mixed = await anchorComment(repoPath, base, head, {
      path: 'a.txt',
      start_line: 5,
      start_side: 'LEFT',
      line: 5,
    });
    expect([mixed.start_side, mixed.side]).toEqual(['LEFT', 'RIGHT']);
    expect(
      (await refusal(anchorComment(repoPath, base, head, { path: 'a.txt', start_line: 6, line: 6 }))).errors?.[0]
        ?.message,
    ).toBe('pull_request_review_thread.start_line must precede the end line.');
    expect(
      (await refusal(anchorComment(repoPath, base, head, { path: 'a.txt', start_line: 3, line: 13 }))).errors?.[0]
        ?.message,
    ).toBe('pull_request_review_thread.start_line must be part of the same hunk as the line.');
  });

  it('refuses lines outside the hunks, paths outside the diff and bad sides', async () => {
    const outside = await refusal(anchorComment(repoPath, base, head, { path: 'a.txt', line: 1 }));
    expect(outside.errors?.map((e) => e.field)).toEqual([
      'pull_request_review_thread.line',
      'pull_request_review_thread.diff_hunk',
    ]);
    expect(outside.errors?.[0]?.message).toBe('pull_request_review_thread.line must be part of the diff');
    // Outside the hunks on the LEFT too; line 22 is past the file (21 lines).
    await refusal(anchorComment(repoPath, base, head, { path: 'a.txt', line: 1, side: 'LEFT' }));
    await refusal(anchorComment(repoPath, base, head, { path: 'a.txt', line: 22 }));
    const path = await refusal(anchorComment(repoPath, base, head, { path: 'same.txt', line: 1 }));
    expect(path.errors?.[0]).toMatchObject({
      field: 'pull_request_review_thread.path',
      message: 'Path could not be resolved',
    });
    await refusal(anchorComment(repoPath, base, head, { path: 'a.txt', line: 5, side: 'MIDDLE' as 'LEFT' }));
    await refusal(anchorComment(repoPath, base, head, { path: 'a.txt', position: 100 }));
    await refusal(anchorComment(repoPath, base, head, { path: 'a.txt' })); // neither line nor position
    await refusal(anchorComment(repoPath, base, head, { path: 'a.txt', position: 9 })); // a header
  });

  it('anchors file comments to files in the diff, added and deleted files too', async () => {
    expect(await anchorComment(repoPath, base, head, { path: 'gone.txt', subject_type: 'file' })).toEqual({
      path: 'gone.txt',
      subject_type: 'file',
      side: null,
      start_side: null,
      line: null,
      start_line: null,
      position: null,
      diff_hunk: '',
    });
    const left = await anchorComment(repoPath, base, head, { path: 'gone.txt', line: 2, side: 'LEFT' });
    expect([left.line, left.position, left.diff_hunk]).toEqual([2, 2, '@@ -1,2 +0,0 @@\n-x\n-y']);
    await refusal(anchorComment(repoPath, base, head, { path: 'same.txt', subject_type: 'file' }));
    expect((await anchorComment(repoPath, base, head, { path: 'b.txt', line: 1 })).diff_hunk).toBe(
      '@@ -0,0 +1,2 @@\n+b1',
    );
  });

  it('follows a renamed file as the pull request diff shows it (the change, not the whole file)', async () => {
    const anchor = await anchorComment(repoPath, base, head, { path: 'new-name.txt', line: 10 });
    expect([anchor.position, anchor.diff_hunk]).toEqual([
      5,
      '@@ -7,6 +7,6 @@ line 6\n line 7\n line 8\n line 9\n-line 10\n+line ten',
    ]);
    const left = await anchorComment(repoPath, base, head, { path: 'new-name.txt', line: 10, side: 'LEFT' });
    expect([left.side, left.position]).toEqual(['LEFT', 4]);
    await refusal(anchorComment(repoPath, base, head, { path: 'old-name.txt', line: 10, side: 'LEFT' }));
  });
});
