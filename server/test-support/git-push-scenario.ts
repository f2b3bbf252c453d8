// The set-up of the push tests: a server delivering webhooks (no retries) to
// a receiver, alice's private repository alice/pushed hooked for every event,
// bob a read-only collaborator, and alice's clone of it to push from; with
// the events a push delivers, schema-checked against GitHub's.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { setCollaborator } from '../collaborators/collaborators.js';
import { githubWebhookErrors } from './github-webhook-schema.js';
import { cloneUrl, gitCli, type GitCli } from './git-cli.js';
import { startTestServer, type TestServer, type TestUser } from './test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

export interface PushEvent {
  event: string;
  payload: Record<string, any>;
}

export interface GitPushScenario {
  server: TestServer;
  alice: TestUser;
  bob: TestUser;
  git: GitCli;
  /** alice's clone. */
  work: string;
  repoId: number;
  /** Runs `action` (pushes), then returns the events delivered for it, schema-checked. */
  eventsOf(action: () => Promise<unknown>): Promise<PushEvent[]>;
  refSha(ref: string): Promise<string | null>;
  /** Commits `content` to `file` in alice's clone; the new head. */
  commit(file: string, content: string, message: string): Promise<string>;
  close(): Promise<void>;
}

export const summary = (events: PushEvent[]) => events.map((e) => `${e.event} ${e.payload.ref}`).sort();

export async function startGitPushScenario(): Promise<GitPushScenario> {
  const server = await startTestServer({
    WHARF_WEBHOOK_ALLOWED_HOSTS: 'loopback',
    WHARF_WEBHOOK_RETRY_SCHEDULE: 'none',
  });
  const alice = await server.createUser('alice');
  const bob = await server.createUser('bob');
  const receiver: WebhookReceiver = await startWebhookReceiver();
  const git = await gitCli();
  const res = await server.api('/user/repos', {
    method: 'POST',
    token: alice.token,
    body: { name: 'pushed', auto_init: true, private: true },
  });
  const repoId = ((await res.json()) as { id: number }).id;
  await setCollaborator(server.sql, repoId, bob.id, 'read');
  const hook = await server.api('/repos/alice/pushed/hooks', {
    method: 'POST',
    token: alice.token,
    body: { config: { url: receiver.url }, events: ['*'], active: false },
  });
  await server.api(`/repos/alice/pushed/hooks/${((await hook.json()) as { id: number }).id}`, {
    method: 'PATCH',
    token: alice.token,
    body: { active: true },
  });
  const work = join(git.home, 'work');
  await git.ok(['clone', '--quiet', cloneUrl(server.url, 'alice/pushed.git', alice.token), work]);

  /*
   * A push's answer ends only once its events are in the outbox (git-routes.ts),
   * so they are all delivered once no job is pending (no retries here: a failed
   * delivery is `failed`, not pending). Waiting for the receiver to be quiet for
   * 700 ms instead cost 1.4 s or more per push, and could end early on a busy machine.
   */
  async function eventsOf(action: () => Promise<unknown>): Promise<PushEvent[]> {
    const start = receiver.received.length;
    await action();
    while ((await server.sql`SELECT 1 FROM webhook_jobs WHERE state = 'pending' LIMIT 1`).length > 0) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const events = receiver.received
      .slice(start)
      .map((r) => ({ event: String(r.headers['x-github-event']), payload: JSON.parse(r.body.toString('utf8')) }));
    for (const { event, payload } of events)
      expect(githubWebhookErrors(event, payload.action, payload), event).toBe('');
    return events;
  }

  async function commit(file: string, content: string, message: string) {
    await writeFile(join(work, file), content);
    await git.ok(['add', '-A'], { cwd: work });
    await git.ok(['commit', '--quiet', '-m', message], { cwd: work });
    return git.ok(['rev-parse', 'HEAD'], { cwd: work });
  }

  return {
    server,
    alice,
    bob,
    git,
    work,
    repoId,
    eventsOf,
    refSha: (ref) => server.services.git.resolveRef(repoId, ref),
    commit,
    async close() {
      await server.close();
      await receiver.close();
      await git.close();
    },
  };
}
