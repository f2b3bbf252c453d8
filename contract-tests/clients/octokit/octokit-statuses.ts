// Commit statuses (issue 19) through stock Octokit: a status created on the
// default branch's head commit, the commit's statuses listed, its combined
// status read, as an Octokit user writes them.
import type { Octokit } from '@octokit/rest';
import { expect } from './call-list.js';

type Call = <T>(name: string, run: () => Promise<T>) => Promise<T | undefined>;

export async function statusCalls(
  call: Call,
  octokit: Octokit,
  at: { owner: string; repo: string },
  prefix: string,
): Promise<void> {
  const context = `${prefix}/octokit`;
  // No sha (the repository failed to appear) fails the calls, not the script.
  const sha = await octokit.rest.git.getRef({ ...at, ref: 'heads/main' }).then(
    (r) => r.data.object.sha,
    () => '0000000',
  );
  await call('create a commit status', async () =>
    expect(
      (
        await octokit.rest.repos.createCommitStatus({
          ...at,
          sha,
          state: 'success',
          target_url: 'https://ci.example.com/1',
          description: 'made by Octokit',
          context,
        })
      ).data.context === context,
      'other context',
    ),
  );
  await call('list commit statuses', async () =>
    expect(
      (await octokit.rest.repos.listCommitStatusesForRef({ ...at, ref: sha })).data.some((s) => s.context === context),
      'not listed',
    ),
  );
  await call('get the combined status', async () => {
    const { data } = await octokit.rest.repos.getCombinedStatusForRef({ ...at, ref: 'main' });
    expect(
      data.sha === sha && data.statuses.some((s) => s.context === context && s.state === 'success'),
      'context missing',
    );
  });
}
