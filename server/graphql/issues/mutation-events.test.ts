// GraphQL's issue mutations change what REST changes and emit what REST
// emits, in the same transaction: every mutation in turn, its payload
// (clientMutationId echoed) and the `issues`/`issue_comment` events queued,
// each valid against GitHub's published schema for its event and action —
// deleted, pinned, unpinned and transferred included, which only GraphQL makes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';
import { actions, hookedRepository, outboxReader, type QueuedEvent } from '../../test-support/webhook-outbox.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let repoId: string;
let otherId: string;
let bobId: string;
const repositoryIds: number[] = [];
/** Events queued since the last call, each checked against GitHub's schema. */
let newEvents: () => Promise<QueuedEvent[]>;

const gql = (query: string, variables: Record<string, unknown> = {}, token = alice.token) =>
  graphqlOk(server, query, variables, token);

async function mutate(query: string, input: Record<string, unknown>, token = alice.token) {
  const body = await gql(query, { input: { clientMutationId: 'cm-1', ...input } }, token);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  const [payload] = Object.values(body.data!);
  expect(payload.clientMutationId).toBe('cm-1');
  return payload;
}

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  for (const name of ['board', 'archive']) {
    const id = await hookedRepository(server, alice, name, ['issues', 'issue_comment']);
    repositoryIds.push(id);
    await server.sql`INSERT INTO collaborators (repository_id, user_id, permission) VALUES (${id}, ${bob.id}, 'write')`;
  }
  newEvents = outboxReader(server, { repositoryIds });
  const ids = (
    await gql(
      '{ a: repository(owner: "alice", name: "board") { id } b: repository(owner: "alice", name: "archive") { id } }',
    )
  ).data!;
  [repoId, otherId] = [ids.a.id, ids.b.id];
  const viewer = await gql('{ viewer { id } }', {}, bob.token);
  bobId = viewer.data!.viewer.id;
});
afterAll(() => server.close());

const CREATE =
  'mutation($input: CreateIssueInput!) { createIssue(input: $input) { clientMutationId issue { id number title body author { login } assignees(first: 5) { nodes { login } } } } }';
const UPDATE =
  'mutation($input: UpdateIssueInput!) { updateIssue(input: $input) { clientMutationId actor { login } issue { title body state } } }';
const CLOSE =
  'mutation($input: CloseIssueInput!) { closeIssue(input: $input) { clientMutationId issue { state stateReason closed } } }';
const REOPEN =
  'mutation($input: ReopenIssueInput!) { reopenIssue(input: $input) { clientMutationId issue { state stateReason } } }';

describe('issue mutations and their events', () => {
  it('createIssue, updateIssue, closeIssue, reopenIssue: opened/assigned, edited, closed, reopened', async () => {
    const created = await mutate(CREATE, {
      repositoryId: repoId,
      title: 'From GraphQL',
      body: 'text',
      assigneeIds: [bobId],
    });
    expect(created.issue).toMatchObject({
      number: 1,
      title: 'From GraphQL',
      body: 'text',
      author: { login: 'alice' },
      assignees: { nodes: [{ login: 'bob' }] },
    });
    let events = await newEvents();
    expect(actions(events)).toEqual(['issues.opened', 'issues.assigned']);
    expect(events[0]!.payload).toMatchObject({
      issue: { number: 1, node_id: created.issue.id },
      sender: { login: 'alice' },
    });

    const updated = await mutate(UPDATE, { id: created.issue.id, title: 'Renamed', body: 'new' });
    expect(updated).toMatchObject({
      actor: { login: 'alice' },
      issue: { title: 'Renamed', body: 'new', state: 'OPEN' },
    });
    events = await newEvents();
    expect(actions(events)).toEqual(['issues.edited']);
    expect(events[0]!.payload.changes).toEqual({ title: { from: 'From GraphQL' }, body: { from: 'text' } });

    expect((await mutate(CLOSE, { issueId: created.issue.id, stateReason: 'NOT_PLANNED' })).issue).toEqual({
      state: 'CLOSED',
      stateReason: 'NOT_PLANNED',
      closed: true,
    });
    expect((await mutate(REOPEN, { issueId: created.issue.id })).issue).toEqual({
      state: 'OPEN',
      stateReason: 'REOPENED',
    });
    events = await newEvents();
    expect(actions(events)).toEqual(['issues.closed', 'issues.reopened']);
    expect(events[0]!.payload.issue.state_reason).toBe('not_planned');
  });

  it('addComment, updateIssueComment, deleteIssueComment: issue_comment created, edited, deleted', async () => {
    const issue = (await mutate(CREATE, { repositoryId: repoId, title: 'Talk' })).issue;
    await newEvents();
    const added = await mutate(
      'mutation($input: AddCommentInput!) { addComment(input: $input) { clientMutationId subject { id ... on Issue { comments { totalCount } } } commentEdge { cursor node { id body author { login } issue { comments { totalCount } } } } } }',
      { subjectId: issue.id, body: 'hello' },
      bob.token,
    );
    expect(added.subject).toEqual({ id: issue.id, comments: { totalCount: 1 } });
    expect(added.commentEdge.node).toMatchObject({
      body: 'hello',
      author: { login: 'bob' },
      issue: { comments: { totalCount: 1 } },
    });
    const edited = await mutate(
      'mutation($input: UpdateIssueCommentInput!) { updateIssueComment(input: $input) { clientMutationId issueComment { body } } }',
      { id: added.commentEdge.node.id, body: 'hello, edited' },
      bob.token,
    );
    expect(edited.issueComment.body).toBe('hello, edited');
    await mutate(
      'mutation($input: DeleteIssueCommentInput!) { deleteIssueComment(input: $input) { clientMutationId } }',
      { id: added.commentEdge.node.id },
    );
    const events = await newEvents();
    expect(actions(events)).toEqual(['issue_comment.created', 'issue_comment.edited', 'issue_comment.deleted']);
    expect(events[1]!.payload.changes).toEqual({ body: { from: 'hello' } });
    expect(events[2]!.payload).toMatchObject({ issue: { comments: 0 }, sender: { login: 'alice' } });
  });

  it('assignees and locks: assigned, unassigned, locked, unlocked', async () => {
    const issue = (await mutate(CREATE, { repositoryId: repoId, title: 'Triage' })).issue;
    await newEvents();
    const add = await mutate(
      'mutation($input: AddAssigneesToAssignableInput!) { addAssigneesToAssignable(input: $input) { clientMutationId assignable { ... on Issue { assignees(first: 5) { totalCount } } } } }',
      { assignableId: issue.id, assigneeIds: [bobId] },
      bob.token,
    );
    expect(add.assignable.assignees.totalCount).toBe(1);
    const remove = await mutate(
      'mutation($input: RemoveAssigneesFromAssignableInput!) { removeAssigneesFromAssignable(input: $input) { clientMutationId assignable { assignees(first: 5) { totalCount } } } }',
      { assignableId: issue.id, assigneeIds: [bobId] },
      bob.token,
    );
    expect(remove.assignable.assignees.totalCount).toBe(0);
    const lock = await mutate(
      'mutation($input: LockLockableInput!) { lockLockable(input: $input) { clientMutationId actor { login } lockedRecord { locked activeLockReason } } }',
      { lockableId: issue.id, lockReason: 'OFF_TOPIC' },
      bob.token,
    );
    expect(lock).toMatchObject({
      actor: { login: 'bob' },
      lockedRecord: { locked: true, activeLockReason: 'OFF_TOPIC' },
    });
    const unlock = await mutate(
      'mutation($input: UnlockLockableInput!) { unlockLockable(input: $input) { clientMutationId unlockedRecord { locked } } }',
      { lockableId: issue.id },
      bob.token,
    );
    expect(unlock.unlockedRecord.locked).toBe(false);
    const events = await newEvents();
    expect(actions(events)).toEqual(['issues.assigned', 'issues.unassigned', 'issues.locked', 'issues.unlocked']);
    expect(events[2]!.payload.issue).toMatchObject({ locked: true, active_lock_reason: 'off-topic' });
  });

  it('pinIssue and unpinIssue: pinned, unpinned (once each), at most three pins', async () => {
    const PIN = 'mutation($input: PinIssueInput!) { pinIssue(input: $input) { clientMutationId issue { isPinned } } }';
    const issues = [];
    for (let i = 0; i < 4; i++) issues.push((await mutate(CREATE, { repositoryId: repoId, title: `Pin ${i}` })).issue);
    await newEvents();
    expect((await mutate(PIN, { issueId: issues[0].id })).issue.isPinned).toBe(true);
    await mutate(PIN, { issueId: issues[0].id }); // already pinned: nothing happens
    await mutate(PIN, { issueId: issues[1].id });
    await mutate(PIN, { issueId: issues[2].id });
    const fourth = await gql(PIN, { input: { issueId: issues[3].id } });
    expect(fourth.errors?.[0]?.type).toBe('UNPROCESSABLE');
    const unpinned = await mutate(
      'mutation($input: UnpinIssueInput!) { unpinIssue(input: $input) { clientMutationId id issue { isPinned } } }',
      { issueId: issues[0].id },
    );
    expect(unpinned).toMatchObject({ id: issues[0].id, issue: { isPinned: false } });
    expect(actions(await newEvents())).toEqual(['issues.pinned', 'issues.pinned', 'issues.pinned', 'issues.unpinned']);
  });

  it('transferIssue: transferred (with the new issue and repository) on the old repository, opened on the new', async () => {
    const issue = (await mutate(CREATE, { repositoryId: repoId, title: 'Moving', assigneeIds: [bobId] })).issue;
    await mutate('mutation($input: AddCommentInput!) { addComment(input: $input) { clientMutationId } }', {
      subjectId: issue.id,
      body: 'comes along',
    });
    // A label goes along where the target has one of the same name (`bug`, a default label of both), the others
    // and the milestone stay behind.
    const post = (path: string, body: unknown) => server.api(path, { method: 'POST', token: alice.token, body });
    expect((await post('/repos/alice/board/milestones', { title: 'stays' })).status).toBe(201);
    expect(
      (
        await server.api(`/repos/alice/board/issues/${issue.number}`, {
          method: 'PATCH',
          token: alice.token,
          body: { labels: ['bug', 'only-here'], milestone: 1 },
        })
      ).status,
    ).toBe(200);
    await newEvents();
    const moved = await mutate(
      'mutation($input: TransferIssueInput!) { transferIssue(input: $input) { clientMutationId issue { id number repository { name } comments(first: 5) { totalCount nodes { body url } } } } }',
      { issueId: issue.id, repositoryId: otherId },
    );
    const after = await (await server.api('/repos/alice/archive/issues/1', { token: alice.token })).json();
    expect(after.labels).toMatchObject([{ name: 'bug', url: expect.stringContaining('/repos/alice/archive/labels/') }]);
    expect(after.milestone).toBeNull();
    expect(moved.issue).toMatchObject({
      id: issue.id,
      number: 1,
      repository: { name: 'archive' },
      comments: { totalCount: 1, nodes: [{ body: 'comes along' }] },
    });
    expect(moved.issue.comments.nodes[0].url).toContain('/alice/archive/issues/1#issuecomment-');
    const events = await newEvents();
    expect(events.map((e) => [e.event, e.action, e.repository_id])).toEqual([
      ['issues', 'transferred', repositoryIds[0]],
      ['issues', 'opened', repositoryIds[1]],
    ]);
    expect(events[0]!.payload.changes).toMatchObject({
      new_issue: { number: 1, repository_url: expect.stringContaining('/alice/archive') },
      new_repository: { full_name: 'alice/archive' },
    });
    expect(
      (await gql(`{ repository(owner: "alice", name: "board") { issue(number: ${issue.number}) { id } } }`)).data!
        .repository.issue,
    ).toBeNull();
  });

  it('deleteIssue: deleted, and its node ID resolves to nothing', async () => {
    const issue = (await mutate(CREATE, { repositoryId: repoId, title: 'Doomed' })).issue;
    await newEvents();
    const deleted = await mutate(
      'mutation($input: DeleteIssueInput!) { deleteIssue(input: $input) { clientMutationId repository { name } } }',
      { issueId: issue.id },
    );
    expect(deleted.repository.name).toBe('board');
    const events = await newEvents();
    expect(actions(events)).toEqual(['issues.deleted']);
    expect(events[0]!.payload.issue.title).toBe('Doomed');
    expect((await gql('query($id: ID!) { node(id: $id) { id } }', { id: issue.id })).errors?.[0]?.type).toBe(
      'NOT_FOUND',
    );
  });
});
