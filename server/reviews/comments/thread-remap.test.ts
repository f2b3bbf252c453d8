// Review threads on a real pull request pushed over HTTP with the git CLI:
// comments anchored and inserted as the endpoints will, then a push that
// changes one commented line (outdated), inserts lines above another (moved:
// new line and position), deletes a commented file and takes another out of
// the diff. Bodies are checked against GitHub's schemas.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { githubComponentErrors } from '../../test-support/github-schema.js';
import { MergeTestRepo } from '../../test-support/merge-test-repo.js';
import { anchorComment } from './diff-anchor.js';
import {
  reviewCommentsByIds,
  reviewCommentsByPull,
  reviewCommentsByRepository,
  reviewCommentsByReview,
  type PullRef,
  type ReviewCommentRow,
} from './review-comment-store.js';
import { reviewCommentView } from './review-comment-view.js';
import { comment, insertReview, webhookCommentErrors } from '../../test-support/review-comment-rows.js';
import { remapReviewThreads } from './thread-remap.js';

let t: MergeTestRepo;
let repoPath: string;
let pull: PullRef;
let main: string;
let head1: string;
const ids: Record<string, number> = {};
let review: number;

const code = (change: (i: number) => string[] = (i) => [`c${i}`]) =>
  `${Array.from({ length: 30 }, (_, k) => change(k + 1))
    .flat()
    .join('\n')}\n`;

beforeAll(async () => {
  t = await MergeTestRepo.start();
  repoPath = t.server.services.git.pathOf(t.repoId);
  main = await t.commitAndPush('main', { 'code.txt': code(), 'doomed.txt': 'd1\nd2\n', 'revert.txt': 'r1\n' }, 'setup');
  head1 = await t.commitAndPush(
    'feature',
    {
      'code.txt': code((i) => [i === 5 || i === 15 || i === 25 ? `c${i} changed` : `c${i}`]),
      'doomed.txt': 'd1 edited\nd2\n',
      'revert.txt': 'r1 edited\n',
    },
    'feature',
    'main',
  );
  const opened = await t.open('feature');
  const [row] = await t.server.sql<
    { issue_id: number }[]
  >`SELECT issue_id FROM pull_requests p JOIN issues i ON i.id = p.issue_id WHERE i.repository_id = ${t.repoId} AND i.number = ${opened.number}`;
  pull = {
    issueId: Number(row!.issue_id),
    repositoryId: t.repoId,
    number: opened.number,
    headSha: head1,
    baseSha: main,
  };
  review = await insertReview(t.server.sql, pull, t.alice.id);
  const add = async (name: string, input: Parameters<typeof comment>[5], reviewId = review, userId = t.alice.id) => {
    ids[name] = await comment(t.server.sql, repoPath, pull, reviewId, userId, input);
  };
  await add('changed', { path: 'code.txt', line: 5 });
  await add('reply', { inReplyTo: ids.changed! });
  await add('moved', { path: 'code.txt', line: 25 });
  await add('range', { path: 'code.txt', start_line: 14, line: 16 });
  await add('left', { path: 'code.txt', line: 5, side: 'LEFT' });
  await add('leftContext', { path: 'code.txt', line: 3, side: 'LEFT' });
  await add('deleted', { path: 'doomed.txt', line: 1 });
  await add('deletedFile', { path: 'doomed.txt', subject_type: 'file' });
  await add('reverted', { path: 'revert.txt', subject_type: 'file' });
  await add(
    'pending',
    { path: 'code.txt', line: 15 },
    await insertReview(t.server.sql, pull, t.carol.id, 'PENDING'),
    t.carol.id,
  );
});
afterAll(async () => t?.close());

async function rows(): Promise<Record<string, ReviewCommentRow>> {
  const found = await reviewCommentsByIds(t.server.sql, Object.values(ids));
  return Object.fromEntries(
    Object.entries(ids).map(([name, id]) => [name, found.find((row) => Number(row.id) === id)!]),
  );
}
const view = (row: ReviewCommentRow) =>
  reviewCommentView(row, { owner: 'alice', name: 'proj' }, t.server.services.urls);

describe('review comments on a pull request', () => {
  it('are written where they were anchored, with GitHub bodies', async () => {
    const r = await rows();
    expect([r.changed!.line, r.changed!.position, r.changed!.original_line, r.changed!.commit_id]).toEqual([
      5,
      5,
      5,
      head1,
    ]);
    const reply = view(r.reply!);
    expect(reply).toMatchObject({
      in_reply_to_id: ids.changed,
      line: 5,
      position: 5,
      diff_hunk: r.changed!.diff_hunk,
      path: 'code.txt',
      pull_request_review_id: review,
    });
    expect('in_reply_to_id' in view(r.changed!)).toBe(false);
    // Someone else's pending comment, or a comment of another pull request, is not there to answer.
    for (const target of [ids.pending!, 999_999]) {
      const refused = await comment(t.server.sql, repoPath, pull, review, t.alice.id, { inReplyTo: target }).catch(
        (e: { kind?: string }) => e.kind,
      );
      expect(refused).toBe('not_found'); // REST's 404
    }
    const body = view(r.range!);
    expect(body).toMatchObject({
      start_line: 14,
      original_start_line: 14,
      start_side: 'RIGHT',
      line: 16,
      original_line: 16,
      side: 'RIGHT',
      subject_type: 'line',
      html_url: `${t.server.services.urls.html('/alice/proj')}/pull/${pull.number}#discussion_r${ids.range}`,
      author_association: 'OWNER',
      user: { login: 'alice' },
    });
    expect(body._links.pull_request.href).toBe(body.pull_request_url);
    for (const row of Object.values(r)) {
      const json = JSON.parse(JSON.stringify(view(row)));
      expect(githubComponentErrors('review-comment', json), row.path).toBe('');
      expect(githubComponentErrors('pull-request-review-comment', json)).toBe('');
      expect(webhookCommentErrors(json)).toBe('');
    }
  });

  it("pending comments are their author's alone in every list", async () => {
    const alice = await reviewCommentsByPull(t.server.sql, pull.issueId, t.alice.id, {}, { limit: 100, offset: 0 });
    expect(alice.rows.map((row) => Number(row.id))).toEqual(
      Object.entries(ids)
        .filter(([name]) => name !== 'pending')
        .map(([, id]) => id),
    );
    expect(alice.total).toBe(9);
    const carol = await reviewCommentsByPull(t.server.sql, pull.issueId, t.carol.id, {}, { limit: 2, offset: 9 });
    expect([carol.rows.map((row) => Number(row.id)), carol.total]).toEqual([[ids.pending], 10]);
    const anonymous = await reviewCommentsByRepository(
      t.server.sql,
      t.repoId,
      null,
      { sort: 'created', direction: 'desc' },
      { limit: 3, offset: 0 },
    );
    expect([anonymous.rows.map((row) => Number(row.id)), anonymous.total]).toEqual([
      [ids.reverted, ids.deletedFile, ids.deleted],
      9,
    ]);
    expect((await reviewCommentsByReview(t.server.sql, review, null, { limit: 100, offset: 0 })).total).toBe(9);
  });

  it('a push outdates changed lines, moves shifted ones and follows files out of the diff', async () => {
    const head2 = await t.commitAndPush(
      'feature',
      {
        'code.txt': code((i) =>
          i === 5
            ? ['c5 again']
            : i === 15 || i === 25
              ? [`c${i} changed`]
              : i === 20
                ? ['c20', 'n1', 'n2']
                : [`c${i}`],
        ),
        'revert.txt': 'r1\n',
      },
      'second',
    );
    await t.git.ok(['rm', '--quiet', 'doomed.txt'], { cwd: t.work });
    await t.git.ok(['commit', '--quiet', '-m', 'delete'], { cwd: t.work });
    await t.git.ok(['push', '--quiet', 'origin', 'feature'], { cwd: t.work });
    const head3 = await t.git.ok(['rev-parse', 'HEAD'], { cwd: t.work });
    expect(head3).not.toBe(head2);
    const r = await rows();
    const at = async (input: Parameters<typeof anchorComment>[3]) =>
      (await anchorComment(repoPath, main, head3, input)).position;

    for (const name of ['changed', 'reply']) {
      expect(r[name], name).toMatchObject({
        outdated: true,
        line: null,
        position: null,
        start_line: null,
        original_line: 5,
        original_position: 5,
        commit_id: head1,
      });
      expect(view(r[name]!)).toMatchObject({
        line: null,
        position: null,
        original_line: 5,
        original_position: 5,
        commit_id: head1,
        original_commit_id: head1,
      });
    }
    expect(r.moved).toMatchObject({
      outdated: false,
      line: 27,
      original_line: 25,
      commit_id: head3,
      position: await at({ path: 'code.txt', line: 27 }),
    });
    expect(r.moved!.position).not.toBe(r.moved!.original_position);
    expect(r.range).toMatchObject({
      outdated: false,
      start_line: 14,
      line: 16,
      commit_id: head3,
      position: await at({ path: 'code.txt', start_line: 14, line: 16 }),
    });
    expect(r.left).toMatchObject({
      outdated: false,
      side: 'LEFT',
      line: 5,
      commit_id: head3,
      position: await at({ path: 'code.txt', line: 5, side: 'LEFT' }),
    });
    expect(r.leftContext).toMatchObject({ outdated: false, side: 'LEFT', line: 3, commit_id: head3 });
    expect(r.pending).toMatchObject({ outdated: false, line: 15, commit_id: head3 });
    expect(r.deleted).toMatchObject({ outdated: true, line: null, original_line: 1 });
    // Deleted, doomed.txt is still in the diff (a removed file); revert.txt is not.
    expect(r.deletedFile).toMatchObject({ outdated: false, commit_id: head3, line: null, position: null });
    expect(r.reverted).toMatchObject({ outdated: true, commit_id: head1 });
    for (const row of Object.values(r)) {
      const json = JSON.parse(JSON.stringify(view(row)));
      // GitHub's REST schemas do not allow the null line (nor, in pull-request-review-comment, the null
      // position) GitHub serves for an outdated comment (github/rest-api-description#5568); the webhook's does.
      expect(githubComponentErrors('review-comment', json), row.path).toBe(
        row.outdated ? 'data/line must be integer' : '',
      );
      expect(githubComponentErrors('pull-request-review-comment', json), row.path).toBe(
        row.outdated ? 'data/position must be integer, data/line must be integer' : '',
      );
      expect(webhookCommentErrors(json)).toBe('');
    }
  });

  it('a LEFT thread outdates when the merge base changes its line, and stays when it does not', async () => {
    // main changes its line 3 (GitHub's base moves; the mergeability job records it), then the head merges main.
    const newMain = await t.commitAndPush(
      'main',
      { 'code.txt': code((i) => [i === 3 ? 'c3 on main' : `c${i}`]) },
      'main moves',
      'origin/main',
    );
    await t.git.ok(['fetch', '--quiet', 'origin'], { cwd: t.work });
    await t.computed(pull.number);
    const [stored] = await t.server.sql<
      { base_sha: string }[]
    >`SELECT base_sha FROM pull_requests WHERE issue_id = ${pull.issueId}`;
    expect(stored?.base_sha).toBe(newMain);
    await t.git.ok(['checkout', '--quiet', 'feature'], { cwd: t.work });
    await t.git.ok(['merge', '--quiet', '--no-edit', 'origin/main'], { cwd: t.work });
    await t.git.ok(['push', '--quiet', 'origin', 'feature'], { cwd: t.work });
    const head4 = await t.git.ok(['rev-parse', 'HEAD'], { cwd: t.work });
    const r = await rows();
    expect(r.leftContext).toMatchObject({ outdated: true, line: null, original_line: 3 });
    expect(r.left).toMatchObject({
      outdated: false,
      line: 5,
      commit_id: head4,
      position: (await anchorComment(repoPath, newMain, head4, { path: 'code.txt', line: 5, side: 'LEFT' })).position,
    });
    expect(r.moved).toMatchObject({ outdated: false, line: 27, commit_id: head4 });
  });

  it('leaves threads where they were when git fails', async () => {
    const before = await rows();
    await t.server.sql.begin((tx) =>
      remapReviewThreads(tx, '/nonexistent/repository.git', pull.issueId, main, 'f'.repeat(40)),
    );
    expect(await rows()).toEqual(before);
  });
});
