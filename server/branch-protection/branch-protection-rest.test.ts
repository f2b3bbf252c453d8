// The branch protection REST API (issue 37): protect, read, change a part,
// unprotect, as admins only; branch bodies and the rules endpoint follow the
// rule; every change emits `branch_protection_rule` through the outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grant } from '../test-support/grant.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { outboxReader } from '../test-support/webhook-outbox.js';

let server: TestServer;
let alice: TestUser;
let carol: TestUser;
let repoId: number;

const FULL = {
  required_status_checks: { strict: true, contexts: ['ci'] },
  enforce_admins: false,
  required_pull_request_reviews: { dismiss_stale_reviews: true, required_approving_review_count: 2 },
  restrictions: null,
  required_linear_history: true,
  allow_force_pushes: false,
  allow_deletions: false,
};

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  carol = await server.createUser('carol');
  const repo = await server.createRepo(alice.token, { name: 'guarded', auto_init: true });
  repoId = repo.id;
  await grant(server, repoId, carol.id, 'write');
  await server.api('/repos/alice/guarded/hooks', {
    method: 'POST',
    token: alice.token,
    body: { config: { url: 'https://example.com/hook' }, events: ['branch_protection_rule'] },
  });
});
afterAll(async () => {
  await server?.close();
});

const call = (path: string, method = 'GET', body?: unknown, token = alice.token) =>
  server.api(`/repos/alice/guarded/branches/main/protection${path}`, { method, token, body });

describe('PUT, GET and DELETE …/branches/{branch}/protection', () => {
  it('protects a branch with GitHub’s body, reads it back, and emits created then edited then deleted', async () => {
    const read = outboxReader(server, { repositoryIds: [repoId], events: ['branch_protection_rule'] });
    const put = await call('', 'PUT', FULL);
    expect(put.status).toBe(200);
    const body = await put.json();
    const path = '/repos/{owner}/{repo}/branches/{branch}/protection';
    expectBothSchemas(body, { path, method: 'put' }, { operationId: 'repos/update-branch-protection' });
    expect(body.required_status_checks).toMatchObject({ strict: true, contexts: ['ci'] });
    expect(body.required_pull_request_reviews).toMatchObject({ required_approving_review_count: 2 });
    expect(body.required_linear_history).toEqual({ enabled: true });
    expect(body.enforce_admins.enabled).toBe(false);
    expect(body.restrictions).toBeUndefined();

    const got = await call('');
    expect(got.status).toBe(200);
    expectBothSchemas(await got.json(), { path, method: 'get' }, { operationId: 'repos/get-branch-protection' });

    const again = await call('', 'PUT', { ...FULL, allow_force_pushes: true, required_pull_request_reviews: null });
    expect((await again.json()).required_pull_request_reviews).toBeUndefined();

    const events = await read();
    expect(events.map((e) => e.action)).toEqual(['created', 'edited']);
    expect(events[0]!.payload.rule).toMatchObject({ name: 'main', required_status_checks: ['ci'] });
    expect(events[1]!.payload.changes.pull_request_reviews_enforcement_level).toEqual({ from: 'non_admins' });

    expect((await call('', 'DELETE')).status).toBe(204);
    expect((await read()).map((e) => e.action)).toEqual(['deleted']);
    const gone = await call('');
    expect(gone.status).toBe(404);
    expect((await gone.json()).message).toBe('Branch not protected');
  });

  it('refuses bad input with 422 and a missing branch with 404', async () => {
    const count = await call('', 'PUT', {
      ...FULL,
      required_pull_request_reviews: { required_approving_review_count: 7 },
    });
    expect(count.status).toBe(422);
    const personal = await call('', 'PUT', { ...FULL, restrictions: { users: ['carol'], teams: [] } });
    expect(personal.status).toBe(422);
    expect((await personal.json()).message).toBe('Only organization repositories can have users and team restrictions');
    const missing = await server.api('/repos/alice/guarded/branches/nope/protection', {
      method: 'PUT',
      token: alice.token,
      body: FULL,
    });
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe('Branch not found');
    expect((await call('', 'PUT', { enforce_admins: true })).status).toBe(422);
  });

  it('is for admins only: a writer gets 403, anonymous 401', async () => {
    expect((await call('', 'PUT', FULL, carol.token)).status).toBe(403);
    expect((await server.api('/repos/alice/guarded/branches/main/protection')).status).toBe(401);
  });
});

describe('the parts of a protection', () => {
  it('sets and clears admin enforcement, reviews and status checks, and edits contexts', async () => {
    await call('', 'PUT', FULL);
    const admins = await call('/enforce_admins', 'POST');
    expect(admins.status).toBe(200);
    expect((await admins.json()).enabled).toBe(true);
    expect((await call('/enforce_admins', 'DELETE')).status).toBe(204);
    expect((await (await call('/enforce_admins')).json()).enabled).toBe(false);

    const reviews = await call('/required_pull_request_reviews', 'PATCH', { required_approving_review_count: 1 });
    const reviewBody = await reviews.json();
    expectBothSchemas(
      reviewBody,
      { path: '/repos/{owner}/{repo}/branches/{branch}/protection/required_pull_request_reviews', method: 'patch' },
      { operationId: 'repos/update-pull-request-review-protection' },
    );
    expect(reviewBody).toMatchObject({ required_approving_review_count: 1, dismiss_stale_reviews: true });
    expect((await call('/required_pull_request_reviews', 'DELETE')).status).toBe(204);
    const noReviews = await call('/required_pull_request_reviews');
    expect(noReviews.status).toBe(404);
    expect((await noReviews.json()).message).toBe('Pull request reviews not enabled');

    const checks = await call('/required_status_checks', 'PATCH', { strict: false });
    expect(await checks.json()).toMatchObject({ strict: false, contexts: ['ci'] });
    const added = await call('/required_status_checks/contexts', 'POST', { contexts: ['lint', 'ci'] });
    expect(await added.json()).toEqual(['ci', 'lint']);
    expect(await (await call('/required_status_checks/contexts', 'PUT', { contexts: ['build'] })).json()).toEqual([
      'build',
    ]);
    expect(await (await call('/required_status_checks/contexts', 'DELETE', { contexts: ['build'] })).json()).toEqual(
      [],
    );
    expect((await call('/required_status_checks', 'DELETE')).status).toBe(204);
    expect((await (await call('/required_status_checks')).json()).message).toBe('Required status checks not enabled');
  });
});

describe('branch bodies and rules follow the protection', () => {
  it('marks the branch protected, filters the list, and answers its rules', async () => {
    await call('', 'PUT', FULL);
    await server.api('/repos/alice/guarded/git/refs', {
      method: 'POST',
      token: alice.token,
      body: {
        ref: 'refs/heads/other',
        sha: (await (await server.api('/repos/alice/guarded/branches/main', { token: alice.token })).json()).commit.sha,
      },
    });
    const branch = await (await server.api('/repos/alice/guarded/branches/main', { token: alice.token })).json();
    expect(branch.protected).toBe(true);
    expect(branch.protection.required_status_checks).toMatchObject({
      enforcement_level: 'non_admins',
      contexts: ['ci'],
    });
    const listed = await (
      await server.api('/repos/alice/guarded/branches?protected=true', { token: alice.token })
    ).json();
    expect(listed.map((b: { name: string }) => b.name)).toEqual(['main']);
    const open = await (
      await server.api('/repos/alice/guarded/branches?protected=false', { token: alice.token })
    ).json();
    expect(open.map((b: { name: string }) => b.name)).toEqual(['other']);

    const rules = await (await server.api('/repos/alice/guarded/rules/branches/main', { token: alice.token })).json();
    expectBothSchemas(
      rules,
      { path: '/repos/{owner}/{repo}/rules/branches/{branch}', method: 'get' },
      { operationId: 'repos/get-branch-rules' },
    );
    expect(rules.map((r: { type: string }) => r.type)).toEqual([
      'deletion',
      'required_linear_history',
      'pull_request',
      'required_status_checks',
      'non_fast_forward',
    ]);
    expect(
      await (await server.api('/repos/alice/guarded/rules/branches/other', { token: alice.token })).json(),
    ).toEqual([]);
  });
});
