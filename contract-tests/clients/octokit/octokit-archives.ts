// Archives and renamed repositories through stock Octokit (issue 15): the
// archive operations follow their 302 to the signed URL (fetch drops nothing
// on a same-origin redirect, and the URL needs no token anyway), and calls on
// a renamed repository's old name follow the 301 (GET) and 307 (others).
import type { Octokit } from '@octokit/rest';
import { expect, type callList } from './call-list.js';

type Call = ReturnType<typeof callList>['call'];

export async function archiveCalls(
  octokit: Octokit,
  call: Call,
  at: { owner: string; repo: string },
  prefix: string,
): Promise<void> {
  await call('download a tarball (following its link)', async () => {
    const { data } = await octokit.rest.repos.downloadTarballArchive({ ...at, ref: 'main' });
    const bytes = new Uint8Array(data as ArrayBuffer);
    expect(bytes[0] === 0x1f && bytes[1] === 0x8b, 'not a gzip archive');
  });
  await call('get a zipball link without following it', async () => {
    const { headers } = await octokit.rest.repos
      .downloadZipballArchive({ ...at, ref: 'main', request: { redirect: 'manual' } })
      .catch((error: { status?: number; response?: { headers: Record<string, string> } }) => {
        if (error.status === 302 && error.response) return error.response;
        throw error;
      });
    const answer = await fetch(String(headers.location));
    const bytes = new Uint8Array(await answer.arrayBuffer());
    expect(answer.status === 200 && bytes[0] === 0x50 && bytes[1] === 0x4b, 'not a zip archive');
  });
  const old = { owner: at.owner, repo: `${prefix}-moving` };
  const renamed = `${prefix}-moved`;
  await call('rename a repository', async () => {
    await octokit.rest.repos.createForAuthenticatedUser({ name: old.repo, auto_init: true });
    expect((await octokit.rest.repos.update({ ...old, name: renamed })).data.name === renamed, 'not renamed');
  });
  await call('get a repository by its old name', async () =>
    expect((await octokit.rest.repos.get(old)).data.name === renamed, 'not followed'),
  );
  await call('delete the renamed repository', () => octokit.rest.repos.delete(old));
}
