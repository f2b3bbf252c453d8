// The README's examples as users copy them. Every ```ts block of sdk/README.md
// (and of the root README and docs/*.md, where one imports @wharf/sdk) is type-checked with
// sdk/tsconfig.json's options against the SDK's source, so a renamed method or
// option fails here; the blocks that call the API also run, unchanged, against
// a live Wharf seeded with what they name (octocat/hello, hook 1), and what
// they print or change is checked. sdk/README.md's `sh` blocks are planned
// too: the "Webhooks" ones (start Wharf so, then make a hook and an issue)
// run, with its receiver example, as readme-webhook-receiver.ts says.
import { readdirSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../server/test-support/test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../server/test-support/webhook-receiver.js';
import { createTestApp, installTestApp } from '../../server/test-support/apps.js';
import { createClient, type WharfClient } from '../src/index.js';
import {
  captureConsole,
  checkHookAndIssue,
  onAnyPort,
  portOf,
  type ReadmeReceiver,
  startSettings,
} from './readme-webhook-receiver.js';
import { codeBlocks, type CodeBlock } from './support/markdown-code-blocks.js';
import { until } from './support/poll.js';
import { runSnippet, type SnippetRun } from './support/run-snippet.js';
import { typecheckSnippets, type SnippetReport } from './support/typecheck-snippets.js';

// What the examples use without defining it: declared here for the type
// check; when they run, the ones they need are set on globalThis (see
// beforeAll), so an example using an undeclared or mistyped name fails.
const PRELUDE = `
import type { WharfClient, components } from '@wharf/sdk';
declare global {
  const client: WharfClient;                              // as made in "The client"
  const repo: components['schemas']['full-repository'];  // as read in "Calls"
  const baseUrl: string;                                  // the REST root
  const appId: number;                                    // a GitHub App's id
  const pem: string;                                      // its private key (PKCS#1 PEM)
  const rawBody: Uint8Array;                              // a delivery's body, as received
  const request: Request;                                 // a delivery, as a Fetch Request
  const id1: string, id2: string;                         // GraphQL node IDs
}
`;

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
const docsPages = () =>
  readdirSync(new URL('../../docs/', import.meta.url))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
const isTs = (block: CodeBlock) => block.lang === 'ts' || block.lang === 'typescript';
const blocks = [
  ...codeBlocks('sdk/README.md', read('sdk/README.md')).filter((b) => isTs(b) || b.lang === 'sh'),
  ...['README.md', ...docsPages()].flatMap((file) =>
    codeBlocks(file, read(file)).filter((b) => isTs(b) && /['"]@wharf\/sdk['"]/.test(b.code)),
  ),
];
const tsBlocks = blocks.filter(isTs);
const label = (block: CodeBlock) => `${block.file}:${block.line} (${block.heading})`;

let server: TestServer;
let octocat: TestUser;
let pingGuid: string;

type Check = (run: SnippetRun) => void | Promise<void>;
/** `edit` may change only the port an example listens on; `shell` runs an `sh` block; `notRun` says why not. */
type Plan =
  | { check: Check; exports?: string[]; edit?: (code: string) => string }
  | { typeOnly: string }
  | { shell: (code: string) => Promise<void> }
  | { notRun: string };

const get = async <T>(path: string) => (await (await server.api(path, { token: octocat.token })).json()) as T;
const hookOneDeliveries = () => get<{ guid: string; redelivery: boolean }[]>('/repos/octocat/hello/hooks/1/deliveries');
const quiet: Check = (run) => expect([...run.log, ...run.error]).toEqual([]);

// The "Webhooks" receiver, once its example runs (the secret is in its environment).
const WEBHOOK_SECRET = 'readme-receiver-secret';
let readmeReceiver: ReadmeReceiver | undefined;

// How each block is checked, by heading and order under it. Every block must
// have an entry, so a new example is either run or says why it cannot be.
const PLAN: Record<string, Plan[]> = {
  Install: [{ notRun: 'clones and packs the repository; packed-install.test.ts installs the packed SDK' }],
  'The client': [
    {
      exports: ['client'],
      check: async ({ exports }) => {
        const { data } = await (exports.client as WharfClient).users.getAuthenticated();
        expect(data?.login).toBe('octocat');
      },
    },
  ],
  'Calls: one method per operation': [
    {
      check: async (run) => {
        quiet(run);
        const hooks = await get<{ config: { url: string } }[]>('/repos/octocat/hello/hooks');
        expect(hooks.map((hook) => hook.config.url)).toContain('https://ci.example/hook');
        // Hook 1's failed ping was sent again (automatic retries are off, so only the example did that).
        const again = await until(async () => (await hookOneDeliveries()).find((delivery) => delivery.redelivery));
        expect(again.guid).toBe(pingGuid);
      },
    },
    {
      check: async (run) => {
        // The issue it opened is closed, with its comment, so the open ones assigned to octocat are none.
        quiet(run);
        const [issue] = await get<{ title: string; state: string; comments: number }[]>(
          '/repos/octocat/hello/issues?state=all',
        );
        expect(issue).toMatchObject({ title: 'Found a bug', state: 'closed', comments: 1 });
      },
    },
    {
      check: async (run) => {
        expect(run).toMatchObject({ log: ['octocat 1', 'needs-repro fbca04'], error: [] });
        // The comment's reaction is counted on the comment, and the issue has nothing but the +1.
        const [crash] =
          await get<{ title: string; number: number; reactions: { total_count: number } }[]>(
            '/repos/octocat/hello/issues',
          );
        expect(crash).toMatchObject({ title: 'Crash on start', reactions: { total_count: 1 } });
        const [comment] = await get<{ reactions: { heart: number } }[]>(
          `/repos/octocat/hello/issues/${crash!.number}/comments`,
        );
        expect(comment!.reactions.heart).toBe(1);
      },
    },
    { check: quiet },
    { check: quiet },
  ],
  'Errors are values': [
    {
      check: (run) => expect(run).toMatchObject({ log: [], error: ['404 Not Found', 'Validation Failed title'] }),
    },
  ],
  Archives: [{ check: (run) => expect(run).toMatchObject({ log: ['application/x-gzip true'], error: [] }) }],
  'Retries and rate limits': [{ check: quiet }],
  Pagination: [
    {
      check: ({ log, error }) => {
        expect(error).toEqual([]);
        // octocat's one repository, then hook 1's deliveries: the ping, and its redelivery (same guid) once "Calls" ran.
        expect(log[0]).toBe('octocat/hello');
        expect(log.length).toBeGreaterThan(1);
        expect(new Set(log.slice(1))).toEqual(new Set([pingGuid]));
      },
    },
  ],
  GraphQL: [{ check: (run) => expect(run).toMatchObject({ log: ['octocat', 'octocat/hello main'], error: [] }) }],
  // The app installed on octocat's account (beforeAll): listed with its JWT, then acting as the installation.
  Auth: [{ check: (run) => expect(run).toMatchObject({ log: ['readme-app octocat/hello'], error: [] }) }],
  Webhooks: [
    {
      edit: onAnyPort,
      exports: ['server'],
      check: async (run) => {
        quiet(run);
        const server = run.exports.server as Server;
        readmeReceiver = { server, port: await portOf(server), output: captureConsole() };
      },
    },
    { notRun: 'the settings before `npm start` are the live Wharf’s (beforeAll)' },
    {
      shell: (code) => {
        expect(readmeReceiver, 'the receiver example runs first').toBeDefined();
        return checkHookAndIssue(code, {
          server,
          token: octocat.token,
          receiver: readmeReceiver!,
          secret: WEBHOOK_SECRET,
        });
      },
    },
    {
      typeOnly: 'parts of the receiver above; sign, verify and parse run in webhook-signature and webhooks-live tests',
    },
  ],
};

const planned = blocks.map((block) => {
  const index = blocks.filter(
    (b) => b.file === block.file && b.heading === block.heading && b.line < block.line,
  ).length;
  return { block, plan: PLAN[block.heading]?.[index] };
});

it('has a plan entry for every block, and none left over', () => {
  expect(planned.filter((p) => !p.plan).map((p) => `${label(p.block)}: add it to PLAN`)).toEqual([]);
  const counts = Object.fromEntries(
    Object.keys(PLAN).map((heading) => [heading, blocks.filter((b) => b.heading === heading).length]),
  );
  expect(counts).toEqual(Object.fromEntries(Object.entries(PLAN).map(([heading, plans]) => [heading, plans.length])));
});

describe('type-checks', () => {
  let report: SnippetReport;
  beforeAll(() => {
    report = typecheckSnippets(
      tsBlocks.map((block) => ({ id: label(block), code: block.code })),
      PRELUDE,
    );
  });

  it('the prelude and the compiler options', () => expect(report.other).toEqual([]));

  for (const block of tsBlocks) {
    it(label(block), () => {
      const messages = report.bySnippet
        .get(label(block))!
        .map((d) => `${block.file}:${block.line + d.line - 1}: ${d.message}`);
      expect(messages, `${label(block)} does not type-check`).toEqual([]);
    });
  }
});

describe('runs against a live Wharf', () => {
  let receiver: WebhookReceiver;
  let dir: string;

  beforeAll(async () => {
    // As sdk/README.md says to start it for its webhook receiver (which "Calls" relies on too).
    const startLine = blocks.find((b) => b.heading === 'Webhooks' && b.lang === 'sh' && /\bnpm start\s*$/.test(b.code));
    if (!startLine)
      throw new Error('sdk/README.md "Webhooks" no longer says how to start Wharf (NAME=value npm start)');
    server = await startTestServer({
      ...startSettings(startLine.code),
      WHARF_WEBHOOK_RETRY_SCHEDULE: 'none',
      WHARF_WEBHOOK_TIMEOUT: '2s',
    });
    receiver = await startWebhookReceiver();
    receiver.fallback = { status: 500 }; // so that hook 1 has a failed delivery for "Calls" to redeliver
    dir = await mkdtemp(join(tmpdir(), 'wharf-readme-'));
    octocat = await server.createUser('octocat');
    await server.createRepo(octocat.token, { name: 'hello', auto_init: true });
    const hook = await server.api('/repos/octocat/hello/hooks', {
      method: 'POST',
      token: octocat.token,
      body: { config: { url: receiver.url } },
    });
    expect(((await hook.json()) as { id: number }).id, 'the examples name hook 1').toBe(1);
    pingGuid = await until(async () => (await hookOneDeliveries())[0]?.guid);

    const client = createClient({ baseUrl: server.url, token: octocat.token });
    const { data: repo } = await client.repos.get({ owner: 'octocat', repo: 'hello' });
    vi.stubEnv('WHARF_URL', server.url);
    vi.stubEnv('WHARF_TOKEN', octocat.token);
    vi.stubEnv('WEBHOOK_SECRET', WEBHOOK_SECRET); // as the "Webhooks" receiver is started
    // "Auth" lists the installations of an app with its JWT: one, on octocat's account, that can read metadata.
    const readmeApp = await createTestApp(server, octocat.id, 'Readme App', { metadata: 'read' });
    await installTestApp(server, readmeApp.app, octocat.id);
    const globals = {
      client,
      repo,
      baseUrl: server.url,
      id1: repo!.node_id,
      id2: repo!.owner.node_id,
      appId: readmeApp.app.id,
      pem: readmeApp.privateKeyPem,
    };
    for (const [name, value] of Object.entries(globals)) vi.stubGlobal(name, value);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    readmeReceiver?.output.restore();
    readmeReceiver?.server.close();
    readmeReceiver?.server.closeAllConnections(); // Wharf's and the replays' keep-alive sockets
    await Promise.all([server?.close(), receiver?.close(), dir && rm(dir, { recursive: true, force: true })]);
  });

  for (const { block, plan } of planned) {
    if (plan && 'check' in plan) {
      it(label(block), async () => {
        await plan.check(await runSnippet(plan.edit ? plan.edit(block.code) : block.code, dir, plan.exports));
      });
    }
    if (plan && 'shell' in plan) it(label(block), () => plan.shell(block.code));
  }
});
