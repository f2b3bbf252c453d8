// PUT …/branches/{branch}/protection with the bodies stock clients send, not
// only the documented one: PyGithub's Branch.edit_protection names status
// checks as `checks` alone (no `contexts`) and sends `null` for every single
// setting it was not given. GitHub accepts both; so must Wharf (issue 37).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let owner: TestUser;

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  owner = await server.createUser('pcb-owner');
  await server.createRepo(owner.token, { name: 'guarded', auto_init: true });
});
afterAll(async () => {
  await server?.close();
});

/** PyGithub 2.10's body for edit_protection(strict=True, contexts=['ci'], enforce_admins=False, dismiss_stale_reviews=True, required_approving_review_count=1). */
const PYGITHUB = {
  required_status_checks: { strict: true, checks: [{ context: 'ci' }] },
  enforce_admins: false,
  required_pull_request_reviews: { dismiss_stale_reviews: true, required_approving_review_count: 1 },
  restrictions: null,
  required_linear_history: null,
  allow_force_pushes: null,
  required_conversation_resolution: null,
  lock_branch: null,
  allow_fork_syncing: null,
  block_creations: null,
  allow_deletions: null,
};

it("accepts PyGithub's body: checks without contexts, null settings as false", async () => {
  const put = await server.api('/repos/pcb-owner/guarded/branches/main/protection', {
    method: 'PUT',
    token: owner.token,
    body: PYGITHUB,
  });
  expect(put.status).toBe(200);
  const body = await put.json();
  expectBothSchemas(
    body,
    { path: '/repos/{owner}/{repo}/branches/{branch}/protection', method: 'put' },
    { operationId: 'repos/update-branch-protection' },
  );
  expect(body.required_status_checks).toMatchObject({ strict: true, contexts: ['ci'], checks: [{ context: 'ci' }] });
  expect(body.required_pull_request_reviews).toMatchObject({
    dismiss_stale_reviews: true,
    required_approving_review_count: 1,
  });
  expect(body.required_linear_history).toEqual({ enabled: false });
  expect(body.lock_branch).toEqual({ enabled: false });
  const checks = await server.api('/repos/pcb-owner/guarded/branches/main/protection/required_status_checks', {
    token: owner.token,
  });
  expect(await checks.json()).toMatchObject({ strict: true, contexts: ['ci'] });
});

it('still refuses a non-boolean setting (422 with errors)', async () => {
  const put = await server.api('/repos/pcb-owner/guarded/branches/main/protection', {
    method: 'PUT',
    token: owner.token,
    body: { ...PYGITHUB, lock_branch: 'yes' },
  });
  expect(put.status).toBe(422);
  expect((await put.json()).errors).toEqual(
    expect.arrayContaining([expect.objectContaining({ field: 'lock_branch' })]),
  );
});
