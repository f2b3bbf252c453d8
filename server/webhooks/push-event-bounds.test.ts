// Issue 32, findings 4 and 5: building a push's events is bounded by what
// GitHub lists, not by what was pushed. A commit whose tree repeats one
// subtree 20^5 times (3.2 million paths) gets its events at once, its file
// lists cut at 3,000; a push creating hundreds of branches at an existing
// commit costs a fixed number of git processes, not a few per branch.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cloneUrl, gitCli, type GitCli } from '../test-support/git-cli.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let git: GitCli;

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  git = await gitCli();
});
afterAll(async () => {
  await server?.close();
  await git?.close();
});

/** A repository with a README commit on main and an active hook for every event. */
async function repositoryWithHook(name: string): Promise<{ id: number; main: string }> {
  const res = await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name, auto_init: true } });
  const { id } = (await res.json()) as { id: number };
  await server.api(`/repos/alice/${name}/hooks`, {
    method: 'POST',
    token: alice.token,
    body: { config: { url: 'http://127.0.0.1:9/hook' }, events: ['*'] },
  });
  return { id, main: (await server.services.git.resolveRef(id, 'refs/heads/main'))! };
}

async function post(path: string, body: unknown): Promise<Record<string, any>> {
  const res = await server.api(path, { method: 'POST', token: alice.token, body });
  expect(res.status, path).toBe(201);
  return (await res.json()) as Record<string, any>;
}

async function jobs(repositoryId: number, event: string): Promise<Record<string, any>[]> {
  const rows = await server.sql<{ payload: string }[]>`
    SELECT payload FROM webhook_jobs WHERE repository_id = ${repositoryId} AND event = ${event} ORDER BY id`;
  return rows.map((row) => JSON.parse(row.payload) as Record<string, any>);
}

const markers = async (repositoryId: number) =>
  (
    await server.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM ref_change_markers WHERE repository_id = ${repositoryId}`
  )[0]!.n;

describe('a commit whose tree repeats a subtree 20^5 times', () => {
  it('gets its create and push events with the ref, its file lists cut at 3,000', async () => {
    const repo = await repositoryWithHook('fractal');
    const base = '/repos/alice/fractal';
    const blob = (await post(`${base}/git/blobs`, { content: 'leaf\n' })).sha as string;
    let entry = { mode: '100644', type: 'blob', sha: blob };
    for (let level = 0; level < 5; level++) {
      const tree = Array.from({ length: 20 }, (_, i) => ({ path: `d${String(i).padStart(2, '0')}`, ...entry }));
      entry = { mode: '040000', type: 'tree', sha: (await post(`${base}/git/trees`, { tree })).sha as string };
    }
    const commit = (
      await post(`${base}/git/commits`, { message: 'Three million paths', tree: entry.sha, parents: [repo.main] })
    ).sha as string;
    await post(`${base}/git/refs`, { ref: 'refs/heads/fractal', sha: commit });

    // Written with the ref, in its transaction: nothing left to the reconciler.
    expect(await markers(repo.id)).toBe(0);
    const [push] = (await jobs(repo.id, 'push')).filter((p) => p.ref === 'refs/heads/fractal');
    expect(push).toBeDefined();
    expect(push!.commits.map((c: { id: string }) => c.id)).toEqual([commit]);
    const head = push!.head_commit;
    expect(head).toMatchObject({ id: commit, message: 'Three million paths', removed: ['README.md'], modified: [] });
    expect(head.added).toHaveLength(3000 - 1);
    expect(head.added[0]).toBe('d00/d00/d00/d00/d00');
    expect(push!.commits[0].added).toEqual(head.added);
  });
});

describe('a push creating hundreds of branches at an existing commit', () => {
  it('emits every create and push event with a number of git runs that does not grow with the branches', async () => {
    const gitRuns = async (name: string, branches: number) => {
      const repo = await repositoryWithHook(name);
      const work = join(git.home, name);
      await git.ok(['clone', '--quiet', cloneUrl(server.url, `alice/${name}.git`, alice.token), work]);
      const names = Array.from({ length: branches }, (_, i) => `b${i}`);
      await git.ok(['update-ref', '--stdin'], {
        cwd: work,
        input: names.map((branch) => `create refs/heads/${branch} ${repo.main}\n`).join(''),
      });
      const { git: repos } = server.services;
      const spies = [vi.spyOn(repos, 'git'), vi.spyOn(repos, 'gitBytes'), vi.spyOn(repos, 'spawn')];
      try {
        await git.ok(['push', '--quiet', 'origin', ...names], { cwd: work });
        return spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
      } finally {
        for (const spy of spies) spy.mockRestore();
        expect((await jobs(repo.id, 'create')).map((p) => p.ref).sort()).toEqual([...names].sort());
        const pushes = await jobs(repo.id, 'push');
        expect(pushes).toHaveLength(branches);
        expect(
          pushes.every(
            (p) =>
              p.created && p.commits.length === 0 && p.head_commit.id === repo.main && p.base_ref === 'refs/heads/main',
          ),
        ).toBe(true);
      }
    };
    const few = await gitRuns('few-branches', 3);
    const many = await gitRuns('many-branches', 300);
    expect(many).toBe(few);
  });
});
