// A pull request's own issue events over real HTTP and real git: review
// requests (one per reviewer, asked and withdrawn), draft and ready (GraphQL,
// as REST has no draft change), merged (the merge commit as commit_id) and
// head_ref_deleted (delete_branch_on_merge, and a push deleting a head), in
// GET …/issues/{n}/events and …/timeline, each body checked against GitHub's
// schema for its kind.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiOk, apiSuccess } from '../test-support/api-call.js';
import { cloneUrl, gitCli, type GitCli } from '../test-support/git-cli.js';
import { githubComponentErrors } from '../test-support/github-schema.js';
import { graphqlOk } from '../test-support/graphql-call.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let git: GitCli;
let work: string;
let merged: number;
let pushed: number;
let mergeSha: string;

const call = (path: string, method = 'GET', body?: unknown) =>
  apiOk(server, path, { method, body, token: alice.token });
const events = async (n: number): Promise<any[]> => call(`/repos/alice/pt/issues/${n}/events`);
const kinds = (list: any[]): string[] => list.map((e) => e.event);

async function mutate(name: string, number: number): Promise<void> {
  const id = (
    await graphqlOk(
      server,
      `{ repository(owner: "alice", name: "pt") { pullRequest(number: ${number}) { id } } }`,
      {},
      alice.token,
    )
  ).data!.repository.pullRequest.id;
  const input =
    name === 'convertPullRequestToDraft' ? 'ConvertPullRequestToDraftInput' : 'MarkPullRequestReadyForReviewInput';
  const answer = await graphqlOk(
    server,
    `mutation($input: ${input}!) { ${name}(input: $input) { pullRequest { isDraft } } }`,
    { input: { pullRequestId: id } },
    alice.token,
  );
  expect(answer.errors).toBeUndefined();
}

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  const bob = await server.createUser('bob');
  const carol = await server.createUser('carol');
  git = await gitCli();
  await call('/user/repos', 'POST', { name: 'pt' });
  const repo = await server.services.repos.find('alice', 'pt');
  for (const user of [bob, carol])
    await server.sql`INSERT INTO collaborators (repository_id, user_id, permission) VALUES (${repo!.id}, ${user.id}, 'write')`;
  work = join(git.home, 'work');
  await git.ok(['init', '--quiet', '-b', 'main', work]);
  await git.ok(['remote', 'add', 'origin', cloneUrl(server.url, 'alice/pt.git', alice.token)], { cwd: work });
  await git.ok(['commit', '--quiet', '--allow-empty', '-m', 'root'], { cwd: work });
  await git.ok(['push', '--quiet', 'origin', 'HEAD:refs/heads/main'], { cwd: work });
  await git.ok(['checkout', '--quiet', '-b', 'feature'], { cwd: work });
  await git.ok(['commit', '--quiet', '--allow-empty', '-m', 'feature'], { cwd: work });
  await git.ok(['push', '--quiet', 'origin', 'feature'], { cwd: work });
  await git.ok(['checkout', '--quiet', '-b', 'second', 'main'], { cwd: work });
  await git.ok(['commit', '--quiet', '--allow-empty', '-m', 'second'], { cwd: work });
  await git.ok(['push', '--quiet', 'origin', 'second'], { cwd: work });
  merged = (await call('/repos/alice/pt/pulls', 'POST', { title: 'Feature', head: 'feature', base: 'main' })).number;
  pushed = (await call('/repos/alice/pt/pulls', 'POST', { title: 'Second', head: 'second', base: 'main' })).number;

  // One step per request, so each event is after the one before.
  const reviewers = `/repos/alice/pt/pulls/${merged}/requested_reviewers`;
  await call(reviewers, 'POST', { reviewers: ['bob', 'carol'] });
  await call(reviewers, 'POST', { reviewers: ['bob'] }); // asked already: no event
  await call(reviewers, 'DELETE', { reviewers: ['carol'] });
  // Refused (the author asked): nothing written.
  expect(
    (await apiCall(server, reviewers, { method: 'POST', token: alice.token, body: { reviewers: ['bob', 'alice'] } }))
      .status,
  ).toBe(422);
  await mutate('convertPullRequestToDraft', merged);
  await mutate('markPullRequestReadyForReview', merged);
  await call('/repos/alice/pt', 'PATCH', { delete_branch_on_merge: true });
  mergeSha = (await call(`/repos/alice/pt/pulls/${merged}/merge`, 'PUT', { merge_method: 'merge' })).sha;
});
afterAll(async () => {
  await server?.close();
  await git?.close();
});

describe('pull request issue events', () => {
  it("are written in order, with the reviewer, the merge commit and GitHub's node ids", async () => {
    const list = await events(merged);
    expect(kinds(list)).toEqual([
      'review_requested',
      'review_requested',
      'review_request_removed',
      'convert_to_draft',
      'ready_for_review',
      'merged',
      'closed',
      'head_ref_deleted',
    ]);
    expect(list.map((e) => e.requested_reviewer?.login)).toEqual([
      'bob',
      'carol',
      'carol',
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    for (const e of list) expect(e.actor.login).toBe('alice');
    for (const e of list.slice(0, 3)) expect(e.review_requester.login).toBe('alice');
    const api = `${server.url}/api/v3/repos/alice/pt`;
    expect(list[5]).toMatchObject({ commit_id: mergeSha, commit_url: `${api}/commits/${mergeSha}` });
    for (const e of list.filter((x) => x.event !== 'merged')) expect([e.commit_id, e.commit_url]).toEqual([null, null]);
    expect(list.map((e) => e.node_id.split('_')[0])).toEqual([
      'RRE',
      'RRE',
      'RRRE',
      'CTDE',
      'RFRE',
      'ME',
      'CE',
      'HRDE',
    ]);
    expect(list[0].url).toBe(`${api}/issues/events/${list[0].id}`);
    // The branch is gone indeed, as the event says.
    expect((await apiCall(server, '/repos/alice/pt/branches/feature', { token: alice.token })).status).toBe(404);
  });

  it("match GitHub's schemas: issue-event, the review request variants, and the timeline's", async () => {
    const list = await events(merged);
    expectBothSchemas(
      list,
      { path: '/repos/{owner}/{repo}/issues/{issue_number}/events', method: 'get' },
      { operationId: 'issues/list-events' },
    );
    for (const e of list) {
      // GitHub's issue-event-for-issue (…/issues/{n}/events), and issue-event (GET …/issues/events/{id}).
      expect(githubComponentErrors('issue-event-for-issue', e), e.event).toBe('');
      expect(githubComponentErrors('issue-event', e), e.event).toBe('');
    }
    for (const e of list.slice(0, 2)) expect(githubComponentErrors('review-requested-issue-event', e)).toBe('');
    expect(githubComponentErrors('review-request-removed-issue-event', list[2])).toBe('');
    const timeline = await call(`/repos/alice/pt/issues/${merged}/timeline`);
    expect(kinds(timeline)).toEqual(kinds(list));
    expectBothSchemas(
      timeline,
      { path: '/repos/{owner}/{repo}/issues/{issue_number}/timeline', method: 'get' },
      { operationId: 'issues/list-events-for-timeline' },
    );
    for (const item of timeline) expect(githubComponentErrors('timeline-issue-events', item), item.event).toBe('');
  });

  it("GET …/issues/events/{id}: each as listed, with its pull request as `issue`, in GitHub's body; 404 elsewhere", async () => {
    const list = await events(merged);
    for (const listed of list) {
      const { json } = await apiSuccess(server, `/repos/alice/pt/issues/events/${listed.id}`, { token: alice.token });
      const { issue, ...event } = json;
      expect(event).toEqual(listed);
      expect(issue).toMatchObject({
        number: merged,
        pull_request: { url: `${server.url}/api/v3/repos/alice/pt/pulls/${merged}` },
      });
      expectBothSchemas(
        json,
        { path: '/repos/{owner}/{repo}/issues/events/{event_id}', method: 'get' },
        { operationId: 'issues/get-event' },
      );
    }
    await call('/user/repos', 'POST', { name: 'other' });
    const elsewhere = `/repos/alice/other/issues/events/${list[0].id}`;
    for (const path of [
      elsewhere,
      '/repos/alice/pt/issues/events/999999',
      '/repos/alice/pt/issues/events/99999999999999999999',
    ]) {
      expect((await apiCall(server, path, { token: alice.token })).status, path).toBe(404);
    }
  });

  it('merged by a push: merged with the new tip and closed; a push deleting the head: head_ref_deleted', async () => {
    expect(kinds(await events(pushed))).toEqual([]);
    // The base moved (the merge above): merged into the head locally, then pushed as the base's new tip.
    await git.ok(['fetch', '--quiet', 'origin', 'main'], { cwd: work });
    await git.ok(['merge', '--quiet', '--no-edit', 'FETCH_HEAD'], { cwd: work });
    const tip = (await git.ok(['rev-parse', 'HEAD'], { cwd: work })).trim();
    await git.ok(['push', '--quiet', 'origin', 'HEAD:main'], { cwd: work });
    let list = await events(pushed);
    expect(kinds(list)).toEqual(['merged', 'closed']);
    expect(list[0]).toMatchObject({ commit_id: tip, actor: { login: 'alice' } });
    await git.ok(['push', '--quiet', 'origin', '--delete', 'second'], { cwd: work });
    list = await events(pushed);
    expect(kinds(list)).toEqual(['merged', 'closed', 'head_ref_deleted']);
    expect(list[2]).toMatchObject({ actor: { login: 'alice' }, commit_id: null });
    // The other pull request's head was another branch: nothing new there.
    expect(kinds(await events(merged)).filter((k) => k === 'head_ref_deleted')).toHaveLength(1);
  });

  it('a branch name used again: the older pull request whose head moved on gets no head_ref_deleted', async () => {
    await git.ok(['checkout', '--quiet', '-b', 'again', 'main'], { cwd: work });
    await git.ok(['commit', '--quiet', '--allow-empty', '-m', 'again'], { cwd: work });
    await git.ok(['push', '--quiet', 'origin', 'again:refs/heads/second'], { cwd: work });
    await git.ok(['push', '--quiet', 'origin', '--delete', 'second'], { cwd: work });
    expect(kinds(await events(pushed))).toEqual(['merged', 'closed', 'head_ref_deleted']);
  });

  it("a reviewer whose account is gone is GitHub's ghost (requested_reviewer is never null)", async () => {
    const dora = await server.createUser('dora');
    const repo = await server.services.repos.find('alice', 'pt');
    await server.sql`INSERT INTO collaborators (repository_id, user_id, permission) VALUES (${repo!.id}, ${dora.id}, 'write')`;
    await git.ok(['checkout', '--quiet', '-b', 'third', 'main'], { cwd: work });
    await git.ok(['commit', '--quiet', '--allow-empty', '-m', 'third'], { cwd: work });
    await git.ok(['push', '--quiet', 'origin', 'third'], { cwd: work });
    const third = (await call('/repos/alice/pt/pulls', 'POST', { title: 'Third', head: 'third', base: 'main' })).number;
    await call(`/repos/alice/pt/pulls/${third}/requested_reviewers`, 'POST', { reviewers: ['dora'] });
    await server.sql`DELETE FROM accounts WHERE id = ${dora.id}`;
    const [requested] = await events(third);
    expect(requested).toMatchObject({ event: 'review_requested', requested_reviewer: { login: 'ghost', id: 10137 } });
    expect(githubComponentErrors('review-requested-issue-event', requested)).toBe('');
  });
});
