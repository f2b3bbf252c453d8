// Issue, issue-comment and reaction calls of the compatibility list, through
// stock Octokit: open an issue, read and list it, comment, list comments, react
// to both and list the reactions, close it.
import type { Octokit } from '@octokit/rest';
import { expect, type callList } from './call-list.js';

export async function issueCalls(
  octokit: Octokit,
  call: ReturnType<typeof callList>['call'],
  at: { owner: string; repo: string },
) {
  const issue = await call(
    'create an issue',
    async () =>
      (await octokit.rest.issues.create({ ...at, title: 'Found a bug', body: 'It breaks', assignees: [at.owner] }))
        .data,
  );
  const issueAt = { ...at, issue_number: issue?.number ?? 0 };
  await call('get an issue', async () =>
    expect((await octokit.rest.issues.get(issueAt)).data.title === 'Found a bug', 'other title'),
  );
  await call('list issues', async () =>
    expect(
      (await octokit.rest.issues.listForRepo({ ...at, state: 'open', assignee: at.owner })).data.some(
        (i) => i.number === issue?.number,
      ),
      'not listed',
    ),
  );
  const comment = await call(
    'comment on an issue',
    async () => (await octokit.rest.issues.createComment({ ...issueAt, body: 'Me too' })).data,
  );
  await call('list issue comments', async () =>
    expect(
      (await octokit.rest.issues.listComments(issueAt)).data.map((c) => c.body).join() === 'Me too',
      'other comments',
    ),
  );
  await call('edit an issue comment', async () =>
    expect(
      (await octokit.rest.issues.updateComment({ ...at, comment_id: comment?.id ?? 0, body: 'Me too, edited' })).data
        .body === 'Me too, edited',
      'not edited',
    ),
  );
  await reactionCalls(octokit, call, issueAt, comment?.id ?? 0);
  await call('close an issue', async () =>
    expect(
      (await octokit.rest.issues.update({ ...issueAt, state: 'closed', state_reason: 'not_planned' })).data.state ===
        'closed',
      'not closed',
    ),
  );
  await call('list issue events', async () =>
    expect(
      (await octokit.rest.issues.listEvents(issueAt)).data.some((e) => e.event === 'closed'),
      'no closed event',
    ),
  );
}

async function reactionCalls(
  octokit: Octokit,
  call: ReturnType<typeof callList>['call'],
  issueAt: { owner: string; repo: string; issue_number: number },
  commentId: number,
) {
  const commentAt = { owner: issueAt.owner, repo: issueAt.repo, comment_id: commentId };
  const reaction = await call(
    'react to an issue',
    async () => (await octokit.rest.reactions.createForIssue({ ...issueAt, content: '+1' })).data,
  );
  await call('react to an issue comment', async () =>
    expect(
      (await octokit.rest.reactions.createForIssueComment({ ...commentAt, content: 'heart' })).data.content === 'heart',
      'other content',
    ),
  );
  await call('list issue reactions', async () => {
    const list = (await octokit.rest.reactions.listForIssue({ ...issueAt, content: '+1' })).data;
    expect(list.length === 1 && list[0]!.user?.login === issueAt.owner, 'other reactions');
    expect((await octokit.rest.issues.get(issueAt)).data.reactions?.['+1'] === 1, 'not counted on the issue');
  });
  await call('list issue comment reactions', async () =>
    expect(
      (await octokit.rest.reactions.listForIssueComment(commentAt)).data.map((r) => r.content).join() === 'heart',
      'other reactions',
    ),
  );
  await call('delete an issue reaction', async () => {
    await octokit.rest.reactions.deleteForIssue({ ...issueAt, reaction_id: reaction?.id ?? 0 });
    expect((await octokit.rest.reactions.listForIssue(issueAt)).data.length === 0, 'not deleted');
  });
}
