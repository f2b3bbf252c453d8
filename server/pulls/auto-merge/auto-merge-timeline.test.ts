// What a reviewer sees of auto-merge besides the merge: the timeline items
// of turning it on (one kind per method, GitHub's) and off (with the reason)
// in REST's issue events and GraphQL's timelineItems; the refusal of a pull
// request that could be merged now; and auto-merge turned off when someone
// who may not write to the base pushes to a fork's head after a writer
// enabled it (the approval must not merge what came after it), while a
// writer's push to a head in the repository keeps it.
import { join } from 'node:path';
import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneUrl } from '../../test-support/git-cli.js';
import { githubComponentErrors } from '../../test-support/github-schema.js';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { actions, MergeTestRepo, pulls } from '../../test-support/merge-test-repo.js';

let repo: MergeTestRepo;

const ENABLE = `mutation($id: ID!, $method: PullRequestMergeMethod) {
  enablePullRequestAutoMerge(input: {pullRequestId: $id, mergeMethod: $method}) { clientMutationId } }`;
const DISABLE = `mutation($id: ID!) { disablePullRequestAutoMerge(input: {pullRequestId: $id}) { clientMutationId } }`;
const TIMELINE = `query($n: Int!) { repository(owner: "alice", name: "proj") { pullRequest(number: $n) {
  timelineItems(first: 10, itemTypes: [AUTO_MERGE_ENABLED_EVENT, AUTO_SQUASH_ENABLED_EVENT, AUTO_REBASE_ENABLED_EVENT, AUTO_MERGE_DISABLED_EVENT]) {
    nodes {
      __typename
      ... on AutoMergeEnabledEvent { id actor { login } enabler { login } createdAt pullRequest { number } }
      ... on AutoSquashEnabledEvent { id enabler { login } pullRequest { number } }
      ... on AutoRebaseEnabledEvent { id enabler { login } }
      ... on AutoMergeDisabledEvent { id actor { login } disabler { login } reason reasonCode pullRequest { number } }
    } } } } }`;

const enable = (id: string, method: string) => graphqlOk(repo.server, ENABLE, { id, method }, repo.alice.token);
const timeline = async (n: number) =>
  (await graphqlOk(repo.server, TIMELINE, { n }, repo.alice.token)).data?.repository.pullRequest.timelineItems.nodes;
const status = (sha: string, state: string) =>
  repo.call(`/repos/alice/proj/statuses/${sha}`, {
    method: 'POST',
    token: repo.alice.token,
    body: { state, context: 'ci' },
  });

beforeAll(async () => {
  repo = await MergeTestRepo.start();
  const protection = await repo.call('/repos/alice/proj/branches/main/protection', {
    method: 'PUT',
    token: repo.alice.token,
    body: {
      required_status_checks: { strict: false, contexts: ['ci'] },
      enforce_admins: true,
      required_pull_request_reviews: null,
      restrictions: null,
    },
  });
  expect(protection.status).toBe(200);
  const allowed = await repo.call('/repos/alice/proj', {
    method: 'PATCH',
    token: repo.alice.token,
    body: { allow_auto_merge: true },
  });
  expect(allowed.status).toBe(200);
  await repo.newEvents();
}, 60_000);

afterAll(() => repo?.close());

describe('timeline items', () => {
  it('turning it on (by method) and off shows in REST events and GraphQL timelineItems', async () => {
    await repo.commitAndPush('items', { 'items.txt': 'i\n' }, 'items change', 'main');
    const pull = await repo.open('items');
    expect((await enable(pull.node_id, 'SQUASH')).errors).toBeUndefined();
    expect((await graphqlOk(repo.server, DISABLE, { id: pull.node_id }, repo.alice.token)).errors).toBeUndefined();
    expect((await enable(pull.node_id, 'MERGE')).errors).toBeUndefined();
    expect((await enable(pull.node_id, 'REBASE')).errors).toBeUndefined();

    const events = (await repo.call(`/repos/alice/proj/issues/${pull.number}/events`)).json;
    expect(events.map((e: { event: string }) => e.event)).toEqual([
      'auto_squash_enabled',
      'auto_merge_disabled',
      'auto_merge_enabled',
      'auto_rebase_enabled',
    ]);
    for (const event of events) {
      expect(event.actor.login).toBe('alice');
      expect(githubComponentErrors('issue-event-for-issue', event), event.event).toBe('');
    }
    const byId = await repo.call(`/repos/alice/proj/issues/events/${events[1].id}`);
    expect(byId.json.node_id).toBe(events[1].node_id);
    expect(githubComponentErrors('issue-event', byId.json)).toBe('');
    const restTimeline = (await repo.call(`/repos/alice/proj/issues/${pull.number}/timeline`)).json;
    expect(restTimeline.map((e: { event: string }) => e.event)).toEqual(
      expect.arrayContaining(['auto_squash_enabled', 'auto_merge_disabled']),
    );

    const items = await timeline(pull.number);
    expect(items.map((i: { __typename: string }) => i.__typename)).toEqual([
      'AutoSquashEnabledEvent',
      'AutoMergeDisabledEvent',
      'AutoMergeEnabledEvent',
      'AutoRebaseEnabledEvent',
    ]);
    expect(items[0]).toMatchObject({ enabler: { login: 'alice' }, pullRequest: { number: pull.number } });
    expect(items[1]).toMatchObject({
      actor: { login: 'alice' },
      disabler: { login: 'alice' },
      reason: 'Auto-merge was disabled by the user',
      reasonCode: 'USER_DISABLED',
    });
    expect(items[2]).toMatchObject({ actor: { login: 'alice' }, enabler: { login: 'alice' } });
    // One id for one event, in both APIs.
    expect(items.map((i: { id: string }) => i.id)).toEqual(events.map((e: { node_id: string }) => e.node_id));
    await repo.newEvents();
  });
});

describe('a pull request nothing holds back', () => {
  it('is refused: merge it instead (GitHub: "Pull request is in clean status")', async () => {
    const head = await repo.commitAndPush('ready', { 'ready.txt': 'r\n' }, 'ready change', 'main');
    const pull = await repo.open('ready');
    expect((await status(head, 'success')).status).toBe(201);
    expect((await repo.computed(pull.number)).mergeable_state).toBe('clean');
    const refused = await enable(pull.node_id, 'MERGE');
    expect(refused.errors?.[0]).toMatchObject({ type: 'UNPROCESSABLE', message: 'Pull request is in clean status' });
    expect((await repo.call(`${pulls}/${pull.number}`)).json.auto_merge).toBeNull();
    await repo.newEvents();
  });
});

describe('pushes to the head', () => {
  it("a fork author's push turns it off; the event says why", async () => {
    expect((await repo.call('/repos/alice/proj/forks', { method: 'POST', token: repo.carol.token })).status).toBe(202);
    const work = join(repo.git.home, 'carol');
    await repo.git.ok(['clone', '--quiet', cloneUrl(repo.server.url, 'carol/proj.git', repo.carol.token), work]);
    const push = async (text: string) => {
      await repo.git.ok(['checkout', '--quiet', '-B', 'feature'], { cwd: work });
      await writeFile(join(work, 'feature.txt'), text);
      await repo.git.ok(['add', '--all'], { cwd: work });
      await repo.git.ok(['commit', '--quiet', '-m', `feature ${text.trim()}`], { cwd: work });
      await repo.git.ok(['push', '--quiet', 'origin', 'feature'], { cwd: work });
    };
    await push('one\n');
    const opened = await repo.call(pulls, {
      method: 'POST',
      token: repo.carol.token,
      body: { title: 'Feature', head: 'carol:feature', base: 'main' },
    });
    expect(opened.status).toBe(201);
    const pull = opened.json;
    expect((await enable(pull.node_id, 'SQUASH')).errors).toBeUndefined();
    await repo.newEvents();

    await push('two\n');
    const after = (await repo.call(`${pulls}/${pull.number}`)).json;
    expect(after.auto_merge).toBeNull();
    const events = await repo.newEvents();
    expect(actions(events)).toEqual(['pull_request.synchronize', 'pull_request.auto_merge_disabled']);
    expect(events[1]!.payload).toMatchObject({
      reason: 'Auto-merge was disabled because someone without write access pushed to the head branch',
      sender: { login: 'carol' },
    });
    const items = await timeline(pull.number);
    expect(items.at(-1)).toMatchObject({
      __typename: 'AutoMergeDisabledEvent',
      actor: { login: 'carol' },
      reasonCode: 'PUSH_WITHOUT_WRITE_ACCESS',
    });
  });

  it("a writer's push to a head in the repository keeps it", async () => {
    await repo.commitAndPush('kept', { 'kept.txt': 'k\n' }, 'kept change', 'main');
    const pull = await repo.open('kept');
    expect((await enable(pull.node_id, 'MERGE')).errors).toBeUndefined();
    await repo.commitAndPush('kept', { 'kept.txt': 'k2\n' }, 'kept again');
    const events = actions(await repo.newEvents());
    expect(events).toContain('pull_request.synchronize');
    expect(events).not.toContain('pull_request.auto_merge_disabled');
    expect((await repo.call(`${pulls}/${pull.number}`)).json.auto_merge).toMatchObject({ merge_method: 'merge' });
  });
});
