// The README's five-minute tour, run as a reader runs it on a fresh machine:
// `wharf serve` started with the settings the tour puts before `npm start`,
// then every later block in order in one bash session (a `// name.mjs` script
// saved under its name in the current directory, `npx wharf` being this
// checkout's bin), with no git identity or credential helper of the machine's.
// It checks what the reader is told to expect, so a block that breaks fails here.
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../server/db/free-port.js';
import { atPorts, readTour } from '../server/test-support/readme-tour.js';
import { type ShellSession, startShellSession } from '../server/test-support/shell-session.js';
import { startWharf, waitFor200, type WharfProcess } from '../server/test-support/wharf-process.js';

const ROOT = new URL('..', import.meta.url).pathname;
const tour = readTour(join(ROOT, 'README.md'));

let dir: string;
let serverPort: number;
let receiverPort: number;
let server: WharfProcess | undefined;
let session: ShellSession | undefined;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wharf-readme-tour-'));
  // As root the embedded PostgreSQL runs as `postgres`, which must reach the data directory inside.
  await chmod(dir, 0o755);
  // The tour runs in the checkout, where @octokit/rest is installed.
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  await mkdir(join(dir, 'home'));
  serverPort = await freePort();
  receiverPort = await freePort();
  const dataDir = join(dir, '.data');
  server = startWharf('serve', 'serve', {
    DATABASE_URL: '',
    WHARF_DATA_DIR: dataDir,
    PORT: String(serverPort),
    WHARF_LOG_LEVEL: 'warn',
    ...tour.serverEnv,
  });
  await waitFor200(`http://127.0.0.1:${serverPort}/readyz`, 55_000);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: join(dir, 'home'),
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    WHARF_DATA_DIR: dataDir,
    WHARF_CLI: join(ROOT, 'bin/wharf.mjs'),
  };
  session = startShellSession(
    dir,
    env,
    'npx() { if [ "$1" = wharf ]; then shift; "$WHARF_CLI" "$@"; else command npx "$@"; fi; }',
  );
}, 60_000);

afterAll(async () => {
  await session?.close();
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** The lines the tour's receiver (a background job of the session) has printed, once `line` is among them. */
async function receiverLines(line: string, timeoutMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const lines = session!
      .stdout()
      .split('\n')
      .filter((l) => l.startsWith('received '));
    if (lines.includes(line) || Date.now() > deadline) return lines;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the README tour', () => {
  it('runs as written: user and token, curl, Octokit, GraphQL, a webhook receiver, clone and push', async () => {
    const outputs: { text: string; out: string }[] = [];
    for (const block of tour.blocks) {
      const text = atPorts(block.text, serverPort, receiverPort);
      // "Save this as name": written where the reader's shell is, by the shell itself.
      const script = block.kind === 'file' ? `cat > ${block.name} <<'TOUR_FILE_END'\n${text}TOUR_FILE_END` : text;
      outputs.push({ text: block.text, out: await session!.run(script) });
    }
    const outputOf = (needle: string) => {
      const hits = outputs.filter((o) => o.text.includes(needle));
      expect(hits.length, `tour blocks containing ${needle}`).toBe(1);
      return hits[0]!.out;
    };

    const user = JSON.parse(outputOf('create-user').split('\n')[0]!);
    expect(user).toMatchObject({ login: 'alice', site_admin: false, email: 'alice@example.com' });

    // The three curl calls print their bodies one after another.
    const rest = outputOf('/user/repos');
    expect(rest).toMatch(/^\{"login":"alice","id":\d+,/);
    expect(rest).toContain('"full_name":"alice/hello"');
    expect(rest).toMatch(/"number":1,"title":"Found a bug"/);

    expect(outputOf('node tour.mjs').trim()).toBe("alice/hello main [ 'Found a bug' ]");

    expect(JSON.parse(outputOf('/api/graphql'))).toEqual({
      data: {
        viewer: { login: 'alice' },
        repository: {
          defaultBranchRef: { name: 'main' },
          issues: { nodes: [{ number: 1, title: 'Found a bug' }] },
        },
      },
    });

    const hook = outputOf('/hooks');
    expect(hook).toContain(`"url":"http://127.0.0.1:${receiverPort}/"`);
    expect(hook).toContain('"events":["push"]');

    outputOf('git clone');
    expect(existsSync(join(dir, 'hello/hi.txt'))).toBe(true);
    expect(session!.stderr()).toMatch(/\.\.[0-9a-f]+ {2}main -> main/);
    // The push's delivery, signed with the hook's secret, as the receiver prints it.
    expect(await receiverLines('received push refs/heads/main Say hi', 20_000)).toContain(
      'received push refs/heads/main Say hi',
    );
  }, 60_000);
});
