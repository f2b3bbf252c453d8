// Review requests over real HTTP: asking and withdrawing (GitHub's 201/200
// bodies and 422s), `requested_reviewers` in the pull request's bodies, and
// one `pull_request` review_requested / review_request_removed event per
// reviewer (checked against GitHub's webhook schemas by the outbox reader).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiOk, type CallOptions } from '../test-support/api-call.js';
import { cloneUrl, gitCli, type GitCli } from '../test-support/git-cli.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { actions, hookedRepository, outboxReader, type QueuedEvent } from '../test-support/webhook-outbox.js';

let server: TestServer;
let alice: TestUser; // owner
let bob: TestUser; // write collaborator, the pull request's author
let dave: TestUser; // read collaborator
let carol: TestUser; // no rights
let git: GitCli;
let number: number;
let newEvents: () => Promise<QueuedEvent[]>;

const call = (path: string, options: CallOptions = {}) => apiCall(server, path, options);
const reviewersPath = () => `/repos/alice/rr/pulls/${number}/requested_reviewers`;
const request = (reviewers: string[], token = bob.token, extra: Record<string, unknown> = {}) =>
  call(reviewersPath(), { method: 'POST', token, body: { reviewers, ...extra } });
const logins = (users: { login: string }[]) => users.map((u) => u.login);

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  dave = await server.createUser('dave');
  carol = await server.createUser('carol');
  git = await gitCli();
  const repoId = await hookedRepository(server, alice, 'rr', ['pull_request']);
  await server.sql`INSERT INTO collaborators (repository_id, user_id, permission) VALUES (${repoId}, ${bob.id}, 'write'), (${repoId}, ${dave.id}, 'read')`;
  newEvents = outboxReader(server, { repositoryIds: [repoId] });
  const work = join(git.home, 'work');
  await git.ok(['init', '--quiet', '-b', 'main', work]);
  await git.ok(['remote', 'add', 'origin', cloneUrl(server.url, 'alice/rr.git', bob.token)], { cwd: work });
  await git.ok(['commit', '--quiet', '--allow-empty', '-m', 'root'], { cwd: work });
  await git.ok(['commit', '--quiet', '--allow-empty', '-m', 'feature'], { cwd: work });
  await git.ok(['push', '--quiet', 'origin', 'HEAD~1:refs/heads/main', 'HEAD:refs/heads/feature'], { cwd: work });
  number = (
    await apiOk(server, '/repos/alice/rr/pulls', {
      method: 'POST',
      token: bob.token,
      body: { title: 'Review me', head: 'feature', base: 'main' },
    })
  ).number;
  await newEvents();
});
afterAll(async () => {
  await server?.close();
  await git?.close();
});

describe('POST /repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers', () => {
  it('asks collaborators (201, pull-request-simple) with one review_requested event each', async () => {
    const { status, json } = await request(['alice', 'DAVE']);
    expect(status).toBe(201);
    expect(logins(json.requested_reviewers)).toEqual(['alice', 'dave']);
    expect(json.requested_teams).toEqual([]);
    expectBothSchemas(
      json,
      { path: '/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers', method: 'post', status: 201 },
      { operationId: 'pulls/request-reviewers' },
    );
    const events = await newEvents();
    expect(actions(events)).toEqual(['pull_request.review_requested', 'pull_request.review_requested']);
    expect(events.map((e) => e.payload.requested_reviewer.login)).toEqual(['alice', 'dave']);
    expect(logins(events[1]!.payload.pull_request.requested_reviewers)).toEqual(['alice', 'dave']);
    expect(events[0]!.payload).toMatchObject({ number, sender: { login: 'bob' } });
  });

  it('leaves those asked already as they are, without events', async () => {
    const { status, json } = await request(['alice']);
    expect(status).toBe(201);
    expect(logins(json.requested_reviewers)).toEqual(['alice', 'dave']);
    expect(await newEvents()).toEqual([]);
  });

  it('is 422 for the author, a non-collaborator or a team, and asks nobody then', async () => {
    const author = await request(['bob']);
    expect(author.status).toBe(422);
    expect(author.json.message).toBe('Review cannot be requested from pull request author.');
    for (const answer of [
      await request(['carol']),
      await request(['no-such-user']),
      await request([], bob.token, { team_reviewers: ['core'] }),
    ]) {
      expect(answer.status).toBe(422);
      expect(answer.json.message).toBe(
        'Reviews may only be requested from collaborators. One or more of the users or teams you specified is not a collaborator of the alice/rr repository.',
      );
    }
    expect(await newEvents()).toEqual([]);
  });

  it('is 403 to a reader who is not the author, 401 anonymously, 404 for no pull request', async () => {
    expect((await request(['alice'], carol.token)).status).toBe(403);
    expect((await call(reviewersPath(), { method: 'POST', body: { reviewers: ['alice'] } })).status).toBe(401);
    expect(
      (
        await call('/repos/alice/rr/pulls/99/requested_reviewers', {
          method: 'POST',
          token: alice.token,
          body: { reviewers: ['dave'] },
        })
      ).status,
    ).toBe(404);
    expect(await newEvents()).toEqual([]);
  });
});

describe('GET /repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers', () => {
  it('lists the users asked, in the order asked; the pull request shows them too', async () => {
    const { status, json } = await call(reviewersPath());
    expect(status).toBe(200);
    expect({ users: logins(json.users), teams: json.teams }).toEqual({ users: ['alice', 'dave'], teams: [] });
    expectBothSchemas(
      json,
      { path: '/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers', method: 'get' },
      { operationId: 'pulls/list-requested-reviewers' },
    );
    const pull = await apiOk(server, `/repos/alice/rr/pulls/${number}`);
    expect(logins(pull.requested_reviewers)).toEqual(['alice', 'dave']);
    const [listed] = await apiOk(server, '/repos/alice/rr/pulls');
    expect(logins(listed.requested_reviewers)).toEqual(['alice', 'dave']);
    expect((await call('/repos/alice/rr/pulls/99/requested_reviewers')).status).toBe(404);
  });
});

describe('DELETE /repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers', () => {
  it('withdraws requests (200) with one review_request_removed each, ignoring logins not asked', async () => {
    const { status, json } = await call(reviewersPath(), {
      method: 'DELETE',
      token: alice.token,
      body: { reviewers: ['dave', 'carol'] },
    });
    expect(status).toBe(200);
    expect(logins(json.requested_reviewers)).toEqual(['alice']);
    expectBothSchemas(
      json,
      { path: '/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers', method: 'delete' },
      { operationId: 'pulls/remove-requested-reviewers' },
    );
    const events = await newEvents();
    expect(actions(events)).toEqual(['pull_request.review_request_removed']);
    expect(events[0]!.payload).toMatchObject({ requested_reviewer: { login: 'dave' }, sender: { login: 'alice' } });
    expect(logins(events[0]!.payload.pull_request.requested_reviewers)).toEqual(['alice']);
  });

  it('changes nothing for logins not asked, and needs `reviewers`', async () => {
    const { status } = await call(reviewersPath(), {
      method: 'DELETE',
      token: alice.token,
      body: { reviewers: ['dave'] },
    });
    expect(status).toBe(200);
    expect(await newEvents()).toEqual([]);
    expect((await call(reviewersPath(), { method: 'DELETE', token: alice.token, body: {} })).status).toBe(422);
    expect(
      (await call(reviewersPath(), { method: 'DELETE', token: carol.token, body: { reviewers: ['alice'] } })).status,
    ).toBe(403);
  });
});
