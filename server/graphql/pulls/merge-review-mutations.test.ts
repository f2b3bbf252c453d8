// mergePullRequest and requestReviews doing REST's work for real: a merge
// commit and a squash on main (the payload's PullRequest MERGED with its
// mergeCommit; `push` and `pull_request` closed merged:true in the outbox),
// review requests replaced or added to (`union`) with review_requested /
// review_request_removed, and REST's rules and refusals: push access to
// merge, the author or triage to request, a stale head and the author as a
// reviewer as UNPROCESSABLE with REST's messages, changing nothing. The
// outbox reader checks every payload against GitHub's webhook schemas.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';
import { actions, outboxReader, type QueuedEvent } from '../../test-support/webhook-outbox.js';
import { branchWith, openPullRequest, repositoryWithReadme, rest } from '../../test-support/graphql/pull-fixture.js';

let server: TestServer;
let alice: TestUser; // owner
let bob: TestUser; // write collaborator
let carol: TestUser; // read collaborator: may open pull requests, not merge
let dave: TestUser; // no rights (a public repository: may read)
let newEvents: () => Promise<QueuedEvent[]>;

const gql = (query: string, variables: Record<string, unknown>, token = alice.token) =>
  graphqlOk(server, query, variables, token);

async function mutate(query: string, input: Record<string, unknown>, token = alice.token) {
  const body = await gql(query, { input: { clientMutationId: 'cm', ...input } }, token);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  const [payload] = Object.values(body.data!);
  expect(payload.clientMutationId).toBe('cm');
  return payload;
}

async function refused(query: string, input: Record<string, unknown>, token = alice.token) {
  const body = await gql(query, { input }, token);
  expect(body.data ? Object.values(body.data)[0] : null).toBeNull();
  return body.errors![0]!;
}

const MERGE = `mutation($input: MergePullRequestInput!) { mergePullRequest(input: $input) { clientMutationId actor { login }
  pullRequest { state merged closed headRefOid mergedBy { login }
    mergeCommit { oid messageHeadline messageBody parents(first: 3) { nodes { oid } } } } } }`;
const REVIEWS =
  'mutation($input: RequestReviewsInput!) { requestReviews(input: $input) { clientMutationId actor { login } pullRequest { number } } }';

const mainSha = async () =>
  (await rest(server, alice.token, 'GET', '/repos/alice/proj/git/ref/heads/main')).object.sha as string;
const pullId = async (number: number) =>
  (await gql(`{ repository(owner: "alice", name: "proj") { pullRequest(number: ${number}) { id } } }`, {})).data!
    .repository.pullRequest.id as string;
const userId = async (user: TestUser) => (await gql('{ viewer { id } }', {}, user.token)).data!.viewer.id as string;
const requested = async (number: number) =>
  (
    (await rest(server, alice.token, 'GET', `/repos/alice/proj/pulls/${number}/requested_reviewers`)).users as {
      login: string;
    }[]
  ).map((u) => u.login);

/** A branch with one new file and a pull request of it against main by `author`; its number, id and head. */
async function pullOf(branch: string, author = alice, draft = false) {
  const head = await branchWith(server, alice.token, 'alice/proj', branch, { [`${branch}.txt`]: `${branch}\n` });
  const number = await openPullRequest(server, author.token, 'alice/proj', {
    title: `Add ${branch}`,
    head: branch,
    base: 'main',
    draft,
  });
  await newEvents();
  return { number, id: await pullId(number), head };
}

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  carol = await server.createUser('carol');
  dave = await server.createUser('dave');
  const repoId = await repositoryWithReadme(server, alice.token, 'alice', 'proj');
  await rest(server, alice.token, 'POST', '/repos/alice/proj/hooks', {
    config: { url: 'https://example.com/hook' },
    events: ['push', 'pull_request'],
  });
  await server.sql`INSERT INTO collaborators (repository_id, user_id, permission) VALUES (${repoId}, ${bob.id}, 'write'), (${repoId}, ${carol.id}, 'read')`;
  newEvents = outboxReader(server, { repositoryIds: [repoId] });
  await newEvents();
});
afterAll(() => server?.close());

describe('mergePullRequest', () => {
  it('MERGE: a two-parent merge commit on main, the pull request MERGED, with push and pull_request.closed (merged)', async () => {
    const pull = await pullOf('m1');
    const base = await mainSha();
    const payload = await mutate(
      MERGE,
      { pullRequestId: pull.id, mergeMethod: 'MERGE', expectedHeadOid: pull.head },
      bob.token,
    );
    const tip = await mainSha();
    expect(payload).toEqual({
      clientMutationId: 'cm',
      actor: { login: 'bob' },
      pullRequest: {
        state: 'MERGED',
        merged: true,
        closed: true,
        headRefOid: pull.head,
        mergedBy: { login: 'bob' },
        mergeCommit: {
          oid: tip,
          messageHeadline: `Merge pull request #${pull.number} from alice/m1`,
          messageBody: 'Add m1',
          parents: { nodes: [{ oid: base }, { oid: pull.head }] },
        },
      },
    });
    const events = await newEvents();
    expect(actions(events)).toEqual(['push', 'pull_request.closed']);
    expect(events[0]!.payload).toMatchObject({ ref: 'refs/heads/main', before: base, after: tip });
    expect(events[1]!.payload.pull_request).toMatchObject({
      number: pull.number,
      state: 'closed',
      merged: true,
      merge_commit_sha: tip,
      merged_by: { login: 'bob' },
    });
    expect(await rest(server, alice.token, 'GET', `/repos/alice/proj/pulls/${pull.number}`)).toMatchObject({
      merged: true,
      merge_commit_sha: tip,
    });
  });

  it('SQUASH: one commit on main with the headline and body given', async () => {
    const pull = await pullOf('s1');
    const base = await mainSha();
    const payload = await mutate(MERGE, {
      pullRequestId: pull.id,
      mergeMethod: 'SQUASH',
      commitHeadline: 'Squashed s1',
      commitBody: 'All of s1',
      authorEmail: 'alice@example.com',
    });
    const tip = await mainSha();
    expect(tip).not.toBe(base);
    expect(payload.pullRequest).toMatchObject({
      state: 'MERGED',
      merged: true,
      headRefOid: pull.head,
      mergedBy: { login: 'alice' },
      mergeCommit: {
        oid: tip,
        messageHeadline: 'Squashed s1',
        messageBody: 'All of s1',
        parents: { nodes: [{ oid: base }] },
      },
    });
    const events = await newEvents();
    expect(actions(events)).toEqual(['push', 'pull_request.closed']);
    expect(events[0]!.payload.after).toBe(tip);
    expect(events[1]!.payload.pull_request).toMatchObject({ merged: true, merge_commit_sha: tip });
  });

  it("refuses a stale expectedHeadOid, a draft (REST's messages, UNPROCESSABLE) and a read-only caller, changing nothing", async () => {
    const pull = await pullOf('m2');
    const draft = await pullOf('d1', alice, true);
    const base = await mainSha();
    expect(await refused(MERGE, { pullRequestId: pull.id, expectedHeadOid: base })).toEqual(
      expect.objectContaining({
        type: 'UNPROCESSABLE',
        message: 'Head branch was modified. Review and try the merge again.',
      }),
    );
    expect(await refused(MERGE, { pullRequestId: draft.id })).toMatchObject({
      type: 'UNPROCESSABLE',
      message: 'Pull Request is still a draft',
    });
    expect(await refused(MERGE, { pullRequestId: pull.id }, carol.token)).toMatchObject({
      type: 'FORBIDDEN',
      message: 'carol does not have the correct permissions to execute `MergePullRequest`',
    });
    expect((await refused(MERGE, { pullRequestId: 'PR_nope' })).type).toBe('NOT_FOUND');
    expect(await mainSha()).toBe(base);
    expect((await rest(server, alice.token, 'GET', `/repos/alice/proj/pulls/${pull.number}`)).merged).toBe(false);
    expect(await newEvents()).toEqual([]);
  });
});

describe('requestReviews', () => {
  it('replaces the requested set (union false), adds to it (union true), as the read-only author', async () => {
    const pull = await pullOf('r1', carol);
    const [aliceId, bobId] = [await userId(alice), await userId(bob)];
    const asked = await mutate(REVIEWS, { pullRequestId: pull.id, userIds: [aliceId, bobId] }, carol.token);
    expect(asked).toMatchObject({ actor: { login: 'carol' }, pullRequest: { number: pull.number } });
    let events = await newEvents();
    expect(actions(events)).toEqual(['pull_request.review_requested', 'pull_request.review_requested']);
    expect(events.map((e) => e.payload.requested_reviewer.login)).toEqual(['alice', 'bob']);
    expect(await requested(pull.number)).toEqual(['alice', 'bob']);

    await mutate(REVIEWS, { pullRequestId: pull.id, userIds: [bobId], union: false });
    events = await newEvents();
    expect(actions(events)).toEqual(['pull_request.review_request_removed']);
    expect(events[0]!.payload.requested_reviewer.login).toBe('alice');
    expect(await requested(pull.number)).toEqual(['bob']);

    await mutate(REVIEWS, { pullRequestId: pull.id, userIds: [aliceId, bobId], union: true });
    events = await newEvents();
    expect(actions(events)).toEqual(['pull_request.review_requested']);
    expect(events[0]!.payload.requested_reviewer.login).toBe('alice');
    expect(await requested(pull.number)).toEqual(['bob', 'alice']);

    // Asked later, alice comes after bob now (the order they were asked). Nothing to change: no event.
    await mutate(REVIEWS, { pullRequestId: pull.id, userIds: [bobId], union: true });
    expect(await newEvents()).toEqual([]);
  });

  it('refuses the author as a reviewer as REST does (nothing withdrawn either), and callers neither author nor triage', async () => {
    const pull = await pullOf('r2', carol);
    const [carolId, bobId] = [await userId(carol), await userId(bob)];
    await mutate(REVIEWS, { pullRequestId: pull.id, userIds: [bobId] });
    await newEvents();
    expect(await refused(REVIEWS, { pullRequestId: pull.id, userIds: [carolId] })).toMatchObject({
      type: 'UNPROCESSABLE',
      message: 'Review cannot be requested from pull request author.',
    });
    expect(await refused(REVIEWS, { pullRequestId: pull.id, userIds: [await userId(dave)] })).toMatchObject({
      type: 'UNPROCESSABLE',
      message: expect.stringContaining('Reviews may only be requested from collaborators.'),
    });
    expect(await refused(REVIEWS, { pullRequestId: pull.id, userIds: [] }, dave.token)).toMatchObject({
      type: 'FORBIDDEN',
      message: 'dave does not have the correct permissions to execute `RequestReviews`',
    });
    expect((await refused(REVIEWS, { pullRequestId: pull.id, userIds: ['U_nope'] })).type).toBe('NOT_FOUND');
    expect(await requested(pull.number)).toEqual(['bob']);
    expect(await newEvents()).toEqual([]);
  });
});
