// Lists of pull requests over GraphQL: Repository.pullRequests filtered by
// states, head and base, and labels, paged both ways; issue lists and
// issue(number) without pull requests, issueOrPullRequest with both. One pull
// request and node(id): pull-request-query.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { startPullQueryScenario } from '../../test-support/graphql/pull-query-scenario.js';
import type { TestServer, TestUser } from '../../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;

const gql = (query: string, variables: Record<string, unknown> = {}, token = alice.token) =>
  graphqlOk(server, query, variables, token);

beforeAll(async () => {
  ({ server, alice } = await startPullQueryScenario());
});
afterAll(() => server?.close());

describe('Repository.pullRequests', () => {
  const list = async (args: string, token = alice.token) => {
    const body = await gql(
      `{ repository(owner: "alice", name: "proj") { pullRequests(${args}) {
      totalCount nodes { number } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } } }`,
      {},
      token,
    );
    expect(body.errors).toBeUndefined();
    return body.data!.repository.pullRequests;
  };
  const numbers = async (args: string) => (await list(args)).nodes.map((n: { number: number }) => n.number);

  it('lists pull requests only, oldest first, filtered by state, head, base and labels', async () => {
    expect(await numbers('first: 10')).toEqual([1, 3, 4]);
    expect(await numbers('first: 10, states: [OPEN]')).toEqual([1]);
    expect(await numbers('first: 10, states: [CLOSED]')).toEqual([3]);
    expect(await numbers('first: 10, states: [MERGED]')).toEqual([4]);
    expect(await numbers('first: 10, states: [CLOSED, MERGED]')).toEqual([3, 4]);
    expect(await numbers('first: 10, headRefName: "fix"')).toEqual([3]);
    expect(await numbers('first: 10, baseRefName: "main", headRefName: "nope"')).toEqual([]);
    expect(await numbers('first: 10, baseRefName: "main"')).toEqual([1, 3, 4]);
    expect(await numbers('first: 10, labels: ["BUG"]')).toEqual([1]);
    expect(await numbers('first: 10, orderBy: {field: CREATED_AT, direction: DESC}')).toEqual([4, 3, 1]);
  });

  it('pages forwards and backwards', async () => {
    const first = await list('first: 2');
    expect(first).toMatchObject({
      totalCount: 3,
      nodes: [{ number: 1 }, { number: 3 }],
      pageInfo: { hasNextPage: true, hasPreviousPage: false },
    });
    const next = await list(`first: 2, after: "${first.pageInfo.endCursor}"`);
    expect(next).toMatchObject({ nodes: [{ number: 4 }], pageInfo: { hasNextPage: false, hasPreviousPage: true } });
    expect(await numbers('last: 2')).toEqual([3, 4]);
    expect(await numbers(`last: 1, before: "${next.pageInfo.startCursor}"`)).toEqual([3]);
    const count = await gql(
      '{ repository(owner: "alice", name: "proj") { pullRequests(states: [OPEN, CLOSED]) { totalCount } } }',
    );
    expect(count.data!.repository.pullRequests.totalCount).toBe(2);
    const unbounded = await gql('{ repository(owner: "alice", name: "proj") { pullRequests { nodes { number } } } }');
    expect(unbounded.errors?.[0]?.type).toBe('MISSING_PAGINATION_BOUNDARIES');
  });

  it('issue lists and issue(number) leave pull requests out; issueOrPullRequest answers both', async () => {
    const body = await gql(
      `{ repository(owner: "alice", name: "proj") {
      issues(first: 10) { totalCount nodes { number } }
      issue(number: 1) { number }
      a: issueOrPullRequest(number: 1) { __typename ... on PullRequest { headRefName } }
      b: issueOrPullRequest(number: 2) { __typename ... on Issue { title } }
      c: issueOrPullRequest(number: 9) { __typename } }
      label(name: "bug") { issues(first: 5) { totalCount } } } }`.replace('} }\n      label', '}\n      label'),
    );
    expect(body.errors).toEqual([
      expect.objectContaining({
        type: 'NOT_FOUND',
        path: ['repository', 'issue'],
        message: 'Could not resolve to an Issue with the number of 1.',
      }),
      expect.objectContaining({
        type: 'NOT_FOUND',
        path: ['repository', 'c'],
        message: 'Could not resolve to an issue or pull request with the number of 9.',
      }),
    ]);
    expect(body.data!.repository).toEqual({
      issues: { totalCount: 1, nodes: [{ number: 2 }] },
      issue: null,
      a: { __typename: 'PullRequest', headRefName: 'feature' },
      b: { __typename: 'Issue', title: 'Just an issue' },
      c: null,
      label: { issues: { totalCount: 0 } },
    });
  });
});
