// Who may run the issue mutations, and GitHub's GraphQL errors when not:
// NOT_FOUND for ids that name nothing visible, FORBIDDEN (naming the
// mutation) for too little permission or a token without `repo`/`public_repo`,
// UNPROCESSABLE for input a rule refuses; a refused mutation changes nothing.
// A mutation is charged its points like a query (at least one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
const ids: Record<string, string> = {};

async function gql(query: string, variables: Record<string, unknown> = {}, token = alice.token) {
  const response = await server.api('/api/graphql', { method: 'POST', token, body: { query, variables } });
  expect(response.status).toBe(200);
  return {
    used: Number(response.headers.get('x-ratelimit-used')),
    body: (await response.json()) as { data?: Record<string, any>; errors?: { type?: string; message: string }[] },
  };
}

const errorOf = async (query: string, input: Record<string, unknown>, token: string) =>
  (await gql(query, { input }, token)).body.errors?.[0];

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  carol = await server.createUser('carol');
  await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'open' } });
  await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'closed', private: true } });
  await server.api('/user/repos', { method: 'POST', token: carol.token, body: { name: 'elsewhere' } });
  const openId = (await server.services.repos.find('alice', 'open'))!.id;
  await server.sql`INSERT INTO collaborators (repository_id, user_id, permission) VALUES (${openId}, ${bob.id}, 'write')`;
  await server.api('/repos/alice/open/issues', { method: 'POST', token: alice.token, body: { title: 'Alice’s' } });
  await server.api('/repos/alice/closed/issues', { method: 'POST', token: alice.token, body: { title: 'Private' } });
  const found = (
    await gql(`{ open: repository(owner: "alice", name: "open") { id issue(number: 1) { id } }
    closed: repository(owner: "alice", name: "closed") { issue(number: 1) { id } }
    elsewhere: repository(owner: "carol", name: "elsewhere") { id } viewer { id } }`)
  ).body.data!;
  Object.assign(ids, {
    repo: found.open.id,
    issue: found.open.issue.id,
    secret: found.closed.issue.id,
    elsewhere: found.elsewhere.id,
    alice: found.viewer.id,
  });
});
afterAll(() => server.close());

const CLOSE = 'mutation($input: CloseIssueInput!) { closeIssue(input: $input) { issue { state } } }';
const LOCK = 'mutation($input: LockLockableInput!) { lockLockable(input: $input) { lockedRecord { locked } } }';
const DELETE = 'mutation($input: DeleteIssueInput!) { deleteIssue(input: $input) { clientMutationId } }';
const CREATE =
  'mutation($input: CreateIssueInput!) { createIssue(input: $input) { issue { number assignees(first: 5) { totalCount } } } }';

describe('issue mutations refused', () => {
  it('NOT_FOUND for an id of nothing, of another type, or of an issue the caller cannot see', async () => {
    for (const issueId of ['I_nope', ids.repo, ids.secret]) {
      expect((await errorOf(CLOSE, { issueId }, carol.token))?.type, issueId).toBe('NOT_FOUND');
    }
  });

  it('FORBIDDEN, naming the mutation, below the permission it needs; nothing changes', async () => {
    const closing = await errorOf(CLOSE, { issueId: ids.issue }, carol.token);
    expect(closing).toMatchObject({
      type: 'FORBIDDEN',
      message: 'carol does not have the correct permissions to execute `CloseIssue`',
    });
    expect((await errorOf(LOCK, { lockableId: ids.issue }, carol.token))?.type).toBe('FORBIDDEN');
    // Push access is not enough to delete an issue: that takes admin.
    expect((await errorOf(DELETE, { issueId: ids.issue }, bob.token))?.type).toBe('FORBIDDEN');
    const state = await gql('{ repository(owner: "alice", name: "open") { issue(number: 1) { state locked } } }');
    expect(state.body.data!.repository.issue).toEqual({ state: 'OPEN', locked: false });
  });

  it('FORBIDDEN for a classic token without repo or public_repo, which may still read', async () => {
    const readOnly = await server.tokenFor(alice.id, ['user']);
    expect((await errorOf(CLOSE, { issueId: ids.issue }, readOnly))?.type).toBe('FORBIDDEN');
    const publicRepo = await server.tokenFor(alice.id, ['public_repo']);
    expect(
      (await gql(CREATE, { input: { repositoryId: ids.repo, title: 'With public_repo' } }, publicRepo)).body.errors,
    ).toBeUndefined();
  });

  it('UNPROCESSABLE for a blank title, an assignee without push access, a transfer to another owner (FORBIDDEN without push there)', async () => {
    expect((await errorOf(CREATE, { repositoryId: ids.repo, title: '  ' }, alice.token))?.type).toBe('UNPROCESSABLE');
    // PostgreSQL text holds no NUL: refused as REST refuses it, and a filter with one matches nothing (never a failed query).
    expect((await errorOf(CREATE, { repositoryId: ids.repo, title: 'a\u0000b' }, alice.token))?.type).toBe(
      'UNPROCESSABLE',
    );
    const filtered = await gql(
      '{ repository(owner: "alice", name: "open") { issues(filterBy: {createdBy: "a\\u0000b"}) { totalCount } } }',
    );
    expect(filtered.body.data!.repository.issues.totalCount).toBe(0);
    const carolId = (await gql('{ viewer { id } }', {}, carol.token)).body.data!.viewer.id;
    expect(
      (await errorOf(CREATE, { repositoryId: ids.repo, title: 'x', assigneeIds: [carolId] }, alice.token))?.type,
    ).toBe('UNPROCESSABLE');
    const transfer = 'mutation($input: TransferIssueInput!) { transferIssue(input: $input) { issue { id } } }';
    // carol's repository: alice cannot write there, so the transfer is refused before the owner rule…
    expect((await errorOf(transfer, { issueId: ids.issue, repositoryId: ids.elsewhere }, alice.token))?.type).toBe(
      'FORBIDDEN',
    );
    // …and once she can, the owner rule refuses it.
    const elsewhere = (await server.services.repos.find('carol', 'elsewhere'))!.id;
    await server.sql`INSERT INTO collaborators (repository_id, user_id, permission) VALUES (${elsewhere}, ${alice.id}, 'write')`;
    expect((await errorOf(transfer, { issueId: ids.issue, repositoryId: ids.elsewhere }, alice.token))?.type).toBe(
      'UNPROCESSABLE',
    );
  });

  it('drops assignees from a caller without triage, as REST does', async () => {
    const created = await gql(
      CREATE,
      { input: { repositoryId: ids.repo, title: 'By carol', assigneeIds: [ids.alice] } },
      carol.token,
    );
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data!.createIssue.issue.assignees.totalCount).toBe(0);
  });
});

describe('the point rate limit', () => {
  it('charges a mutation like a query: its connections, at least one point', async () => {
    const before = (await gql('{ viewer { login } }', {}, bob.token)).used; // the points are the user's, whatever the token
    const plain = await gql(CREATE, { input: { repositoryId: ids.repo, title: 'Counted' } }, bob.token);
    expect(plain.body.errors).toBeUndefined();
    expect(plain.used - before).toBe(1);
    // A payload that lists 100 issues' comments is priced by GitHub's formula: 1 + 100 requests → 1 point; 2 pages of 100 → 2.
    const listing = await gql(
      `mutation($input: CreateIssueInput!) { createIssue(input: $input) { issue { repository {
      a: issues(first: 100) { nodes { comments(first: 100) { totalCount nodes { body } } } }
      b: issues(first: 100) { nodes { comments(first: 100) { totalCount nodes { body } } } } } } } }`,
      { input: { repositoryId: ids.repo, title: 'Priced' } },
      bob.token,
    );
    expect(listing.body.errors).toBeUndefined();
    expect(listing.used - plain.used).toBe(2);
  });
});
