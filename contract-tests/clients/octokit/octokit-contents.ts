// Repository contents calls (issue 15) for octokit-calls.ts: create, read,
// list, update, download (download_url) and delete a file, and the README,
// through stock Octokit.
import type { Octokit } from '@octokit/rest';
import { expect, type callList } from './call-list.js';

type Call = ReturnType<typeof callList>['call'];

export async function contentCalls(
  call: Call,
  octokit: Octokit,
  at: { owner: string; repo: string },
  prefix: string,
): Promise<void> {
  const path = `${prefix}/notes.txt`;
  const text = (data: unknown) => Buffer.from((data as { content: string }).content, 'base64').toString('utf8');
  const created = await call(
    'create a file',
    async () =>
      (
        await octokit.rest.repos.createOrUpdateFileContents({
          ...at,
          path,
          message: 'Add notes',
          content: Buffer.from('first\n').toString('base64'),
        })
      ).data,
  );
  await call('get a file', async () =>
    expect(text((await octokit.rest.repos.getContent({ ...at, path })).data) === 'first\n', 'other content'),
  );
  await call('list the root directory', async () => {
    const { data } = await octokit.rest.repos.getContent({ ...at, path: '' });
    expect(Array.isArray(data) && data.some((entry) => entry.name === prefix), 'directory not listed');
  });
  await call('get the README', async () =>
    expect((await octokit.rest.repos.getReadme(at)).data.name === 'README.md', 'other README'),
  );
  const updated = await call(
    'update a file',
    async () =>
      (
        await octokit.rest.repos.createOrUpdateFileContents({
          ...at,
          path,
          message: 'Update notes',
          content: Buffer.from('second\n').toString('base64'),
          sha: created?.content?.sha,
        })
      ).data,
  );
  // download_url needs no token (a private repository's is signed): fetched bare.
  await call('download a file by its download_url', async () => {
    const { data } = await octokit.rest.repos.getContent({ ...at, path });
    const answer = await fetch((data as { download_url: string | null }).download_url ?? 'http://invalid./');
    expect(answer.ok && (await answer.text()) === 'second\n', 'other bytes');
  });
  await call('delete a file', () =>
    octokit.rest.repos.deleteFile({ ...at, path, message: 'Remove notes', sha: updated?.content?.sha ?? '' }),
  );
}
