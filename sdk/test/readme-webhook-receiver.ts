// What sdk/README.md's "Webhooks" section tells a user to do, done by
// readme-examples.test.ts: start Wharf with the settings its `npm start` line
// gives, run the receiver example with only its port changed, and run the
// shell block that makes a token, a hook and an issue, in bash, as written
// (`npx wharf` being this checkout's CLI, on the test's database).
import type { Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { startShellSession } from '../../server/test-support/shell-session.js';
import type { TestServer } from '../../server/test-support/test-server.js';
import { sign } from '../src/index.js';
import { until } from './support/poll.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const README_WHARF = '127.0.0.1:3000';
const README_RECEIVER_PORT = 8080;

/** The settings a `NAME=value … npm start` block puts before `npm start`. */
export function startSettings(code: string): Record<string, string> {
  const words = code.trim().split(/\s+/);
  if (words.slice(-2).join(' ') !== 'npm start') throw new Error(`not an \`npm start\` line: ${code}`);
  return Object.fromEntries(
    words.slice(0, -2).map((pair) => {
      const at = pair.indexOf('=');
      if (at < 1) throw new Error(`not a NAME=value setting: ${pair}`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}

/** The receiver example as written, but listening on a port the system picks. */
export function onAnyPort(code: string): string {
  const listen = `.listen(${README_RECEIVER_PORT}, '127.0.0.1')`;
  if (!code.includes(listen)) throw new Error(`the receiver example no longer says ${listen}`);
  return code.replace(listen, ".listen(0, '127.0.0.1')");
}

export async function portOf(server: Server): Promise<number> {
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
  return (server.address() as { port: number }).port;
}

export interface ReadmeReceiver {
  server: Server;
  port: number;
  output: ReturnType<typeof captureConsole>;
}

/** What console.log and console.error print from now on (the receiver's handlers run after its module loaded). */
export function captureConsole(): { log: string[]; error: string[]; restore(): void } {
  const saved = { log: console.log, error: console.error };
  const captured = { log: [] as string[], error: [] as string[] };
  console.log = (...args: unknown[]) => void captured.log.push(args.map(String).join(' '));
  console.error = (...args: unknown[]) => void captured.error.push(args.map(String).join(' '));
  return { ...captured, restore: () => Object.assign(console, saved) };
}

/**
 * Runs a shell block in bash with `set -eo pipefail`, its Wharf and receiver
 * addresses pointed at the test's; resolves with what it printed on stdout.
 */
export async function runShellBlock(
  code: string,
  at: { wharfUrl: string; receiverPort: number; databaseUrl: string; dataDir: string; cwd: string },
  env: Record<string, string>,
): Promise<string> {
  const text = code
    .replaceAll(README_WHARF, new URL(at.wharfUrl).host)
    .replaceAll(`127.0.0.1:${README_RECEIVER_PORT}`, `127.0.0.1:${at.receiverPort}`);
  const session = startShellSession(
    at.cwd,
    {
      PATH: process.env.PATH,
      HOME: at.cwd,
      // Where `npx wharf admin` finds the running server's database, as in its checkout.
      DATABASE_URL: at.databaseUrl,
      WHARF_DATA_DIR: at.dataDir,
      WHARF_LOG_LEVEL: 'warn',
      WHARF_CLI: join(ROOT, 'bin/wharf.mjs'),
      ...env,
    },
    'npx() { if [ "$1" = wharf ]; then shift; "$WHARF_CLI" "$@"; else command npx "$@"; fi; }',
  );
  try {
    return await session.run(text);
  } finally {
    await session.close();
  }
}

/**
 * Runs the "Webhooks" shell block against the running receiver: the delivery
 * of the issue it opens reaches the `issues.opened` handler, typed (number and
 * title), and the same delivery signed with another secret is refused (401)
 * before any handler runs.
 */
export async function checkHookAndIssue(
  code: string,
  { server, token, receiver, secret }: { server: TestServer; token: string; receiver: ReadmeReceiver; secret: string },
): Promise<void> {
  const { port, output } = receiver;
  const cwd = await mkdtemp(join(tmpdir(), 'wharf-readme-sh-'));
  const at = { wharfUrl: server.url, receiverPort: port, databaseUrl: server.databaseUrl, dataDir: server.dataDir };
  const printed = await runShellBlock(code, { ...at, cwd }, { WEBHOOK_SECRET: secret }).finally(() =>
    rm(cwd, { recursive: true, force: true }),
  );
  const url = `http://127.0.0.1:${port}/hooks`;
  expect(printed).toContain(`"url":"${url}"`);
  const number = /"number":(\d+),"title":"Found a bug"/.exec(printed)?.[1];
  const line = `issue #${number} opened: Found a bug`;
  // Waits for the line, then shows what the handlers printed instead, if it never came.
  await until(async () => output.log.includes(line) || undefined).catch(() => undefined);
  expect(output).toMatchObject({ log: [line], error: [] });

  const get = async <T>(path: string) => (await (await server.api(path, { token })).json()) as T;
  const hooks = await get<{ id: number; config: { url: string } }[]>('/repos/octocat/hello/hooks');
  const deliveries = `/repos/octocat/hello/hooks/${hooks.find((hook) => hook.config.url === url)!.id}/deliveries`;
  const issues = await until(async () =>
    (await get<{ id: number; event: string; status_code: number }[]>(deliveries)).find((d) => d.event === 'issues'),
  );
  expect(issues.status_code).toBe(200);
  const { request } = await get<{ request: { payload: unknown } }>(`${deliveries}/${issues.id}`);
  const body = JSON.stringify(request.payload);
  const deliver = async (key: string) => {
    const headers = {
      'content-type': 'application/json',
      'x-github-event': 'issues',
      'x-github-delivery': 'replayed',
      'x-hub-signature-256': await sign(key, body),
    };
    return (await fetch(url, { method: 'POST', headers, body })).status;
  };
  expect(await deliver('not-the-secret')).toBe(401);
  expect(output.log).toEqual([line]);
  // The same bytes signed with the hook's secret are handled, so the 401 was the signature's doing.
  expect(await deliver(secret)).toBe(200);
  expect(output.log).toEqual([line, line]);
}
