// Pull requests with heads elsewhere in a fork network, with the real git CLI
// over HTTP: into bob's fork from the parent's branch, into carol's sibling
// fork from bob's (one push to bob's fork moves the pull requests of both
// bases), heads outside the network refused, and private forks read only by
// their readers. The set-up pushes bob's `fix` to his fork and opens a pull
// request from it in the parent, as a fork's contributor would first have.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCollaborator } from '../collaborators/collaborators.js';
import { apiOk } from '../test-support/api-call.js';
import { startForkScenario, type ForkScenario } from '../test-support/fork-scenario.js';
import type { GitCli } from '../test-support/git-cli.js';
import { graphqlOk } from '../test-support/graphql-call.js';
import type { TestServer, TestUser } from '../test-support/test-server.js';
import { actions } from '../test-support/webhook-outbox.js';

let scenario: ForkScenario;
let server: TestServer;
let alice: TestUser; // owns the parent
let bob: TestUser; // forks it
let carol: TestUser; // forks it too (a sibling)
let dave: TestUser; // unrelated
let git: GitCli;
let parentEvents: ForkScenario['parentEvents'];
let bobWork: string;
let call: ForkScenario['call'];
let open: ForkScenario['open'];
let cloneAs: ForkScenario['cloneAs'];
let commitAndPush: ForkScenario['commitAndPush'];

beforeAll(async () => {
  scenario = await startForkScenario();
  ({ server, alice, bob, carol, dave, git, parentEvents, bobWork, call, open, cloneAs, commitAndPush } = scenario);
  await commitAndPush(bobWork, 'fix', 'fix.txt', 'one\ntwo\n');
  await apiOk(server, '/repos/alice/proj/pulls', {
    method: 'POST',
    token: bob.token,
    body: { title: 'Fix', head: 'bob:fix', base: 'main' },
  });
  await parentEvents();
});
afterAll(async () => {
  await scenario?.close();
});

describe('heads elsewhere in the network', () => {
  it("opens in a fork from the parent's branch, and in a sibling fork from bob's", async () => {
    const aliceWork = join(git.home, 'alice');
    await commitAndPush(aliceWork, 'upstream', 'up.txt', 'up\n');
    const intoFork = await open(
      'bob/proj',
      { title: 'From upstream', head: 'alice:upstream', base: 'main' },
      bob.token,
    );
    expect(intoFork.status, JSON.stringify(intoFork.json)).toBe(201);
    expect(intoFork.json.head).toMatchObject({ label: 'alice:upstream', repo: { full_name: 'alice/proj' } });
    const forkId = intoFork.json.base.repo.id;
    expect(await server.services.git.resolveRef(forkId, `refs/pull/${intoFork.json.number}/head`)).toBe(
      intoFork.json.head.sha,
    );
    const sibling = await open(
      'carol/proj',
      { title: 'From bob', head: 'bob:fix', base: 'main', head_repo: 'bob/proj' },
      carol.token,
    );
    expect(sibling.status, JSON.stringify(sibling.json)).toBe(201);
    expect(sibling.json.head.repo.full_name).toBe('bob/proj');
    // One push to bob's fork moves the pull requests of both bases (carol/proj has no hook: its ref and row tell).
    await parentEvents();
    const after = await commitAndPush(bobWork, 'fix', 'fix.txt', 'four\n');
    const moved = await parentEvents();
    expect(actions(moved)).toEqual(['pull_request.synchronize']);
    expect(moved[0]!.payload.after).toBe(after);
    expect(
      await server.services.git.resolveRef(sibling.json.base.repo.id, `refs/pull/${sibling.json.number}/head`),
    ).toBe(after);
    expect((await call(`/repos/carol/proj/pulls/${sibling.json.number}`)).json.head.sha).toBe(after);
  });

  it('refuses heads outside the network, unknown branches and a head_repo of another owner', async () => {
    await apiOk(server, '/user/repos', { method: 'POST', token: dave.token, body: { name: 'proj', auto_init: true } });
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'x', head: 'dave:main', base: 'main' }, 'head'],
      [{ title: 'x', head: 'bob:nope', base: 'main' }, 'head'],
      [{ title: 'x', head: 'nobody:fix', base: 'main' }, 'head'],
      [{ title: 'x', head: 'bob:fix', base: 'main', head_repo: 'carol/proj' }, 'head_repo'],
      [{ title: 'x', head: 'dave:main', base: 'main', head_repo: 'dave/proj' }, 'head_repo'],
    ];
    for (const [body, field] of cases) {
      const { status, json } = await open('alice/proj', body, dave.token);
      expect(status, JSON.stringify(body)).toBe(422);
      expect(json.errors, JSON.stringify(body)).toEqual([
        expect.objectContaining({ resource: 'PullRequest', field, code: 'invalid' }),
      ]);
    }
    expect(await parentEvents()).toEqual([]);
  });

  it('needs read access to a private fork', async () => {
    const secret = await apiOk(server, '/user/repos', {
      method: 'POST',
      token: alice.token,
      body: { name: 'secret', private: true, auto_init: true },
    });
    await setCollaborator(server.sql, secret.id, bob.id, 'read');
    await setCollaborator(server.sql, secret.id, carol.id, 'read');
    expect((await call('/repos/alice/secret/forks', { method: 'POST', token: bob.token })).status).toBe(202);
    const work = await cloneAs(bob, 'bob/secret', 'bob-secret');
    await commitAndPush(work, 'hidden', 'h.txt', 'h\n');
    await commitAndPush(work, 'hidden-too', 'h2.txt', 'h2\n');
    // A reader of the private upstream reads its private forks (they inherit its readers).
    const opened = await open('alice/secret', { title: 'Hidden', head: 'bob:hidden', base: 'main' }, carol.token);
    expect(opened.status).toBe(201);
    expect(opened.json.head.repo).toMatchObject({ full_name: 'bob/secret', private: true });
    // Made public, the upstream lends its readers no more: bob's fork stays private, and carol cannot read it.
    await apiOk(server, '/repos/alice/secret', { method: 'PATCH', token: alice.token, body: { private: false } });
    const refused = await open('alice/secret', { title: 'x', head: 'bob:hidden-too', base: 'main' }, carol.token);
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual([expect.objectContaining({ field: 'head', code: 'invalid' })]);
    const hidden = await open('alice/secret', { title: 'Hidden too', head: 'bob:hidden-too', base: 'main' }, bob.token);
    expect(hidden.status).toBe(201);

    // carol reads alice/secret but not bob's fork: its head repository is null
    // to her, as if deleted, as GraphQL's headRepository is.
    expect((await call('/repos/bob/secret', { token: carol.token })).status).toBeGreaterThanOrEqual(400);
    const { number } = hidden.json;
    const asCarol = await apiOk(server, `/repos/alice/secret/pulls/${number}`, { token: carol.token });
    expect(asCarol.head).toEqual({
      label: 'unknown:hidden-too',
      ref: 'hidden-too',
      sha: hidden.json.head.sha,
      user: null,
      repo: null,
    });
    expect(asCarol.base.repo).toMatchObject({ full_name: 'alice/secret' });
    expect((await apiOk(server, '/repos/alice/secret/pulls', { token: carol.token }))[0].head.repo).toBeNull();
    const graphql = await graphqlOk(
      server,
      `{ repository(owner: "alice", name: "secret") { pullRequest(number: ${number}) { headRepository { id } headRefName } } }`,
      {},
      carol.token,
    );
    expect(graphql.data!.repository.pullRequest).toEqual({ headRepository: null, headRefName: 'hidden-too' });
    // bob, who owns the fork, still sees it, in reads and in the answer to his edit.
    expect((await apiOk(server, `/repos/alice/secret/pulls/${number}`, { token: bob.token })).head.repo).toMatchObject({
      full_name: 'bob/secret',
    });
    const edited = await apiOk(server, `/repos/alice/secret/pulls/${number}`, {
      method: 'PATCH',
      token: bob.token,
      body: { title: 'Hidden, edited' },
    });
    expect(edited.head.repo).toMatchObject({ full_name: 'bob/secret' });
  });
});
