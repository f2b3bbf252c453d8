// Checks (issue 19) through stock Octokit with an installation token: a check
// run created on the installation's repository, completed with an annotation,
// found among the commit's runs, its suite read, its annotations listed.
// Other runs share the commit (the suite is one per sha and app), so each
// call looks at this client's run only.
import type { Octokit } from '@octokit/rest';
import { expect } from './call-list.js';

type Call = <T>(name: string, run: () => Promise<T>) => Promise<T | undefined>;

export async function checkCalls(
  call: Call,
  installation: Octokit,
  at: { owner: string; repo: string },
  prefix: string,
): Promise<void> {
  const name = `${prefix}-check`;
  const run = await call('create a check run', async () => {
    const { data: target } = await installation.rest.repos.get(at);
    const { data: branch } = await installation.rest.repos.getBranch({ ...at, branch: target.default_branch });
    const { data } = await installation.rest.checks.create({
      ...at,
      name,
      head_sha: branch.commit.sha,
      status: 'in_progress',
    });
    expect(data.status === 'in_progress' && data.check_suite !== null, 'not in progress');
    return data;
  });
  const id = { ...at, check_run_id: run?.id ?? 0 };
  await call('complete a check run', async () => {
    const { data } = await installation.rest.checks.update({
      ...id,
      conclusion: 'success',
      output: {
        title: 'Done',
        summary: 'All good',
        annotations: [
          { path: 'README.md', start_line: 1, end_line: 1, annotation_level: 'notice', message: 'made by Octokit' },
        ],
      },
    });
    expect(data.status === 'completed' && data.output.annotations_count === 1, 'not completed');
  });
  await call('list check runs for a ref', async () => {
    const { data } = await installation.rest.checks.listForRef({
      ...at,
      ref: run?.head_sha ?? 'none',
      check_name: name,
    });
    expect(data.total_count === 1 && data.check_runs[0]?.id === run?.id, 'run not listed');
  });
  await call('get a check suite', async () => {
    const { data } = await installation.rest.checks.getSuite({ ...at, check_suite_id: run?.check_suite?.id ?? 0 });
    expect(data.head_sha === run?.head_sha && data.app?.id !== undefined, 'other suite');
  });
  await call('list check run annotations', async () => {
    const { data } = await installation.rest.checks.listAnnotations(id);
    expect(data.length === 1 && data[0]!.message === 'made by Octokit', 'other annotations');
  });
}
