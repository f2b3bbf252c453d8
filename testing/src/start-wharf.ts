// startWharf(): a real Wharf over HTTP on 127.0.0.1, in this process, on a
// database cloned from the migrated template, with its own data directory.
// Deliveries may go to loopback (the receivers) and leave as soon as they are
// committed: the dispatcher is woken by LISTEN/NOTIFY, so nothing polls.
import { createPrivateKey } from 'node:crypto';
import type { Server } from 'node:http';
import { rm } from 'node:fs/promises';
import { createClient } from '@wharf/sdk';
import { toNodeHandler } from 'h3';
import { SignJWT } from 'jose';
import { createWharfApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { connect } from '../../server/db/database.js';
import { createHttpServer } from '../../server/http/http-server.js';
import { createLogger } from '../../server/log.js';
import { adminUrl, cloneDatabase, dropDatabase } from './databases.js';
import { fixtures } from './fixtures.js';
import { scratchDir } from './scratch-dir.js';
import type { StartWharfOptions, TestApp, Wharf, WebhookReceiver } from './types.js';
import { startWebhookReceiver } from './webhook-receiver.js';

/** The settings a test server starts with; `options.env` wins over them. */
const TEST_ENV = {
  WHARF_WEBHOOK_ALLOWED_HOSTS: 'loopback',
  WHARF_LOG_LEVEL: 'error',
};

async function request(url: string, init: { method: string; token: string; body?: unknown }) {
  const response = await fetch(url, {
    method: init.method,
    headers: {
      accept: 'application/vnd.github+json',
      authorization: `Bearer ${init.token}`,
      'content-type': 'application/json',
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`@wharf/testing: ${init.method} ${url}: ${response.status} ${json.message}`);
  return json;
}

export async function startWharf(options: StartWharfOptions = {}): Promise<Wharf> {
  const admin = await adminUrl(options.databaseUrl);
  const databaseUrl = await cloneDatabase(admin);
  const dataDir = await scratchDir('wharf-testing-data-');
  let handler: ReturnType<typeof toNodeHandler> | undefined;
  // Listening first: the server's own URL (in payloads and Link headers) needs the port.
  const server: Server = createHttpServer((req, res) => void handler!(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    ...TEST_ENV,
    ...options.env,
    PORT: String(port),
    WHARF_PUBLIC_URL: url,
    DATABASE_URL: databaseUrl,
    WHARF_DATA_DIR: dataDir,
  });
  const sql = connect(databaseUrl);
  const wharf = await createWharfApp(config, sql, createLogger(config.logLevel));
  handler = toNodeHandler(wharf.app);
  const made = fixtures(wharf.services);
  const receivers = new Set<WebhookReceiver>();
  const apiUrl = `${url}/api/v3`;

  return {
    url,
    apiUrl,
    graphqlUrl: `${url}/api/graphql`,
    ...made,
    client: (token) => createClient({ baseUrl: url, ...(token ? { token } : {}) }),
    async installationToken(app: TestApp, installationId: number) {
      const now = Math.floor(Date.now() / 1000);
      const jwt = await new SignJWT({ iss: String(app.id) })
        .setProtectedHeader({ alg: 'RS256' })
        .setIssuedAt(now - 30)
        .setExpirationTime(now + 540)
        .sign(createPrivateKey(app.privateKey));
      const path = `/app/installations/${installationId}/access_tokens`;
      return String((await request(url + path, { method: 'POST', token: jwt })).token);
    },
    async webhookReceiver(receiverOptions) {
      const receiver = await startWebhookReceiver(receiverOptions);
      receivers.add(receiver);
      return receiver;
    },
    async addRepositoryHook(token, owner, repo, receiver, events = ['*']) {
      const config = { url: receiver.url, content_type: 'json', secret: receiver.secret };
      const hook = await request(`${url}/repos/${owner}/${repo}/hooks`, {
        method: 'POST',
        token,
        body: { name: 'web', active: true, events, config },
      });
      return Number(hook.id);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([...receivers].map((r) => r.close()));
      await wharf.close();
      await sql.end({ timeout: 5 });
      await dropDatabase(admin, databaseUrl);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
