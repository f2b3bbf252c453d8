// The set-up of the git data API tests: a test server, alice and bob, the
// real git CLI, and alice's repositories `code` (public, initialised),
// `secret` (private, initialised) and `empty` (no commits), with main's head
// commit and tree in `code`.
import { expect } from 'vitest';
import { gitCli, type GitCli } from './git-cli.js';
import { startTestServer, type TestServer, type TestUser } from './test-server.js';

export interface GitDataScenario {
  server: TestServer;
  alice: TestUser;
  bob: TestUser;
  git: GitCli;
  /** main's head commit in alice/code. */
  main: string;
  /** Its tree. */
  mainTree: string;
  close(): Promise<void>;
}

/** The JSON body of an answer, which must have this status (the body explains a wrong one). */
export async function json(res: Response, status: number) {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body;
}

export async function startGitDataScenario(): Promise<GitDataScenario> {
  const server = await startTestServer();
  const alice = await server.createUser('alice');
  const bob = await server.createUser('bob');
  const git = await gitCli();
  await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'code', auto_init: true } });
  await server.api('/user/repos', {
    method: 'POST',
    token: alice.token,
    body: { name: 'secret', auto_init: true, private: true },
  });
  await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'empty' } });
  const commit = await json(await server.api('/repos/alice/code/git/ref/heads/main'), 200);
  const main = commit.object.sha;
  const mainTree = (await json(await server.api(`/repos/alice/code/git/commits/${main}`), 200)).tree.sha;
  return {
    server,
    alice,
    bob,
    git,
    main,
    mainTree,
    async close() {
      await server.close();
      await git.close();
    },
  };
}
