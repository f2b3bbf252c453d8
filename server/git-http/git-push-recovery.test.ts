// A push whose mirror/event transaction fails after git applied it: git's
// answer stands (the refs are git's), and the events come once, a little
// later, from the reconciler, as for a refs API change.
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { githubWebhookErrors } from '../test-support/github-webhook-schema.js';
import { cloneUrl, gitCli, type GitCli } from '../test-support/git-cli.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../test-support/webhook-receiver.js';

let server: TestServer;
let alice: TestUser;
let receiver: WebhookReceiver;
let git: GitCli;

beforeAll(async () => {
  server = await startTestServer({
    WHARF_WEBHOOK_ALLOWED_HOSTS: 'loopback',
    WHARF_WEBHOOK_RETRY_SCHEDULE: 'none',
    WHARF_LOG_LEVEL: 'warn',
  });
  alice = await server.createUser('alice');
  receiver = await startWebhookReceiver();
  git = await gitCli();
  await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'flaky', auto_init: true } });
  const hook = await server.api('/repos/alice/flaky/hooks', {
    method: 'POST',
    token: alice.token,
    body: { config: { url: receiver.url }, events: ['push'], active: false },
  });
  await server.api(`/repos/alice/flaky/hooks/${((await hook.json()) as { id: number }).id}`, {
    method: 'PATCH',
    token: alice.token,
    body: { active: true },
  });
  // The mirror's next write fails, once: the push's own transaction (a sequence, not rolled back with it, counts).
  await server.sql.unsafe(`
    CREATE SEQUENCE ref_writes;
    CREATE FUNCTION fail_once() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF nextval('ref_writes') = 1 THEN RAISE EXCEPTION 'injected failure'; END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER fail_once BEFORE INSERT OR UPDATE ON repository_refs FOR EACH ROW EXECUTE FUNCTION fail_once();`);
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
  await git?.close();
});

it('the push succeeds and its push event arrives once, from the reconciler', async () => {
  const work = join(git.home, 'work');
  await git.ok(['clone', '--quiet', cloneUrl(server.url, 'alice/flaky.git', alice.token), work]);
  await git.ok(['commit', '--quiet', '--allow-empty', '-m', 'late'], { cwd: work });
  const head = await git.ok(['rev-parse', 'HEAD'], { cwd: work });
  await git.ok(['push', '--quiet', 'origin', 'HEAD:refs/heads/late'], { cwd: work });
  const repoId = (await server.services.repos.find('alice', 'flaky'))!.id;
  expect(await server.services.git.resolveRef(repoId, 'refs/heads/late')).toBe(head);
  expect(server.logs.join('\n')).toContain('ref change events deferred to the reconciler');
  const [delivery] = await receiver.waitFor(1, 15_000);
  const payload = JSON.parse(delivery!.body.toString('utf8'));
  expect(githubWebhookErrors('push', undefined, payload)).toBe('');
  expect(payload).toMatchObject({
    ref: 'refs/heads/late',
    after: head,
    created: true,
    commits: [{ id: head, message: 'late' }],
  });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(receiver.received).toHaveLength(1);
  const [marker] = await server.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM ref_change_markers`;
  expect(marker!.n).toBe(0);
});
