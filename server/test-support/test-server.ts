// A real Wharf server over real HTTP on 127.0.0.1, on a fresh database cloned
// from the migrated template, for one test file.
import type { Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toNodeHandler } from 'h3';
import { inject } from 'vitest';
import { cloneDatabase, dropDatabase } from '../../testing/src/databases.js';
import { createWharfApp } from '../app.js';
import { loadConfig } from '../config.js';
import { connect, type Sql } from '../db/database.js';
import { createHttpServer } from '../http/http-server.js';
import { createLogger } from '../log.js';
import type { Services } from '../services.js';
import type { TokenKind } from '../auth/token-secret.js';
import type { components } from '../generated/openapi.js';

export type CreatedRepository = components['schemas']['full-repository'];

/** A gist made by `POST /gists`: its database id, its name (REST's `id`) and the answer. */
export interface CreatedGist {
  id: number;
  name: string;
  body: components['schemas']['gist-simple'];
}

export interface TestUser {
  id: number;
  login: string;
  token: string;
}

export interface TestServer {
  url: string;
  services: Services;
  sql: Sql;
  databaseUrl: string;
  dataDir: string;
  /** Log lines the server wrote (JSON), kept instead of printed. */
  logs: string[];
  createUser(login: string, options?: { siteAdmin?: boolean; scopes?: string[] }): Promise<TestUser>;
  createOrg(login: string, ownerId: number): Promise<{ id: number; login: string }>;
  /** `POST /user/repos` as the token's user; throws unless it answers 201. */
  createRepo(token: string, body: { name: string } & Record<string, unknown>): Promise<CreatedRepository>;
  /** `POST /gists` as the token's user (a `gist` scope); throws unless it answers 201. Files default to one. */
  createGist(
    token: string,
    body?: { description?: string | null; public?: boolean; files?: Record<string, { content: string }> },
  ): Promise<CreatedGist>;
  tokenFor(userId: number, scopes?: string[], kind?: TokenKind): Promise<string>;
  api(
    path: string,
    options?: { method?: string; token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> },
  ): Promise<Response>;
  close(): Promise<void>;
}

export const ALL_SCOPES = ['repo', 'delete_repo', 'admin:repo_hook', 'user', 'gist'];

/** A new database with Wharf's schema, cloned from the run's template (global-setup.ts). */
export const createTestDatabase = (): Promise<string> => cloneDatabase(inject('pgAdminUrl'));

export const dropTestDatabase = (url: string): Promise<void> => dropDatabase(inject('pgAdminUrl'), url);

export async function startTestServer(
  env: Record<string, string> = {},
  options: { now?: () => number; onStatement?: (query: string) => void } = {},
): Promise<TestServer> {
  const databaseUrl = await createTestDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), 'wharf-test-data-'));
  let handler: ((...args: Parameters<ReturnType<typeof toNodeHandler>>) => void) | undefined;
  // The production server (timeouts, closing after an unread body), listening before the app exists.
  const server: Server = createHttpServer((req, res) => void handler!(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  const config = loadConfig({
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    WHARF_DATA_DIR: dataDir,
    WHARF_LOG_LEVEL: 'error',
    ...env,
  });
  const sql = connect(databaseUrl, { onStatement: options.onStatement });
  const logs: string[] = [];
  const wharf = await createWharfApp(
    config,
    sql,
    createLogger(config.logLevel, (line) => void logs.push(line)),
    options.now,
  );
  handler = toNodeHandler(wharf.app);
  const url = `http://127.0.0.1:${port}`;
  const services = wharf.services;

  const tokenFor = async (userId: number, scopes = ALL_SCOPES, kind: TokenKind = 'personal') =>
    (await services.tokens.create(userId, kind, scopes)).token;

  const api: TestServer['api'] = (path, opts = {}) => {
    const headers: Record<string, string> = { accept: 'application/vnd.github+json', ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined = opts.rawBody;
    if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    return fetch(url + path, { method: opts.method ?? 'GET', headers, body });
  };

  return {
    url,
    services,
    sql,
    databaseUrl,
    dataDir,
    logs,
    tokenFor,
    async createUser(login, opts = {}) {
      const user = await services.accounts.create(login, 'User', { siteAdmin: opts.siteAdmin });
      return { id: user.id, login: user.login, token: await tokenFor(user.id, opts.scopes) };
    },
    async createOrg(login, ownerId) {
      const org = await services.accounts.create(login, 'Organization');
      await services.accounts.addMember(org.id, ownerId, 'admin');
      return { id: org.id, login: org.login };
    },
    async createRepo(token, body) {
      const created = await api('/user/repos', { method: 'POST', token, body });
      if (created.status !== 201)
        throw new Error(`POST /user/repos answered ${created.status}: ${await created.text()}`);
      return (await created.json()) as CreatedRepository;
    },
    async createGist(token, body = {}) {
      const files = body.files ?? { 'notes.md': { content: '# Notes\n' } };
      const created = await api('/gists', { method: 'POST', token, body: { ...body, files } });
      if (created.status !== 201) throw new Error(`POST /gists answered ${created.status}: ${await created.text()}`);
      const gist = (await created.json()) as CreatedGist['body'];
      const [row] = await sql<{ id: number }[]>`SELECT id FROM gists WHERE name = ${gist.id}`;
      return { id: row!.id, name: gist.id, body: gist };
    },
    api,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await wharf.close();
      await sql.end({ timeout: 5 });
      await dropTestDatabase(databaseUrl);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
