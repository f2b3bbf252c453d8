// Merging a pull request into the default branch closes the issues its
// description names with a closing keyword, as GitHub does ("Fixes #12"):
// closed as completed by the merger, a `closed` timeline event naming the
// merge commit, and an `issues` `closed` webhook, with the merge's own events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actions, MergeTestRepo, pulls } from '../../test-support/merge-test-repo.js';

let t: MergeTestRepo;
const issues = '/repos/alice/proj/issues';

beforeAll(async () => {
  t = await MergeTestRepo.start();
  const hook = await t.call('/repos/alice/proj/hooks', {
    method: 'POST',
    token: t.alice.token,
    body: { config: { url: 'http://127.0.0.1:9/hook' }, events: ['issues'] },
  });
  expect(hook.status).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

async function newIssue(title: string): Promise<number> {
  const { status, json } = await t.call(issues, { method: 'POST', token: t.alice.token, body: { title } });
  expect(status).toBe(201);
  return json.number;
}

async function openWithBody(head: string, base: string, body: string): Promise<number> {
  const { status, json } = await t.call(pulls, {
    method: 'POST',
    token: t.alice.token,
    body: { title: `Merge ${head}`, head, base, body },
  });
  expect(status).toBe(201);
  return json.number;
}

describe('closing keywords in a merged pull request', () => {
  it('close the named issues of the repository when merged into the default branch', async () => {
    const [one, two, mentioned] = [await newIssue('bug one'), await newIssue('bug two'), await newIssue('only seen')];
    await t.pullMain();
    await t.commitAndPush('fix', { 'fix.txt': 'fixed\n' }, 'fix: both bugs', 'main');
    const number = await openWithBody('fix', 'main', `Fixes #${one}\n\nresolves alice/proj#${two}, see #${mentioned}`);
    await t.newEvents();
    const merged = await t.merge(number, { merge_method: 'squash' });
    expect(merged.status).toBe(200);

    for (const closed of [one, two]) {
      const { json } = await t.call(`${issues}/${closed}`);
      expect(json).toMatchObject({ state: 'closed', state_reason: 'completed', closed_by: { login: 'alice' } });
      const timeline = (await t.call(`${issues}/${closed}/events`)).json as { event: string; commit_id: string }[];
      expect(timeline.at(-1)).toMatchObject({ event: 'closed', commit_id: merged.json.sha });
    }
    expect((await t.call(`${issues}/${mentioned}`)).json.state).toBe('open');
    const events = await t.newEvents();
    expect(actions(events).filter((action) => action !== 'push')).toEqual([
      'pull_request.closed',
      'issues.closed',
      'issues.closed',
    ]);
    expect(events.filter((event) => event.event === 'issues').map((event) => event.payload.issue.number)).toEqual([
      one,
      two,
    ]);
    expect((await t.call('/repos/alice/proj')).json.open_issues_count).toBe(1);
  });

  it('leave issues open when the pull request goes into another branch', async () => {
    const issue = await newIssue('bug three');
    await t.pullMain();
    await t.commitAndPush('release', { 'r.txt': 'r\n' }, 'release line', 'main');
    await t.commitAndPush('fix-release', { 'fr.txt': 'fr\n' }, 'fix on release', 'release');
    const number = await openWithBody('fix-release', 'release', `Fixes #${issue}`);
    expect((await t.merge(number)).status).toBe(200);
    expect((await t.call(`${issues}/${issue}`)).json.state).toBe('open');
  });
});
