// mergePullRequest and requestReviews against the interface their work is
// wired through (pending-mutations.ts), with recording doubles in place of
// the merge and review-request slices: what each mutation hands on (the
// merge method and options; for review requests, `union: false` replacing
// the set and `union: true` adding to it), REST's refusals as UNPROCESSABLE,
// and the payload read after the work. Without work wired: NOT_AVAILABLE
// (pull-mutations.test.ts).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../http/api-error.js';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';
import { pendingPullWork, type MergeRequest } from './pending-mutations.js';
import { branchWith, openPullRequest, repositoryWithReadme } from './pull-fixture.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let pullRequestId: string;

const gql = (query: string, variables: Record<string, unknown> = {}) => graphqlOk(server, query, variables, alice.token);
const MERGE = 'mutation($input: MergePullRequestInput!) { mergePullRequest(input: $input) { clientMutationId actor { login } pullRequest { number title } } }';
const REVIEWS = 'mutation($input: RequestReviewsInput!) { requestReviews(input: $input) { clientMutationId actor { login } pullRequest { number } } }';

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  carol = await server.createUser('carol');
  await repositoryWithReadme(server, alice.token, 'alice', 'proj');
  await branchWith(server, alice.token, 'alice/proj', 'feature', { 'a.txt': 'a\n' });
  await openPullRequest(server, alice.token, 'alice/proj', { title: 'Add a', head: 'feature', base: 'main' });
  pullRequestId = (await gql('{ repository(owner: "alice", name: "proj") { pullRequest(number: 1) { id } } }')).data!.repository.pullRequest.id;
});
afterEach(() => {
  pendingPullWork.merge = null;
  pendingPullWork.reviews = null;
});
afterAll(() => server?.close());

describe('mergePullRequest, wired', () => {
  it('hands on the pull request, the method and the options, then answers the pull request as it is after', async () => {
    const calls: { number: number; repo: string; request: MergeRequest }[] = [];
    pendingPullWork.merge = async (target, request) => {
      calls.push({ number: target.number, repo: target.repo.name, request });
      // What the merge leaves behind, seen by the payload (the request's loaders were cleared).
      await target.services.sql`UPDATE issues SET title = 'Merged title' WHERE repository_id = ${target.repo.id} AND number = ${target.number}`;
    };
    const body = await gql(MERGE, { input: {
      pullRequestId, clientMutationId: 'm', mergeMethod: 'SQUASH', commitHeadline: 'Squashed', commitBody: 'All of it', expectedHeadOid: 'a'.repeat(40),
    } });
    expect(body.errors).toBeUndefined();
    expect(body.data!.mergePullRequest).toEqual({ clientMutationId: 'm', actor: { login: 'alice' }, pullRequest: { number: 1, title: 'Merged title' } });
    expect(calls).toEqual([{ number: 1, repo: 'proj', request: { method: 'squash', commitTitle: 'Squashed', commitMessage: 'All of it', sha: 'a'.repeat(40) } }]);
    await gql(MERGE, { input: { pullRequestId } });
    expect(calls[1]!.request).toEqual({ method: 'merge' });
  });

  it("answers REST's refusals (405, 409) as UNPROCESSABLE with their message", async () => {
    pendingPullWork.merge = async () => { throw new ApiError(405, 'Pull Request is not mergeable'); };
    const refused = await gql(MERGE, { input: { pullRequestId } });
    expect(refused.errors?.[0]).toMatchObject({ type: 'UNPROCESSABLE', message: 'Pull Request is not mergeable' });
    pendingPullWork.merge = async () => { throw new ApiError(409, 'Head branch was modified. Review and try the merge again.'); };
    expect((await gql(MERGE, { input: { pullRequestId } })).errors?.[0]?.type).toBe('UNPROCESSABLE');
  });
});

describe('requestReviews, wired', () => {
  it('replaces the set without `union`, adds to it with `union: true`', async () => {
    const ids = await graphqlOk(server, '{ bob: viewer { id } }', {}, bob.token);
    const carolId = (await graphqlOk(server, '{ viewer { id } }', {}, carol.token)).data!.viewer.id;
    let requested = ['carol'];
    const log: string[] = [];
    pendingPullWork.reviews = {
      requested: async (_events, number) => (number === 1 ? [...requested] : []),
      request: async (_events, _repos, number, logins) => { log.push(`request ${number} ${logins.join(',')}`); requested = [...requested, ...logins]; },
      remove: async (_events, _repos, number, logins) => { log.push(`remove ${number} ${logins.join(',')}`); requested = requested.filter((l) => !logins.includes(l)); },
    };
    const replaced = await gql(REVIEWS, { input: { pullRequestId, userIds: [ids.data!.bob.id] } });
    expect(replaced.errors).toBeUndefined();
    expect(replaced.data!.requestReviews).toMatchObject({ actor: { login: 'alice' }, pullRequest: { number: 1 } });
    expect(log).toEqual(['remove 1 carol', 'request 1 bob']);
    await gql(REVIEWS, { input: { pullRequestId, userIds: [carolId], union: true } });
    expect(log.slice(2)).toEqual(['request 1 carol']);
    expect(requested).toEqual(['bob', 'carol']);
  });

  it("answers REST's 422 as UNPROCESSABLE, and NOT_FOUND for an unknown user", async () => {
    pendingPullWork.reviews = {
      requested: async () => [],
      request: async () => { throw new ApiError(422, 'Validation Failed', [{ resource: 'PullRequest', field: 'reviewers', code: 'custom', message: 'Review cannot be requested from pull request author.' }]); },
      remove: async () => undefined,
    };
    const self = (await gql('{ viewer { id } }')).data!.viewer.id;
    expect((await gql(REVIEWS, { input: { pullRequestId, userIds: [self] } })).errors?.[0]).toMatchObject({
      type: 'UNPROCESSABLE', message: 'Review cannot be requested from pull request author.',
    });
    expect((await gql(REVIEWS, { input: { pullRequestId, userIds: ['U_nope'] } })).errors?.[0]?.type).toBe('NOT_FOUND');
  });
});
