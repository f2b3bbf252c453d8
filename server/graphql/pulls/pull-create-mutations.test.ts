// GraphQL's createPullRequest opens what REST opens and emits what REST emits,
// in the same transaction: its payload (clientMutationId echoed), REST's rules
// (anyone who can read; GitHub's 422s as UNPROCESSABLE), pull_request.opened
// queued, valid against GitHub's published schema; from a fork in the base's
// network too. What the other pull request mutations change:
// pull-change-mutations.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branchWith, repositoryWithReadme, rest } from '../../test-support/graphql/pull-fixture.js';
import {
  CREATE,
  startPullMutationScenario,
  type PullMutationScenario,
} from '../../test-support/graphql/pull-mutation-scenario.js';
import type { TestServer, TestUser } from '../../test-support/test-server.js';
import { actions, type QueuedEvent } from '../../test-support/webhook-outbox.js';

let scenario: PullMutationScenario;
let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let repoId: string;
let newEvents: () => Promise<QueuedEvent[]>;

const gql: PullMutationScenario['gql'] = (...args) => scenario.gql(...args);
const mutate: PullMutationScenario['mutate'] = (...args) => scenario.mutate(...args);
const refused: PullMutationScenario['refused'] = (...args) => scenario.refused(...args);

beforeAll(async () => {
  scenario = await startPullMutationScenario();
  ({ server, alice, bob, repoId, newEvents } = scenario);
});
afterAll(() => server?.close());

describe('createPullRequest', () => {
  it('opens a pull request as REST does, with pull_request.opened', async () => {
    const payload = await mutate(CREATE, {
      repositoryId: repoId,
      baseRefName: 'main',
      headRefName: 'feature',
      title: 'Add a and b',
      body: 'Two files',
      draft: true,
    });
    expect(payload.pullRequest).toMatchObject({
      number: 1,
      title: 'Add a and b',
      body: 'Two files',
      state: 'OPEN',
      isDraft: true,
      maintainerCanModify: true,
      headRefName: 'feature',
      baseRefName: 'main',
      author: { login: 'alice' },
      commits: { totalCount: 2 },
    });
    const events = await newEvents();
    expect(actions(events)).toEqual(['pull_request.opened']);
    expect(events[0]!.payload.pull_request).toMatchObject({
      number: 1,
      draft: true,
      node_id: payload.pullRequest.id,
      maintainer_can_modify: true,
    });
    const rested = await rest(server, alice.token, 'GET', '/repos/alice/proj/pulls/1');
    expect(rested).toMatchObject({ title: 'Add a and b', draft: true, head: { ref: 'feature' } });
  });

  it("answers GitHub's refusals as UNPROCESSABLE, and NOT_FOUND for a repository nobody may see", async () => {
    const base = { repositoryId: repoId, baseRefName: 'main', headRefName: 'fix', title: 'Fix' };
    expect(await refused(CREATE, { ...base, headRefName: 'feature' })).toMatchObject({
      type: 'UNPROCESSABLE',
      message: expect.stringContaining('already exists'),
    });
    expect(await refused(CREATE, { ...base, headRefName: 'develop' })).toMatchObject({
      type: 'UNPROCESSABLE',
      message: 'No commits between main and develop',
    });
    expect((await refused(CREATE, { ...base, headRefName: 'nope' })).type).toBe('UNPROCESSABLE');
    expect((await refused(CREATE, { ...base, baseRefName: 'nope' })).type).toBe('UNPROCESSABLE');
    expect(await refused(CREATE, { ...base, title: '  ' })).toMatchObject({
      type: 'UNPROCESSABLE',
      message: "Title can't be blank",
    });
    expect((await refused(CREATE, { ...base, repositoryId: 'R_nope' })).type).toBe('NOT_FOUND');
    expect(await newEvents()).toEqual([]);
  });

  it('lets anyone who can read open one', async () => {
    const payload = await mutate(
      CREATE,
      { repositoryId: repoId, baseRefName: 'main', headRefName: 'fix', title: 'Fix c' },
      bob.token,
    );
    expect(payload.pullRequest).toMatchObject({ number: 2, author: { login: 'bob' }, isDraft: false });
    expect(actions(await newEvents())).toEqual(['pull_request.opened']);
  });
});

describe('createPullRequest from a fork', () => {
  it("opens one with headRepositoryId in the base's network, its head copied into the base; UNPROCESSABLE outside it", async () => {
    expect(await rest(server, bob.token, 'POST', '/repos/alice/proj/forks', { name: 'proj-fork' })).toMatchObject({
      full_name: 'bob/proj-fork',
    });
    const head = await branchWith(server, bob.token, 'bob/proj-fork', 'forked', { 'forked.txt': 'from the fork\n' });
    const forkId = (await gql('{ repository(owner: "bob", name: "proj-fork") { id } }', {}, bob.token)).data!.repository
      .id;
    await newEvents();
    const payload = await mutate(
      CREATE,
      {
        repositoryId: repoId,
        headRepositoryId: forkId,
        baseRefName: 'main',
        headRefName: 'forked',
        title: 'From the fork',
      },
      bob.token,
    );
    expect(payload.pullRequest).toMatchObject({
      headRefName: 'forked',
      author: { login: 'bob' },
      commits: { totalCount: 1 },
      maintainerCanModify: true,
    });
    const node = (
      await gql(
        `query($id: ID!) { node(id: $id) { ... on PullRequest { number headRepository { nameWithOwner } isCrossRepository } } }`,
        { id: payload.pullRequest.id },
      )
    ).data!.node;
    expect(node).toMatchObject({ headRepository: { nameWithOwner: 'bob/proj-fork' }, isCrossRepository: true });
    const [opened] = await newEvents();
    expect(opened).toMatchObject({
      action: 'opened',
      payload: { pull_request: { head: { label: 'bob:forked', sha: head, repo: { full_name: 'bob/proj-fork' } } } },
    });
    // The base holds the head's commit: refs/pull/{n}/head.
    expect(
      (await rest(server, alice.token, 'GET', `/repos/alice/proj/git/ref/pull/${node.number}/head`)).object.sha,
    ).toBe(head);
    // A repository outside the network is refused as REST refuses it.
    await repositoryWithReadme(server, bob.token, 'bob', 'unrelated');
    await branchWith(server, bob.token, 'bob/unrelated', 'forked', { 'x.txt': 'x\n' });
    const unrelatedId = (await gql('{ repository(owner: "bob", name: "unrelated") { id } }', {}, bob.token)).data!
      .repository.id;
    expect(
      (
        await refused(
          CREATE,
          {
            repositoryId: repoId,
            headRepositoryId: unrelatedId,
            baseRefName: 'main',
            headRefName: 'forked',
            title: 'No',
          },
          bob.token,
        )
      ).type,
    ).toBe('UNPROCESSABLE');
    expect(await newEvents()).toEqual([]);
  });
});
