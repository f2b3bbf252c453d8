// The fixture of the merge tests: a server (no dispatcher), alice's public
// repository alice/proj with a hook for pull_request, push and delete, a
// work tree pushing to it with the real git CLI, and helpers to open pull
// requests, wait for their mergeability, read the outbox (each payload
// checked against GitHub's webhook schema) and read history in a fresh clone.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { apiCall, type CallOptions } from './api-call.js';
import { cloneUrl, gitCli, type GitCli } from './git-cli.js';
import { githubWebhookErrors } from './github-webhook-schema.js';
import { whenMergeabilityComputed } from './mergeability.js';
import { startTestServer, type TestServer, type TestUser } from './test-server.js';
import { hookedRepository, type QueuedEvent } from './webhook-outbox.js';

export const pulls = '/repos/alice/proj/pulls';

/** `event.action`, or `event` alone for events without actions (push, delete). */
export const actions = (events: QueuedEvent[]) => events.map((e) => (e.action ? `${e.event}.${e.action}` : e.event));

export class MergeTestRepo {
  private clones = 0;
  private lastEventId = 0;

  private constructor(
    readonly server: TestServer,
    readonly alice: TestUser,
    readonly carol: TestUser,
    readonly git: GitCli,
    readonly repoId: number,
    readonly work: string,
  ) {}

  static async start(): Promise<MergeTestRepo> {
    const server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
    const alice = await server.createUser('alice');
    const carol = await server.createUser('carol');
    const git = await gitCli();
    const repoId = await hookedRepository(server, alice, 'proj', ['pull_request', 'push', 'delete']);
    const work = join(git.home, 'work');
    const fixture = new MergeTestRepo(server, alice, carol, git, repoId, work);
    await git.ok(['init', '--quiet', '-b', 'main', work]);
    await git.ok(['remote', 'add', 'origin', cloneUrl(server.url, 'alice/proj.git', alice.token)], { cwd: work });
    await fixture.commitAndPush('main', { 'shared.txt': 'one\ntwo\nthree\n' }, 'root');
    await fixture.newEvents();
    return fixture;
  }

  async close(): Promise<void> {
    await this.server.close();
    await this.git.close();
  }

  call(path: string, options: CallOptions = {}) {
    return apiCall(this.server, path, options);
  }

  merge(number: number, body: Record<string, unknown> = {}, token = this.alice.token) {
    return this.call(`${pulls}/${number}/merge`, { method: 'PUT', token, body });
  }

  closePull(number: number) {
    return this.call(`${pulls}/${number}`, { method: 'PATCH', token: this.alice.token, body: { state: 'closed' } });
  }

  /** Commits `files` on `branch` (created from `from` when given) and pushes it; the new head. */
  async commitAndPush(branch: string, files: Record<string, string>, message: string, from?: string): Promise<string> {
    const { git, work } = this;
    const exists = (await git.run(['rev-parse', '--verify', '--quiet', 'HEAD'], { cwd: work })).code === 0;
    if (exists) await git.ok(['checkout', '--quiet', ...(from ? ['-B', branch, from] : [branch])], { cwd: work });
    for (const [file, text] of Object.entries(files)) await writeFile(join(work, file), text);
    await git.ok(['add', '--all'], { cwd: work });
    await git.ok(['commit', '--quiet', '-m', message], { cwd: work });
    await git.ok(['push', '--quiet', 'origin', branch], { cwd: work });
    return git.ok(['rev-parse', 'HEAD'], { cwd: work });
  }

  /** Brings the work tree's `main` to the server's; its tip. */
  async pullMain(): Promise<string> {
    await this.git.ok(['fetch', '--quiet', 'origin', 'main'], { cwd: this.work });
    await this.git.ok(['checkout', '--quiet', '-B', 'main', 'FETCH_HEAD'], { cwd: this.work });
    return this.git.ok(['rev-parse', 'HEAD'], { cwd: this.work });
  }

  async open(head: string, title = `Merge ${head}`, draft = false): Promise<any> {
    const { status, json } = await this.call(pulls, {
      method: 'POST',
      token: this.alice.token,
      body: { title, head, base: 'main', draft },
    });
    expect(status).toBe(201);
    return json;
  }

  /** The pull request once its mergeability job has run (a generous poll: the machine may be busy). */
  computed(number: number): Promise<any> {
    return whenMergeabilityComputed(async () => (await this.call(`${pulls}/${number}`)).json, `#${number}`);
  }

  /** `git log` of `range` (default origin/`ref`) in a fresh clone: one line per commit, `sha parents|subject|committer`. */
  async cloneLog(ref: string, range?: string): Promise<string[]> {
    const dir = join(this.git.home, `clone-${++this.clones}`);
    await this.git.ok(['clone', '--quiet', cloneUrl(this.server.url, 'alice/proj.git', this.alice.token), dir]);
    const out = await this.git.ok(['log', '--format=%H %P|%s|%cn', range ?? `origin/${ref}`], { cwd: dir });
    return out.split('\n').filter(Boolean);
  }

  /** The repository's outbox since the last call (test-support's outboxReader wants an `action`; push and delete have none). */
  async newEvents(): Promise<QueuedEvent[]> {
    const rows = await this.server.sql<(QueuedEvent & { id: number })[]>`
      SELECT id, hook_id, repository_id, event, action, payload FROM webhook_jobs
      WHERE id > ${this.lastEventId} AND event <> 'ping' AND repository_id = ${this.repoId} ORDER BY id`;
    this.lastEventId = Math.max(this.lastEventId, ...rows.map((row) => row.id));
    return rows.map(({ id: _id, ...job }) => {
      const payload = JSON.parse(job.payload as string);
      expect(githubWebhookErrors(job.event, job.action, payload), `${job.event}.${job.action}`).toBe('');
      return { ...job, action: job.action ?? '', payload };
    });
  }
}
