// Auto-merge as a bot and a reviewer use it: GraphQL enablePullRequestAutoMerge
// on a pull request whose base is protected, the REST `auto_merge` object and
// GraphQL `autoMergeRequest`, the `auto_merge_enabled`/`auto_merge_disabled`
// events (checked against GitHub's webhook schema by the fixture), and the
// merge itself: not while the required check is pending, once when it turns
// green, with the chosen method, even with a second server process on the
// same database racing for it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWharfApp, type WharfApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { connect } from '../../db/database.js';
import { createLogger } from '../../log.js';
import { githubComponentErrors } from '../../test-support/github-schema.js';
import { grant } from '../../test-support/grant.js';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { actions, MergeTestRepo, pulls } from '../../test-support/merge-test-repo.js';

let repo: MergeTestRepo;

const ENABLE = `mutation($id: ID!, $method: PullRequestMergeMethod, $title: String) {
  enablePullRequestAutoMerge(input: {pullRequestId: $id, mergeMethod: $method, commitHeadline: $title}) {
    actor { login }
    pullRequest { autoMergeRequest { mergeMethod commitHeadline enabledBy { login } enabledAt } viewerCanDisableAutoMerge }
  } }`;
const DISABLE = `mutation($id: ID!) { disablePullRequestAutoMerge(input: {pullRequestId: $id}) {
  pullRequest { autoMergeRequest { mergeMethod } viewerCanEnableAutoMerge } } }`;

const enable = (id: string, token = repo.alice.token, method = 'SQUASH', title: string | null = 'Ship it') =>
  graphqlOk(repo.server, ENABLE, { id, method, title }, token);
const setting = (allow: boolean) =>
  repo.call('/repos/alice/proj', { method: 'PATCH', token: repo.alice.token, body: { allow_auto_merge: allow } });
const status = (sha: string, state: string) =>
  repo.call(`/repos/alice/proj/statuses/${sha}`, {
    method: 'POST',
    token: repo.alice.token,
    body: { state, context: 'ci' },
  });

/** The request's bookkeeping once a worker has tried it (not due, not leased), or null when it is gone. */
async function settled(issueId: number) {
  let row: { last_refusal: string | null } | null = null;
  await vi.waitFor(
    async () => {
      const [found] = await repo.server.sql<{ last_refusal: string | null; busy: boolean }[]>`
        SELECT last_refusal, (due_at IS NOT NULL OR lease_until IS NOT NULL) AS busy
        FROM pull_auto_merges WHERE issue_id = ${issueId}`;
      expect(found?.busy ?? false).toBe(false);
      row = found ?? null;
    },
    { timeout: 15_000, interval: 50 },
  );
  return row as { last_refusal: string | null } | null;
}

beforeAll(async () => {
  repo = await MergeTestRepo.start();
  const protection = await repo.call('/repos/alice/proj/branches/main/protection', {
    method: 'PUT',
    token: repo.alice.token,
    body: {
      required_status_checks: { strict: false, contexts: ['ci'] },
      // The owner is held too, so the owner's auto-merge waits for the check.
      enforce_admins: true,
      required_pull_request_reviews: null,
      restrictions: null,
    },
  });
  expect(protection.status).toBe(200);
  await repo.newEvents();
}, 60_000);

afterAll(() => repo?.close());

describe('enabling', () => {
  it('needs the repository setting, a protected base and push access', async () => {
    await repo.commitAndPush('refused', { 'r.txt': 'r\n' }, 'refused', 'main');
    const pull = await repo.open('refused');
    const off = await enable(pull.node_id);
    expect(off.errors?.[0]).toMatchObject({
      type: 'UNPROCESSABLE',
      message: 'Auto merge is not allowed for this repository',
    });

    const on = await setting(true);
    expect(on.json.allow_auto_merge).toBe(true);
    const allowed = await graphqlOk(
      repo.server,
      '{ repository(owner: "alice", name: "proj") { autoMergeAllowed } }',
      {},
      repo.alice.token,
    );
    expect(allowed.data?.repository.autoMergeAllowed).toBe(true);

    // carol can read the public repository but not merge into it.
    const reader = await enable(pull.node_id, repo.carol.token);
    expect(reader.errors?.[0]?.type).toBe('FORBIDDEN');

    await repo.git.ok(['push', '--quiet', 'origin', 'main:unprotected'], { cwd: repo.work });
    const unprotected = await repo.call(pulls, {
      method: 'POST',
      token: repo.alice.token,
      body: { title: 'to an unprotected base', head: 'refused', base: 'unprotected' },
    });
    expect(unprotected.status).toBe(201);
    const noRule = await enable(unprotected.json.node_id);
    expect(noRule.errors?.[0]?.message).toBe('Pull request Protected branch rules not configured for this branch');
    expect((await repo.call(`${pulls}/${pull.number}`)).json.auto_merge).toBeNull();
    await repo.newEvents();
  });
});

describe('merging', () => {
  it('waits for the required check, then merges once with the chosen method, whichever process sees it', async () => {
    await setting(true);
    const head = await repo.commitAndPush('auto', { 'auto.txt': 'auto\n' }, 'auto change', 'main');
    const pull = await repo.open('auto', 'Auto change');
    await repo.newEvents();
    const enabled = await enable(pull.node_id);
    expect(enabled.errors).toBeUndefined();
    expect(enabled.data?.enablePullRequestAutoMerge).toMatchObject({
      actor: { login: 'alice' },
      pullRequest: {
        autoMergeRequest: { mergeMethod: 'SQUASH', commitHeadline: 'Ship it', enabledBy: { login: 'alice' } },
        viewerCanDisableAutoMerge: true,
      },
    });
    const rest = (await repo.call(`${pulls}/${pull.number}`)).json;
    expect(rest.auto_merge).toMatchObject({
      enabled_by: { login: 'alice' },
      merge_method: 'squash',
      commit_title: 'Ship it',
      commit_message: '',
    });
    expect(githubComponentErrors('pull-request', rest)).toBe('');
    expect(actions(await repo.newEvents())).toEqual(['pull_request.auto_merge_enabled']);

    // The check is pending: a worker tried and the protection held it back.
    expect((await status(head, 'pending')).status).toBe(201);
    const waiting = await settled(pull.id);
    expect(waiting?.last_refusal).toMatch(/ci/);
    expect((await repo.call(`${pulls}/${pull.number}`)).json.merged).toBe(false);

    // A second server process on the database: both workers are woken by the green check.
    const other = await secondProcess();
    try {
      expect((await status(head, 'success')).status).toBe(201);
      await vi.waitFor(async () => expect((await repo.call(`${pulls}/${pull.number}`)).json.merged).toBe(true), {
        timeout: 15_000,
        interval: 50,
      });
    } finally {
      await other.close();
    }
    const merged = (await repo.call(`${pulls}/${pull.number}`)).json;
    expect(merged.merged_by.login).toBe('alice');
    const log = await repo.cloneLog('main');
    expect(log[0]).toContain(`|Ship it|`);
    // Squashed onto the previous tip: one new commit, one push, one close.
    expect(log[1]).not.toContain('auto change');
    const events = actions(await repo.newEvents());
    expect(events.filter((e) => e === 'pull_request.closed')).toHaveLength(1);
    expect(events.filter((e) => e === 'push')).toHaveLength(1);
  }, 60_000);

  it('disabling stops it: the event says why, and a green check no longer merges', async () => {
    await setting(true);
    const head = await repo.commitAndPush('later', { 'later.txt': 'later\n' }, 'later change', 'main');
    const pull = await repo.open('later');
    await repo.newEvents();
    expect((await enable(pull.node_id, repo.alice.token, 'MERGE', null)).errors).toBeUndefined();
    expect((await repo.call(`${pulls}/${pull.number}`)).json.auto_merge).toMatchObject({
      merge_method: 'merge',
      commit_title: `Merge pull request #${pull.number} from alice/later`,
    });
    const disabled = await graphqlOk(repo.server, DISABLE, { id: pull.node_id }, repo.alice.token);
    expect(disabled.data?.disablePullRequestAutoMerge.pullRequest).toEqual({
      autoMergeRequest: null,
      viewerCanEnableAutoMerge: true,
    });
    const events = await repo.newEvents();
    expect(actions(events)).toEqual(['pull_request.auto_merge_enabled', 'pull_request.auto_merge_disabled']);
    expect(events[1]!.payload.reason).toBeTruthy();
    expect((await repo.call(`${pulls}/${pull.number}`)).json.auto_merge).toBeNull();

    expect((await status(head, 'success')).status).toBe(201);
    expect(await settled(pull.id)).toBeNull();
    expect((await repo.call(`${pulls}/${pull.number}`)).json.merged).toBe(false);
  });

  it('turns itself off when the repository stops allowing it', async () => {
    await setting(true);
    const head = await repo.commitAndPush('stopped', { 'stopped.txt': 's\n' }, 'stopped change', 'main');
    const pull = await repo.open('stopped');
    expect((await enable(pull.node_id)).errors).toBeUndefined();
    await settled(pull.id);
    await setting(false);
    await repo.newEvents();
    expect((await status(head, 'success')).status).toBe(201);
    await vi.waitFor(
      async () => expect((await repo.call(`${pulls}/${pull.number}`)).json).toMatchObject({ auto_merge: null }),
      {
        timeout: 15_000,
        interval: 50,
      },
    );
    const events = await repo.newEvents();
    expect(actions(events)).toEqual(['pull_request.auto_merge_disabled']);
    expect(events[0]!.payload.reason).toBe('Auto-merge is not allowed for this repository');
    expect((await repo.call(`${pulls}/${pull.number}`)).json.merged).toBe(false);
    await setting(true);
  });
});

describe('after the last approval', () => {
  it('merges when a writer approves, as the reviews the protection asks arrive', async () => {
    await setting(true);
    const bob = await repo.server.createUser('bob');
    await grant(repo.server, repo.repoId, bob.id, 'write');
    const protect = await repo.call('/repos/alice/proj/branches/main/protection', {
      method: 'PUT',
      token: repo.alice.token,
      body: {
        required_status_checks: { strict: false, contexts: ['ci'] },
        enforce_admins: true,
        required_pull_request_reviews: { required_approving_review_count: 1 },
        restrictions: null,
      },
    });
    expect(protect.status).toBe(200);
    await repo.pullMain();
    const head = await repo.commitAndPush('reviewed', { 'reviewed.txt': 'r\n' }, 'reviewed change', 'main');
    const pull = await repo.open('reviewed');
    expect((await status(head, 'success')).status).toBe(201);
    expect((await enable(pull.node_id, repo.alice.token, 'REBASE', null)).errors).toBeUndefined();
    expect((await settled(pull.id))?.last_refusal).toMatch(/approving review/);
    const approved = await repo.call(`${pulls}/${pull.number}/reviews`, {
      method: 'POST',
      token: bob.token,
      body: { event: 'APPROVE', body: '' },
    });
    expect(approved.status).toBe(200);
    await vi.waitFor(async () => expect((await repo.call(`${pulls}/${pull.number}`)).json.merged).toBe(true), {
      timeout: 15_000,
      interval: 50,
    });
    // Rebased: the head's commit, replayed on the base, is the new tip.
    expect((await repo.cloneLog('main'))[0]).toContain('|reviewed change|');
  }, 60_000);
});

async function secondProcess(): Promise<WharfApp & { close(): Promise<void> }> {
  const config = loadConfig({
    DATABASE_URL: repo.server.databaseUrl,
    WHARF_DATA_DIR: repo.server.dataDir,
    WHARF_WEBHOOK_DISPATCH: 'off',
  });
  const sql = connect(repo.server.databaseUrl);
  const app = await createWharfApp(config, sql, createLogger('error'));
  return {
    ...app,
    close: async () => {
      await app.close();
      await sql.end();
    },
  };
}
