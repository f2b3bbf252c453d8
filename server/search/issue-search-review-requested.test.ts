// GET /search/issues with `review-requested:` and `user-review-requested:`:
// pull requests whose review is still asked of the user (a submitted review
// ends the request, as on GitHub), `@me` as the caller, negation, several at
// once, and GitHub's 422 for a name nobody has or an anonymous `@me`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branchWith, openPullRequest, repositoryWithReadme, rest } from '../test-support/graphql/pull-fixture.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser; // owns proj
let bob: TestUser;
let carol: TestUser;

const search = async (q: string, token?: string) => {
  const res = await server.api(`/search/issues?q=${encodeURIComponent(q)}`, { token });
  return { status: res.status, json: await res.json() };
};
const numbers = async (q: string, token = alice.token) => {
  const { status, json } = await search(`repo:alice/proj ${q}`, token);
  expect(status, `${q}: ${JSON.stringify(json)}`).toBe(200);
  return json.items.map((item: { number: number }) => item.number).sort();
};

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off', WHARF_RATE_LIMIT_SEARCH_AUTHENTICATED: '100000' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  carol = await server.createUser('carol');
  const proj = await repositoryWithReadme(server, alice.token, 'alice', 'proj');
  await server.sql`INSERT INTO collaborators (repository_id, user_id, permission) VALUES (${proj}, ${bob.id}, 'write'), (${proj}, ${carol.id}, 'write')`;
  const pull = async (token: string, branch: string) => {
    await branchWith(server, alice.token, 'alice/proj', branch, { [`${branch}.txt`]: `${branch}\n` });
    return openPullRequest(server, token, 'alice/proj', { title: branch, head: branch, base: 'main' });
  };
  // #1 asks bob; #2 asks bob and carol; #3 is an issue; #4 (bob's) asked alice, who then reviewed it.
  expect(await pull(alice.token, 'one')).toBe(1);
  await rest(server, alice.token, 'POST', '/repos/alice/proj/pulls/1/requested_reviewers', { reviewers: ['bob'] });
  expect(await pull(alice.token, 'two')).toBe(2);
  await rest(server, alice.token, 'POST', '/repos/alice/proj/pulls/2/requested_reviewers', {
    reviewers: ['bob', 'carol'],
  });
  await rest(server, alice.token, 'POST', '/repos/alice/proj/issues', { title: 'An issue' });
  expect(await pull(bob.token, 'four')).toBe(4);
  await rest(server, bob.token, 'POST', '/repos/alice/proj/pulls/4/requested_reviewers', { reviewers: ['alice'] });
});
afterAll(() => server?.close());

describe('review-requested:', () => {
  it("finds the pull requests awaiting the user's review, either spelling", async () => {
    expect(await numbers('review-requested:bob')).toEqual([1, 2]);
    expect(await numbers('review-requested:@carol')).toEqual([2]);
    expect(await numbers('user-review-requested:CAROL')).toEqual([2]);
    expect(await numbers('review-requested:alice')).toEqual([4]);
  });

  it('takes @me as the caller, negation and several users (all must be asked)', async () => {
    expect(await numbers('review-requested:@me', bob.token)).toEqual([1, 2]);
    expect(await numbers('is:pr is:open review-requested:@me', carol.token)).toEqual([2]);
    expect(await numbers('review-requested:bob review-requested:carol')).toEqual([2]);
    expect(await numbers('is:pr -review-requested:carol')).toEqual([1, 4]);
    expect(await numbers('-review-requested:bob')).toEqual([3, 4]);
  });

  it('no longer finds a pull request once the user has reviewed it', async () => {
    await rest(server, alice.token, 'POST', '/repos/alice/proj/pulls/4/reviews', {
      event: 'COMMENT',
      body: 'Looks fine.',
    });
    expect(await numbers('review-requested:alice')).toEqual([]);
    expect(await numbers('review-requested:@me')).toEqual([]);
  });

  it('is 422 for an unknown user, any user (*) or an anonymous @me', async () => {
    for (const [q, token] of [
      ['review-requested:nobody-here', alice.token],
      ['user-review-requested:*', alice.token],
      ['review-requested:@me', undefined],
    ] as const) {
      const { status, json } = await search(`repo:alice/proj ${q}`, token);
      expect(status, q).toBe(422);
      expect(json.errors, q).toEqual([
        expect.objectContaining({ resource: 'Search', field: 'q', code: 'invalid', message: expect.any(String) }),
      ]);
    }
  });
});
