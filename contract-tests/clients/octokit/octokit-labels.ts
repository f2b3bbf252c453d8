// Labels and milestones (issue 16) through stock Octokit: create → get → list
// → update → delete, as an Octokit user writes them.
import type { Octokit } from '@octokit/rest';
import { expect } from './call-list.js';

type Call = <T>(name: string, run: () => Promise<T>) => Promise<T | undefined>;

export async function labelCalls(
  call: Call,
  octokit: Octokit,
  at: { owner: string; repo: string },
  prefix: string,
): Promise<void> {
  const name = `${prefix} label`;
  await call('list the default labels', async () => {
    const labels = await octokit.paginate(octokit.rest.issues.listLabelsForRepo, at);
    expect(
      labels.some((l) => l.name === 'good first issue' && l.default),
      'no default labels',
    );
  });
  await call('create a label', async () =>
    expect(
      (await octokit.rest.issues.createLabel({ ...at, name, color: 'f29513', description: 'made by Octokit' })).data
        .color === 'f29513',
      'other color',
    ),
  );
  await call('get a label', async () =>
    expect(
      (await octokit.rest.issues.getLabel({ ...at, name })).data.description === 'made by Octokit',
      'other description',
    ),
  );
  await call('update a label', async () =>
    expect(
      (await octokit.rest.issues.updateLabel({ ...at, name, new_name: `${name} 2`, color: '0e8a16' })).data.name ===
        `${name} 2`,
      'not renamed',
    ),
  );
  await call('delete a label', () => octokit.rest.issues.deleteLabel({ ...at, name: `${name} 2` }));

  const milestone = await call(
    'create a milestone',
    async () =>
      (await octokit.rest.issues.createMilestone({ ...at, title: `${prefix} v1`, due_on: '2030-01-15T12:00:00Z' }))
        .data,
  );
  const number = { ...at, milestone_number: milestone?.number ?? 0 };
  await call('get a milestone', async () =>
    expect((await octokit.rest.issues.getMilestone(number)).data.due_on === '2030-01-15T12:00:00Z', 'other due date'),
  );
  await call('list milestones', async () =>
    expect(
      (await octokit.rest.issues.listMilestones({ ...at, state: 'all', sort: 'completeness' })).data.some(
        (m) => m.number === milestone?.number,
      ),
      'not listed',
    ),
  );
  await call('update a milestone', async () =>
    expect(
      (await octokit.rest.issues.updateMilestone({ ...number, state: 'closed' })).data.closed_at !== null,
      'not closed',
    ),
  );
  await call('delete a milestone', () => octokit.rest.issues.deleteMilestone(number));
}
