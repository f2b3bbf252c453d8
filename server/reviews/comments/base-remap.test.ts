// Threads when only the base branch moves, with real pushes: main fast-
// forwards onto the pull request's first commit, so the merge base moves and
// the pull diff shrinks to the second commit. LEFT threads follow their lines
// from the old merge base to the new one (moved down by the lines the first
// commit added; outdated when it changed them), every thread takes its
// position in the new diff, and the pull request's base sha moves with them.
// A base push that leaves the merge base where it was moves nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MergeTestRepo, pulls } from '../../test-support/merge-test-repo.js';
import { anchorComment } from './diff-anchor.js';

let t: MergeTestRepo;
let first: string;
let head: string;
let number: number;
const ids: Record<string, number> = {};

const file = (lines: string[]) => `${lines.join('\n')}\n`;
const BASE = Array.from({ length: 10 }, (_, i) => `b${i + 1}`);
// The first commit adds two lines on top and changes b3; the second changes b7.
const FIRST = ['top1', 'top2', ...BASE.map((line) => (line === 'b3' ? 'b3 changed' : line))];
const SECOND = FIRST.map((line) => (line === 'b7' ? 'b7 changed' : line));

beforeAll(async () => {
  t = await MergeTestRepo.start();
  await t.commitAndPush('main', { 'b.txt': file(BASE) }, 'base');
  first = await t.commitAndPush('feature', { 'b.txt': file(FIRST) }, 'first', 'main');
  head = await t.commitAndPush('feature', { 'b.txt': file(SECOND) }, 'second');
  number = (await t.open('feature')).number;
  const add = async (name: string, body: Record<string, unknown>) => {
    const made = await t.call(`${pulls}/${number}/comments`, {
      method: 'POST',
      token: t.alice.token,
      body: { commit_id: head, path: 'b.txt', body: name, ...body },
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    ids[name] = made.json.id;
  };
  await add('deletedB7', { line: 7, side: 'LEFT' });
  await add('changedB3', { line: 3, side: 'LEFT' });
  await add('contextB9', { line: 9, side: 'LEFT' });
  await add('right', { line: 11, side: 'RIGHT' });
});
afterAll(async () => t?.close());

async function threads() {
  const listed = (await t.call(`${pulls}/${number}/comments`)).json as {
    id: number;
    line: number | null;
    position: number | null;
    original_line: number;
    original_position: number;
    side: string;
    commit_id: string;
  }[];
  return Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, listed.find((c) => c.id === id)!]));
}

const repoPath = () => t.server.services.git.pathOf(t.repoId);

describe('threads when the base branch moves', () => {
  it('stay where they are when the merge base does not move', async () => {
    const before = await threads();
    await t.git.ok(['fetch', '--quiet', 'origin'], { cwd: t.work });
    await t.commitAndPush('main', { 'unrelated.txt': 'u\n' }, 'unrelated', 'origin/main');
    expect(await threads()).toEqual(before);
    // Back to where the pull request started (a force push of main), for the next test.
    await t.git.ok(['push', '--quiet', '--force', 'origin', 'HEAD~1:main'], { cwd: t.work });
  });

  it('follow a merge base that moved: LEFT lines moved or outdated, positions in the new diff, the base sha with them', async () => {
    await t.git.ok(['push', '--quiet', 'origin', `${first}:main`], { cwd: t.work });
    const r = await threads();
    const at = async (line: number, side: 'LEFT' | 'RIGHT') =>
      (await anchorComment(repoPath(), first, head, { path: 'b.txt', line, side })).position;
    expect(r.deletedB7).toMatchObject({
      line: 9,
      original_line: 7,
      side: 'LEFT',
      commit_id: head,
      position: await at(9, 'LEFT'),
    });
    expect(r.contextB9).toMatchObject({ line: 11, original_line: 9, side: 'LEFT', position: await at(11, 'LEFT') });
    expect(r.changedB3).toMatchObject({ line: null, position: null, original_line: 3 });
    expect(r.right).toMatchObject({ line: 11, side: 'RIGHT', position: await at(11, 'RIGHT') });
    expect(r.right!.position).not.toBe(r.right!.original_position);
    const pull = (await t.call(`${pulls}/${number}`)).json;
    expect(pull.base.sha).toBe(first);
    const [outdated] = await t.server.sql<
      { outdated: boolean }[]
    >`SELECT t.outdated FROM pull_request_review_threads t JOIN pull_request_review_comments c ON c.thread_id = t.id WHERE c.id = ${ids.changedB3!}`;
    expect(outdated!.outdated).toBe(true);
  });
});
