// Review calls (issue 18) for octokit-calls.ts, through stock Octokit: a pull
// request on a four-line file, a line comment, a reply, an edit, a reaction; a pending
// review with a line comment, submitted; the author refused an approval of
// their own pull request, another user's approval, read back and dismissed
// by the owner; a reply deleted and a pending review deleted.
import type { Octokit } from '@octokit/rest';
import { expect, type callList } from './call-list.js';
import { branchWithCommit } from './octokit-pulls.js';

type Call = ReturnType<typeof callList>['call'];
type At = { owner: string; repo: string };

export async function reviewCalls(call: Call, octokit: Octokit, other: Octokit, at: At, prefix: string): Promise<void> {
  const branch = `${prefix}-review`;
  const path = `${prefix}/review.txt`;
  const sha = await branchWithCommit(call, octokit, at, branch, path, 'to review', 'one\ntwo\nthree\nfour\n');
  const pull = await call(
    'create a pull request to review',
    async () => (await octokit.rest.pulls.create({ ...at, title: 'To review', head: branch, base: 'main' })).data,
  );
  const pullAt = { ...at, pull_number: pull?.number ?? 0 };
  const first = await call('comment on a line of a pull request', async () => {
    const { data } = await octokit.rest.pulls.createReviewComment({
      ...pullAt,
      body: 'Why two?',
      commit_id: sha!,
      path,
      line: 2,
      side: 'RIGHT',
    });
    expect(data.line === 2 && data.path === path && data.diff_hunk.includes('+two'), 'other place');
    return data;
  });
  const reply = await call('reply to a review comment', async () => {
    const { data } = await octokit.rest.pulls.createReplyForReviewComment({
      ...pullAt,
      comment_id: first?.id ?? 0,
      body: 'Because.',
    });
    expect(data.in_reply_to_id === first?.id && data.line === 2, 'not a reply');
    return data;
  });
  await call('list the review comments of a pull request', async () =>
    expect(
      (await octokit.rest.pulls.listReviewComments(pullAt)).data.map((c) => c.id).join() ===
        `${first?.id},${reply?.id}`,
      'other comments',
    ),
  );
  await call('edit a review comment', async () =>
    expect(
      (await octokit.rest.pulls.updateReviewComment({ ...at, comment_id: first?.id ?? 0, body: 'Why two, really?' }))
        .data.body === 'Why two, really?',
      'not edited',
    ),
  );
  await call('react to a review comment', async () => {
    const { data } = await other.rest.reactions.createForPullRequestReviewComment({
      ...at,
      comment_id: first?.id ?? 0,
      content: 'heart',
    });
    expect(data.content === 'heart', `content ${data.content}`);
    expect(
      (await octokit.rest.pulls.getReviewComment({ ...at, comment_id: first?.id ?? 0 })).data.reactions?.heart === 1,
      'not counted',
    );
  });
  const pending = await call('start a pending review with a line comment', async () => {
    const { data } = await octokit.rest.pulls.createReview({
      ...pullAt,
      comments: [{ path, line: 4, body: 'And four?' }],
    });
    expect(data.state === 'PENDING', `state ${data.state}`);
    return data;
  });
  await call('submit a pending review', async () =>
    expect(
      (
        await octokit.rest.pulls.submitReview({
          ...pullAt,
          review_id: pending?.id ?? 0,
          event: 'COMMENT',
          body: 'Two questions.',
        })
      ).data.state === 'COMMENTED',
      'not submitted',
    ),
  );
  await call('list the comments of a review', async () => {
    const { data } = await octokit.rest.pulls.listCommentsForReview({ ...pullAt, review_id: pending?.id ?? 0 });
    expect(data.length === 1 && data[0]!.line === 4 && data[0]!.body === 'And four?', 'other comments');
  });
  await call('list reviews', async () => {
    const { data } = await octokit.rest.pulls.listReviews(pullAt);
    // A single comment and a reply are each a COMMENTED review of their own, as on GitHub.
    expect(
      data.some((r) => r.id === pending?.id) &&
        data.every((r) => r.state === 'COMMENTED' && r.user?.login === at.owner),
      'other reviews',
    );
  });
  await call("refuse to approve one's own pull request", async () => {
    const status = await octokit.rest.pulls.createReview({ ...pullAt, event: 'APPROVE' }).then(
      () => 200,
      (error: { status?: number }) => error.status,
    );
    expect(status === 422, `status ${status}`);
  });
  const approval = await call('approve a pull request as another user', async () => {
    const { data } = await other.rest.pulls.createReview({ ...pullAt, event: 'APPROVE', body: 'Looks good.' });
    expect(data.state === 'APPROVED' && data.commit_id === sha, 'not approved');
    return data;
  });
  await call('get a review', async () => {
    const { data } = await octokit.rest.pulls.getReview({ ...pullAt, review_id: approval?.id ?? 0 });
    expect(data.state === 'APPROVED' && data.user?.login !== at.owner, 'other review');
  });
  await call('dismiss a review', async () =>
    expect(
      (await octokit.rest.pulls.dismissReview({ ...pullAt, review_id: approval?.id ?? 0, message: 'Stale.' })).data
        .state === 'DISMISSED',
      'not dismissed',
    ),
  );
  await call('delete a review comment', async () => {
    await octokit.rest.pulls.deleteReviewComment({ ...at, comment_id: reply?.id ?? 0 });
    expect(!(await octokit.rest.pulls.listReviewComments(pullAt)).data.some((c) => c.id === reply?.id), 'still listed');
  });
  await call('delete a pending review', async () => {
    const { data } = await octokit.rest.pulls.createReview({ ...pullAt, body: 'Never mind' });
    await octokit.rest.pulls.deletePendingReview({ ...pullAt, review_id: data.id });
    expect(!(await octokit.rest.pulls.listReviews(pullAt)).data.some((r) => r.id === data.id), 'still listed');
  });
}
