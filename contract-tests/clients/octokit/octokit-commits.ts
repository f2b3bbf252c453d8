// Commits, compare and branches through stock Octokit (issue 15), for
// octokit-calls.ts: runs on a repository with one commit on main (auto_init).
import type { Octokit } from '@octokit/rest';
import { expect, type callList } from './call-list.js';

export async function commitCalls(
  octokit: Octokit,
  call: ReturnType<typeof callList>['call'],
  at: { owner: string; repo: string },
  prefix: string,
): Promise<void> {
  const commits = await call('list commits', async () => {
    const { data } = await octokit.rest.repos.listCommits({ ...at, sha: 'main', per_page: 10 });
    expect(data.length === 1, 'not one commit');
    return data;
  });
  const head = commits?.[0]?.sha ?? 'main';
  await call('get a commit', async () => {
    const { data } = await octokit.rest.repos.getCommit({ ...at, ref: 'main' });
    expect(data.sha === head && data.files?.[0]?.filename === 'README.md', 'other commit or files');
    // The diff media type, as Octokit documents it: mediaType.format.
    const diff = await octokit.rest.repos.getCommit({ ...at, ref: head, mediaType: { format: 'diff' } });
    expect(String(diff.data).startsWith('diff --git a/README.md'), 'not a diff');
  });
  await call('compare two commits', async () => {
    const { data } = await octokit.rest.repos.compareCommitsWithBasehead({ ...at, basehead: `${head}...main` });
    expect(data.status === 'identical' && data.total_commits === 0, 'not identical');
  });
  await call('list branches', async () =>
    expect(
      (await octokit.rest.repos.listBranches(at)).data.some((b) => b.name === 'main'),
      'main not listed',
    ),
  );
  const slashed = `${prefix}/feature`;
  await call('create a branch with a slash', () =>
    octokit.rest.git.createRef({ ...at, ref: `refs/heads/${slashed}`, sha: head }),
  );
  await call('get a branch with a slash', async () =>
    expect((await octokit.rest.repos.getBranch({ ...at, branch: slashed })).data.commit.sha === head, 'other head'),
  );
}
