// The set-up of the issue label tests: a server without a dispatcher, alice's
// public repository alice/board (with GitHub's default labels, `bug` among
// them, and the milestones v1 and v2) and private alice/hidden; tina triages
// and rita reads alice/board, carol has no rights.
import { expect } from 'vitest';
import { apiCall, type CallOptions } from './api-call.js';
import { startTestServer, type TestServer, type TestUser } from './test-server.js';

export interface IssueBoardScenario {
  server: TestServer;
  /** The owner. */
  alice: TestUser;
  /** Triage collaborator. */
  tina: TestUser;
  /** Read collaborator. */
  rita: TestUser;
  /** No rights. */
  carol: TestUser;
  /** Calls the API as alice unless `options.token` says otherwise. */
  call: (path: string, options?: CallOptions) => ReturnType<typeof apiCall>;
}

export async function startIssueBoardScenario(): Promise<IssueBoardScenario> {
  const server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  const alice = await server.createUser('alice');
  const tina = await server.createUser('tina');
  const rita = await server.createUser('rita');
  const carol = await server.createUser('carol');
  const call = (path: string, options: CallOptions = {}) => apiCall(server, path, { token: alice.token, ...options });
  for (const [name, priv] of [
    ['board', false],
    ['hidden', true],
  ] as const) {
    expect(
      (await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name, private: priv } })).status,
    ).toBe(201);
  }
  const repo = await server.services.repos.find('alice', 'board');
  await server.sql`INSERT INTO collaborators (repository_id, user_id, permission) VALUES (${repo!.id}, ${tina.id}, 'triage'), (${repo!.id}, ${rita.id}, 'read')`;
  await call('/repos/alice/board/milestones', { method: 'POST', body: { title: 'v1' } });
  await call('/repos/alice/board/milestones', { method: 'POST', body: { title: 'v2' } });
  return { server, alice, tina, rita, carol, call };
}
