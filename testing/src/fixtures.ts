// The things a test starts from (users, tokens, organizations, repositories,
// apps and installations), made through the server's own services and stores
// in-process, as the admin CLI makes them, without a round trip per step.
import { randomBytes } from 'node:crypto';
import { generateAppKeyPair } from '../../server/apps/app-keys.js';
import { createApp, installApp } from '../../server/apps/apps-store.js';
import type { TokenPrincipal } from '../../server/auth/principal.js';
import { writeAppHook } from '../../server/cli/admin-app-hook.js';
import { createRepository } from '../../server/repos/create-repository.js';
import type { Services } from '../../server/services.js';
import type { CreateAppOptions, TestAccount, TestApp, TestRepository, TestUser } from './types.js';

/** Every scope a personal access token can hold that Wharf checks. */
export const ALL_SCOPES = ['repo', 'delete_repo', 'admin:repo_hook', 'admin:org', 'user', 'workflow', 'gist'];

const loginOf = (account: string | TestAccount) => (typeof account === 'string' ? account : account.login);

export function fixtures(services: Services) {
  const { accounts, tokens, sql, urls } = services;

  async function account(which: string | TestAccount) {
    const found = await accounts.byLogin(loginOf(which));
    if (!found) throw new Error(`@wharf/testing: no user or organization named ${loginOf(which)}`);
    return found;
  }

  async function createToken(user: string | TestAccount, scopes = ALL_SCOPES): Promise<string> {
    return (await tokens.create((await account(user)).id, 'personal', scopes)).token;
  }

  let apps = 0;

  return {
    createToken,

    async createUser(login: string, options: { siteAdmin?: boolean; scopes?: string[] } = {}): Promise<TestUser> {
      const user = await accounts.create(login, 'User', { siteAdmin: options.siteAdmin });
      return { id: user.id, login: user.login, token: await createToken(user.login, options.scopes) };
    },

    async createOrg(login: string, owner: string | TestAccount): Promise<TestAccount> {
      const admin = await account(owner);
      const org = await accounts.create(login, 'Organization');
      await accounts.addMember(org.id, admin.id, 'admin');
      return { id: org.id, login: org.login };
    },

    async createRepository(
      owner: string | TestAccount,
      name: string,
      options: { autoInit?: boolean; private?: boolean; description?: string } = {},
    ): Promise<TestRepository> {
      const row = await account(owner);
      // As if the owner had called POST /user/repos: only the creator's id is read.
      const caller = { kind: 'token', user: { id: row.id, login: row.login, siteAdmin: false } } as TokenPrincipal;
      const repo = await createRepository(services, caller, row.id, {
        name,
        auto_init: options.autoInit ?? false,
        private: options.private ?? false,
        description: options.description,
      });
      return {
        id: repo.id,
        name: repo.name,
        fullName: repo.full_name,
        owner: row.login,
        private: repo.private,
        defaultBranch: repo.default_branch,
      };
    },

    async createApp(owner: string | TestAccount, options: CreateAppOptions = {}): Promise<TestApp> {
      const row = await account(owner);
      const { publicKey, privateKeyPem } = generateAppKeyPair();
      const name = options.name ?? `app-${++apps}-${randomBytes(3).toString('hex')}`;
      const { app } = await createApp(sql, row.id, name, {
        publicKey,
        permissions: options.permissions ?? { metadata: 'read' },
        events: options.events ?? [],
      });
      const hook = options.webhook;
      if (hook) await writeAppHook(sql, app.id, { url: hook.url, secret: hook.secret ?? null });
      return {
        id: app.id,
        slug: app.slug,
        clientId: app.client_id,
        privateKey: privateKeyPem,
        ...(hook?.secret ? { webhookSecret: hook.secret } : {}),
      };
    },

    async installApp(app: TestApp, on: string | TestAccount, repositories?: string[]): Promise<number> {
      const target = await account(on);
      const [row] = await sql<Parameters<typeof installApp>[1][]>`SELECT * FROM apps WHERE id = ${app.id}`;
      if (!row) throw new Error(`@wharf/testing: no app with id ${app.id}`);
      let repositoryIds: number[] | null = null;
      if (repositories) {
        const names = repositories.map((n) => n.toLowerCase());
        const found = await sql<{ id: number }[]>`
          SELECT id FROM repositories WHERE owner_id = ${target.id} AND lower(name) = ANY(${names})`;
        if (found.length !== new Set(names).size)
          throw new Error(`@wharf/testing: ${target.login} lacks one of the repositories ${repositories.join(', ')}`);
        repositoryIds = found.map((r) => r.id);
      }
      return (await installApp(sql, row, target.id, { repositoryIds, urls })).id;
    },
  };
}
