// Gists (issue 36) through stock Octokit: a secret gist created, read,
// updated (a file changed, one added), starred and checked, then forked by
// the other user, who comments on it; its owner lists the comments, as an
// Octokit user writes them: 8 calls.
import type { Octokit } from '@octokit/rest';
import { expect } from './call-list.js';

type Call = <T>(name: string, run: () => Promise<T>) => Promise<T | undefined>;

export async function gistCalls(call: Call, octokit: Octokit, other: Octokit, prefix: string): Promise<void> {
  const created = await call('create a gist', async () => {
    const { data } = await octokit.rest.gists.create({
      description: `${prefix} by Octokit`,
      public: false,
      files: { 'hello.md': { content: '# hello\n' } },
    });
    expect(/^[0-9a-f]{32}$/.test(data.id ?? '') && data.files?.['hello.md']?.content === '# hello\n', 'other gist');
    return data;
  });
  const gist_id = created?.id ?? 'none';
  await call('get a gist', async () =>
    expect((await octokit.rest.gists.get({ gist_id })).data.description === `${prefix} by Octokit`, 'other gist'),
  );
  await call('update a gist', async () => {
    const { data } = await octokit.rest.gists.update({
      gist_id,
      files: { 'hello.md': { content: '# hello again\n' }, 'more.txt': { content: 'more\n' } },
    });
    expect(data.files?.['hello.md']?.content === '# hello again\n' && data.history?.length === 2, 'not updated');
  });
  await call('star a gist', () => octokit.rest.gists.star({ gist_id }));
  await call('check a gist is starred', async () =>
    expect((await octokit.rest.gists.checkIsStarred({ gist_id })).status === 204, 'not starred'),
  );
  await call('fork a gist', async () => {
    const { data } = await other.rest.gists.fork({ gist_id });
    expect(data.id !== gist_id && data.files?.['more.txt'] !== undefined, 'not a fork');
  });
  await call('comment on a gist', async () => {
    const { data } = await other.rest.gists.createComment({ gist_id, body: `${prefix} comment` });
    expect(data.body === `${prefix} comment` && typeof data.id === 'number', 'no comment');
  });
  await call('list gist comments', async () => {
    const { data } = await octokit.rest.gists.listComments({ gist_id });
    expect(data.length === 1 && data[0]?.body === `${prefix} comment`, 'comment not listed');
  });
}
