// Pull request and fork calls (issue 17) for octokit-calls.ts, through stock
// Octokit: a branch made through the API, a pull request opened, read, listed
// (state, head, base), edited and closed, seen through the issues list (its
// `pull_request` key), and a fork of the repository into the organisation.
// `pullMergeCalls`: commits, files, review requests, mergeability and a
// squash merge by `merger`, in the organisation's repository.
import type { Octokit } from '@octokit/rest';
import { expect, type callList } from './call-list.js';

type Call = ReturnType<typeof callList>['call'];
type At = { owner: string; repo: string };
const base64 = (text: string) => Buffer.from(text).toString('base64');

/** A branch from the default branch's tip, with one file commit on it (`content`, else the branch's name); returns that commit's sha. */
export async function branchWithCommit(
  call: Call,
  octokit: Octokit,
  at: At,
  branch: string,
  path: string,
  what: string,
  content = `${branch}\n`,
): Promise<string | undefined> {
  await call(`create a branch ${what}`, async () => {
    const { data: main } = await octokit.rest.git.getRef({ ...at, ref: 'heads/main' });
    await octokit.rest.git.createRef({ ...at, ref: `refs/heads/${branch}`, sha: main.object.sha });
  });
  return call(
    `commit a file to the branch ${what}`,
    async () =>
      (
        await octokit.rest.repos.createOrUpdateFileContents({
          ...at,
          path,
          branch,
          message: `Add ${path}`,
          content: base64(content),
        })
      ).data.commit.sha,
  );
}

export async function pullCalls(call: Call, octokit: Octokit, at: At, prefix: string, org: string): Promise<void> {
  const branch = `${prefix}-topic`;
  await branchWithCommit(call, octokit, at, branch, `${prefix}/topic.txt`, 'for a pull request');
  const pull = await call(
    'create a pull request',
    async () =>
      (
        await octokit.rest.pulls.create({
          ...at,
          title: 'Add a topic',
          body: 'Please pull',
          head: branch,
          base: 'main',
        })
      ).data,
  );
  const pullAt = { ...at, pull_number: pull?.number ?? 0 };
  await call('get a pull request', async () => {
    const { data } = await octokit.rest.pulls.get(pullAt);
    expect(
      data.state === 'open' && data.head.ref === branch && data.base.ref === 'main' && data.user?.login === at.owner,
      'other pull request',
    );
  });
  await call('list pull requests by head and base', async () => {
    const { data } = await octokit.rest.pulls.list({
      ...at,
      state: 'open',
      head: `${at.owner}:${branch}`,
      base: 'main',
    });
    expect(data.length === 1 && data[0]!.number === pull?.number, 'not listed alone');
  });
  await call('update a pull request', async () =>
    expect(
      (await octokit.rest.pulls.update({ ...pullAt, title: 'Add a topic, edited', body: 'Please pull, edited' })).data
        .title === 'Add a topic, edited',
      'not edited',
    ),
  );
  await call('list issues shows the pull request', async () => {
    const issues = await octokit.paginate(octokit.rest.issues.listForRepo, { ...at, state: 'all' });
    expect(
      issues.some((i) => i.number === pull?.number && i.pull_request?.url?.endsWith(`/pulls/${pull.number}`)),
      'no pull_request key',
    );
  });
  await call('close a pull request', async () => {
    const { data } = await octokit.rest.pulls.update({ ...pullAt, state: 'closed' });
    expect(data.state === 'closed' && data.merged === false, 'not closed');
  });
  await call('list closed pull requests', async () =>
    expect(
      (await octokit.rest.pulls.list({ ...at, state: 'closed' })).data.some((p) => p.number === pull?.number),
      'not listed',
    ),
  );
  await call('fork the repository into the organisation', async () => {
    const { data } = await octokit.rest.repos.createFork({ ...at, organization: org, name: `${prefix}-fork` });
    expect(data.fork && data.parent?.full_name === `${at.owner}/${at.repo}`, 'not a fork of it');
  });
  await call('list forks', async () =>
    expect(
      (await octokit.rest.repos.listForks(at)).data.some((f) => f.full_name === `${org}/${prefix}-fork`),
      'not listed',
    ),
  );
}

/** In the organisation's repository (`reviewer` is a member, so may be asked to review), into a base branch of this run's own. */
export async function pullMergeCalls(
  call: Call,
  octokit: Octokit,
  at: At,
  prefix: string,
  reviewer: string,
  merger: string,
): Promise<void> {
  const base = `${prefix}-base`;
  const head = `${prefix}-merge`;
  await call('create a base branch', async () => {
    const { data: main } = await octokit.rest.git.getRef({ ...at, ref: 'heads/main' });
    await octokit.rest.git.createRef({ ...at, ref: `refs/heads/${base}`, sha: main.object.sha });
  });
  const sha = await branchWithCommit(call, octokit, at, head, `${prefix}-merge.txt`, 'to merge');
  const pull = await call(
    'create a pull request to merge',
    async () => (await octokit.rest.pulls.create({ ...at, title: 'To merge', head, base })).data,
  );
  const pullAt = { ...at, pull_number: pull?.number ?? 0 };
  await call('list pull request commits', async () =>
    expect((await octokit.rest.pulls.listCommits(pullAt)).data.map((c) => c.sha).join() === sha, 'other commits'),
  );
  await call('list pull request files', async () => {
    const { data } = await octokit.rest.pulls.listFiles(pullAt);
    expect(
      data.length === 1 &&
        data[0]!.filename === `${prefix}-merge.txt` &&
        data[0]!.status === 'added' &&
        !!data[0]!.patch,
      'other files',
    );
  });
  await call('request a reviewer', async () =>
    expect(
      (await octokit.rest.pulls.requestReviewers({ ...pullAt, reviewers: [reviewer] })).data.requested_reviewers?.some(
        (u) => u.login === reviewer,
      ) === true,
      'not requested',
    ),
  );
  await call('remove a requested reviewer', async () =>
    expect(
      (await octokit.rest.pulls.removeRequestedReviewers({ ...pullAt, reviewers: [reviewer] })).data.requested_reviewers
        ?.length === 0,
      'still requested',
    ),
  );
  await call('wait until the pull request is mergeable', async () => {
    // mergeable is null until the mergeability job has run (as on GitHub): poll.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { data } = await octokit.rest.pulls.get(pullAt);
      if (data.mergeable !== null) return expect(data.mergeable === true, 'not mergeable');
      if (Date.now() > deadline) throw new Error('mergeable still null after 30 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
  await call('merge a pull request (squash)', async () =>
    expect((await octokit.rest.pulls.merge({ ...pullAt, merge_method: 'squash', sha })).data.merged, 'not merged'),
  );
  await call('get a merged pull request', async () => {
    const { data } = await octokit.rest.pulls.get(pullAt);
    expect(data.merged && data.state === 'closed' && data.merged_by?.login === merger, 'not merged');
  });
}
