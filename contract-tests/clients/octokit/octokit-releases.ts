// Releases (issue 19) through stock Octokit: a draft created, published
// (which creates its tag), read by id, tag and as the latest, listed, notes
// generated, reacted to, and deleted, as an Octokit user writes them.
import type { Octokit } from '@octokit/rest';
import { expect } from './call-list.js';

type Call = <T>(name: string, run: () => Promise<T>) => Promise<T | undefined>;

export async function releaseCalls(
  call: Call,
  octokit: Octokit,
  at: { owner: string; repo: string },
  prefix: string,
): Promise<void> {
  const tag = `${prefix}-v1`;
  const draft = await call(
    'create a draft release',
    async () =>
      (await octokit.rest.repos.createRelease({ ...at, tag_name: tag, name: 'made by Octokit', draft: true })).data,
  );
  const id = { ...at, release_id: draft?.id ?? 0 };
  await call('get a release', async () =>
    expect((await octokit.rest.repos.getRelease(id)).data.name === 'made by Octokit', 'other name'),
  );
  await call('publish a release', async () =>
    expect(
      (await octokit.rest.repos.updateRelease({ ...id, draft: false, body: 'notes' })).data.published_at !== null,
      'not published',
    ),
  );
  await call('get a release by tag', async () =>
    expect((await octokit.rest.repos.getReleaseByTag({ ...at, tag })).data.id === draft?.id, 'other release'),
  );
  await call('get the latest release', async () =>
    expect((await octokit.rest.repos.getLatestRelease(at)).data.id === draft?.id, 'other release'),
  );
  await call('list releases', async () =>
    expect(
      (await octokit.rest.repos.listReleases(at)).data.some((r) => r.id === draft?.id),
      'not listed',
    ),
  );
  await call('react to a release', async () => {
    const { data } = await octokit.rest.reactions.createForRelease({ ...id, content: 'rocket' });
    expect(
      (await octokit.rest.reactions.listForRelease(id)).data.some((r) => r.id === data.id),
      'not listed',
    );
    expect((await octokit.rest.repos.getRelease(id)).data.reactions?.rocket === 1, 'not counted');
    await octokit.rest.reactions.deleteForRelease({ ...id, reaction_id: data.id });
  });
  await call('generate release notes', async () =>
    expect(
      (await octokit.rest.repos.generateReleaseNotes({ ...at, tag_name: `${prefix}-v2` })).data.body.includes(
        '**Full Changelog**',
      ),
      'other notes',
    ),
  );
  await call('delete a release', () => octokit.rest.repos.deleteRelease(id));
}
