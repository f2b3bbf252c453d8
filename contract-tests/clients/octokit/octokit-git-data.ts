// The git data calls of the compatibility list in Octokit (run by
// octokit-calls.ts): commits without a clone, as release bots do: a blob, a
// tree on the branch's tree, a commit on the branch's head, the branch moved
// to it (PATCH git/refs), an annotated tag object; each read back.
import type { Octokit } from '@octokit/rest';
import { expect, type callList } from './call-list.js';

type Call = ReturnType<typeof callList>['call'];

export async function gitDataCalls(
  octokit: Octokit,
  call: Call,
  at: { owner: string; repo: string },
  prefix: string,
): Promise<void> {
  const parent = await call('get a commit object', async () => {
    const { data: ref } = await octokit.rest.git.getRef({ ...at, ref: 'heads/main' });
    return (await octokit.rest.git.getCommit({ ...at, commit_sha: ref.object.sha })).data;
  });
  const blob = await call(
    'create a blob',
    async () =>
      (
        await octokit.rest.git.createBlob({
          ...at,
          content: Buffer.from('blob from Octokit\n').toString('base64'),
          encoding: 'base64',
        })
      ).data,
  );
  await call('get a blob', async () => {
    const { data } = await octokit.rest.git.getBlob({ ...at, file_sha: blob!.sha });
    expect(Buffer.from(data.content, 'base64').toString('utf8') === 'blob from Octokit\n', 'other content');
  });
  const tree = await call(
    'create a tree',
    async () =>
      (
        await octokit.rest.git.createTree({
          ...at,
          base_tree: parent!.tree.sha,
          tree: [
            { path: 'compat/blob.txt', mode: '100644', type: 'blob', sha: blob!.sha },
            { path: 'compat/inline.txt', mode: '100644', type: 'blob', content: 'inline\n' },
          ],
        })
      ).data,
  );
  await call('get a tree', async () => {
    const { data } = await octokit.rest.git.getTree({ ...at, tree_sha: tree!.sha, recursive: '1' });
    expect(
      data.tree.some((e) => e.path === 'compat/inline.txt'),
      'entry not listed',
    );
  });
  const commit = await call(
    'create a commit',
    async () =>
      (
        await octokit.rest.git.createCommit({
          ...at,
          message: 'Commit from Octokit',
          tree: tree!.sha,
          parents: [parent!.sha],
        })
      ).data,
  );
  await call('get a commit', async () =>
    expect(
      (await octokit.rest.git.getCommit({ ...at, commit_sha: commit!.sha })).data.message === 'Commit from Octokit',
      'other message',
    ),
  );
  await call('update a ref', async () =>
    expect(
      (await octokit.rest.git.updateRef({ ...at, ref: 'heads/main', sha: commit!.sha })).data.object.sha ===
        commit!.sha,
      'not moved',
    ),
  );
  const tag = await call(
    'create a tag object',
    async () =>
      (
        await octokit.rest.git.createTag({
          ...at,
          tag: `${prefix}-v1`,
          message: 'Tagged by Octokit',
          object: commit!.sha,
          type: 'commit',
        })
      ).data,
  );
  await call('get a tag object', async () =>
    expect(
      (await octokit.rest.git.getTag({ ...at, tag_sha: tag!.sha })).data.object.sha === commit!.sha,
      'other object',
    ),
  );
}
