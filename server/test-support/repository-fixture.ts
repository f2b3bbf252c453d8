// The set-up many API tests share: a test server (webhook dispatch off, so
// events stay in the outbox for outboxReader), an owner, other users, and one
// repository of the owner's made through the API with an initial commit on
// main, optionally with collaborators and a repository hook.
import { expect } from 'vitest';
import type { Permission } from '../access/permissions.js';
import { grant } from './grant.js';
import { startTestServer, type TestServer, type TestUser } from './test-server.js';

export interface FixtureRepository {
  id: number;
  name: string;
  /** `/repos/{owner}/{name}`, the API path of the repository. */
  path: string;
  /** The SHA of main's initial commit. */
  head: string;
}

export interface RepositoryFixture<U extends string = never> {
  server: TestServer;
  owner: TestUser;
  /** The other users, by login. */
  users: Record<U, TestUser>;
  repo: FixtureRepository;
}

export interface RepositoryFixtureOptions<U extends string> {
  /** Added to WHARF_WEBHOOK_DISPATCH=off. */
  env?: Record<string, string>;
  serverOptions?: Parameters<typeof startTestServer>[1];
  /** Default `alice`. */
  owner?: string;
  users?: readonly U[];
  private?: boolean;
  /** Collaborators' permissions, by login (of `users`). */
  grants?: Partial<Record<U, Permission>>;
  /** A repository hook (to https://example.com/hook) for these events. */
  hookEvents?: string[];
}

/** A repository of `owner` with an initial commit on main, made through the API. */
export async function createFixtureRepository(
  server: TestServer,
  owner: TestUser,
  name: string,
  options: { private?: boolean } = {},
): Promise<FixtureRepository> {
  await server.createRepo(owner.token, { name, private: options.private ?? false, auto_init: true });
  const id = (await server.services.repos.find(owner.login, name))!.id;
  const head = (await server.services.git.resolveRef(id, 'refs/heads/main'))!;
  return { id, name, path: `/repos/${owner.login}/${name}`, head };
}

export async function startRepositoryFixture<U extends string = never>(
  name: string,
  options: RepositoryFixtureOptions<U> = {},
): Promise<RepositoryFixture<U>> {
  const server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off', ...options.env }, options.serverOptions);
  const owner = await server.createUser(options.owner ?? 'alice');
  const users = {} as Record<U, TestUser>;
  for (const login of options.users ?? []) users[login] = await server.createUser(login);
  const repo = await createFixtureRepository(server, owner, name, { private: options.private });
  for (const [login, permission] of Object.entries(options.grants ?? {}) as [U, Permission][])
    await grant(server, repo.id, users[login].id, permission);
  if (options.hookEvents) {
    const hook = await server.api(`${repo.path}/hooks`, {
      method: 'POST',
      token: owner.token,
      body: { config: { url: 'https://example.com/hook' }, events: options.hookEvents },
    });
    expect(hook.status).toBe(201);
  }
  return { server, owner, users, repo };
}
