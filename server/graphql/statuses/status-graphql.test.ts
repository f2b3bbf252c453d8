// Commit statuses in GraphQL: `Commit.status` (each context's latest, the
// combined state as REST combines it, `context(name:)` case-insensitive, null
// without statuses), StatusContext nodes by the SC_ ids REST answers (every
// status, superseded ones too), hidden from those who cannot see the
// repository and retired with it: node(id) is null after its deletion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let head: string;
const ids: Record<string, string> = {};

const json = async (res: Response) => (await res.json()) as any;
async function status(repo: string, sha: string, body: Record<string, unknown>): Promise<string> {
  const res = await server.api(`/repos/alice/${repo}/statuses/${sha}`, { method: 'POST', token: alice.token, body });
  expect(res.status).toBe(201);
  return (await json(res)).node_id;
}

const COMMIT_STATUS = `query($name: String!, $expr: String!) { repository(owner: "alice", name: $name) { object(expression: $expr) { ... on Commit {
  status { state commit { oid } ci: context(name: "CI") { state description } missing: context(name: "nope") { id }
    contexts { id context state description targetUrl createdAt avatarUrl(size: 80) creator { login } commit { oid } } } } } } }`;
const NODES = `query($ids: [ID!]!) { nodes(ids: $ids) { id ... on StatusContext { context state commit { oid } } } }`;

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  for (const [name, priv] of [
    ['public-ci', false],
    ['private-ci', true],
    ['doomed', false],
  ] as const) {
    expect(
      (
        await server.api('/user/repos', {
          method: 'POST',
          token: alice.token,
          body: { name, auto_init: true, private: priv },
        })
      ).status,
    ).toBe(201);
  }
  const repoId = (await server.services.repos.find('alice', 'public-ci'))!.id;
  head = (await server.services.git.resolveRef(repoId, 'refs/heads/main'))!;
  ids.old = await status('public-ci', head, { state: 'pending', context: 'ci' });
  ids.ci = await status('public-ci', head, {
    state: 'success',
    context: 'CI',
    description: 'green',
    target_url: 'https://ci.example.com/2',
  });
  ids.lint = await status('public-ci', head, { state: 'failure', context: 'lint' });
});
afterAll(() => server.close());

describe('Commit.status', () => {
  it('has each context’s latest status and the combined state', async () => {
    const { data, errors } = await graphqlOk(server, COMMIT_STATUS, { name: 'public-ci', expr: 'main' }, bob.token);
    expect(errors).toBeUndefined();
    const s = data!.repository.object.status;
    expect(s.state).toBe('FAILURE');
    expect(s.commit.oid).toBe(head);
    expect(s.ci).toEqual({ state: 'SUCCESS', description: 'green' });
    expect(s.missing).toBeNull();
    expect(s.contexts.map((c: any) => [c.id, c.context, c.state])).toEqual([
      [ids.ci, 'CI', 'SUCCESS'],
      [ids.lint, 'lint', 'FAILURE'],
    ]);
    expect(s.contexts[0]).toMatchObject({
      targetUrl: 'https://ci.example.com/2',
      creator: { login: 'alice' },
      commit: { oid: head },
      avatarUrl: `${server.url}/avatars/u/${alice.id}?s=80`,
    });
    expect(s.contexts[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('is null for a commit without statuses', async () => {
    const { data } = await graphqlOk(server, COMMIT_STATUS, { name: 'doomed', expr: 'main' }, alice.token);
    expect(data!.repository.object.status).toBeNull();
  });
});

describe('StatusContext nodes', () => {
  it('resolve every status by its REST node_id, a superseded one too', async () => {
    const { data, errors } = await graphqlOk(server, NODES, { ids: [ids.old, ids.ci] }, bob.token);
    expect(errors).toBeUndefined();
    expect(data!.nodes).toEqual([
      { id: ids.old, context: 'ci', state: 'PENDING', commit: { oid: head } },
      { id: ids.ci, context: 'CI', state: 'SUCCESS', commit: { oid: head } },
    ]);
  });

  it('are hidden from who cannot see the repository', async () => {
    const repoId = (await server.services.repos.find('alice', 'private-ci'))!.id;
    const sha = (await server.services.git.resolveRef(repoId, 'refs/heads/main'))!;
    const id = await status('private-ci', sha, { state: 'success' });
    expect((await graphqlOk(server, NODES, { ids: [id] }, bob.token)).data!.nodes).toEqual([null]);
    expect((await graphqlOk(server, NODES, { ids: [id] }, alice.token)).data!.nodes).toEqual([
      { id, context: 'default', state: 'SUCCESS', commit: { oid: sha } },
    ]);
  });

  it('are retired with their repository: node(id) is null after its deletion', async () => {
    const repoId = (await server.services.repos.find('alice', 'doomed'))!.id;
    const sha = (await server.services.git.resolveRef(repoId, 'refs/heads/main'))!;
    const id = await status('doomed', sha, { state: 'error' });
    expect((await graphqlOk(server, NODES, { ids: [id] }, alice.token)).data!.nodes[0]).toMatchObject({ id });
    expect((await server.api('/repos/alice/doomed', { method: 'DELETE', token: alice.token })).status).toBe(204);
    expect((await graphqlOk(server, NODES, { ids: [id] }, alice.token)).data!.nodes).toEqual([null]);
    const single = await graphqlOk(server, `query($id: ID!) { node(id: $id) { id } }`, { id }, alice.token);
    expect(single.data?.node ?? null).toBeNull();
    expect(single.errors?.[0]?.type).toBe('NOT_FOUND');
  });
});
