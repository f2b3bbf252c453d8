// `npm run mock -- --stateful`: a real, empty Wharf instead of the examples,
// for users whose tests need what they create to exist. `wharf serve` (the
// built dist/, bin/wharf.mjs) on a fresh data directory with its embedded
// PostgreSQL, webhooks to loopback receivers allowed, and one user (octocat)
// with a token of every scope; closing stops it and deletes the data.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { KNOWN_SCOPES } from '../../server/access/token-scopes.js';
import { freePort } from '../../server/db/free-port.js';

const WHARF = fileURLToPath(new URL('../../bin/wharf.mjs', import.meta.url));
// The first start runs initdb and, after a source change, the build.
const START_TIMEOUT_MS = 180_000;
// Wharf stops its embedded PostgreSQL on SIGTERM: give it time before SIGKILL.
const STOP_TIMEOUT_MS = 30_000;

export interface StatefulMockOptions {
  /** Public port (0: any free one). */
  port?: number;
  host?: string;
  /** The user to create (default octocat). */
  login?: string;
  /** Wharf's stderr (its logs at WHARF_LOG_LEVEL, warn by default); dropped by default. */
  log?: (text: string) => void;
}

export interface StatefulMock {
  url: string;
  login: string;
  /** A personal token of `login` with every scope. */
  token: string;
  /** Wharf's data directory (embedded PostgreSQL, repositories), deleted by close(). */
  dataDir: string;
  /** Settles when Wharf exits, for whatever reason. */
  exited: Promise<number | null>;
  /** Stops Wharf and deletes its data. */
  close(): Promise<void>;
}

function wharfEnv(port: number, host: string, dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: host,
    WHARF_DATA_DIR: dataDir,
    WHARF_LOG_LEVEL: process.env.WHARF_LOG_LEVEL ?? 'warn',
    // A test's webhook receiver listens on this machine, which Wharf refuses by default.
    WHARF_WEBHOOK_ALLOWED_HOSTS: process.env.WHARF_WEBHOOK_ALLOWED_HOSTS ?? 'external,loopback',
  };
  // Unset: the embedded PostgreSQL in the data directory, never a database of the caller's.
  delete env.DATABASE_URL;
  delete env.WHARF_PUBLIC_URL;
  return env;
}

/** Resolves once Wharf printed its first-start admin token and answers it; rejects if it exits first. */
async function started(child: ChildProcess, url: string, log: (text: string) => void): Promise<void> {
  let output = '';
  const token = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`wharf did not start in ${START_TIMEOUT_MS / 1000} s`)),
      START_TIMEOUT_MS,
    );
    child.stderr!.setEncoding('utf8').on('data', (text: string) => {
      log(text);
      output = (output + text).slice(-4000);
      const found = /^(ghp_\w+)$/m.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`wharf exited during start-up (code ${code}):\n${output}`));
    });
  });
  // The token is printed before the HTTP server listens.
  for (const deadline = Date.now() + START_TIMEOUT_MS; ; ) {
    const answer = await fetch(`${url}/user`, { headers: { authorization: `token ${token}` } }).catch(() => null);
    await answer?.arrayBuffer();
    if (answer?.status === 200) return;
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`wharf is not answering at ${url}:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

export async function startStatefulMock(options: StatefulMockOptions = {}): Promise<StatefulMock> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port || (await freePort());
  const login = options.login ?? 'octocat';
  const dataDir = await mkdtemp(join(tmpdir(), 'wharf-mock-'));
  // As root the embedded cluster runs as `postgres`, which must reach the data directory.
  await chmod(dataDir, 0o755);
  const env = wharfEnv(port, host, dataDir);
  const child = spawn(process.execPath, [WHARF, 'serve'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const close = async () => {
    await stop(child);
    await rm(dataDir, { recursive: true, force: true });
  };
  const url = `http://${host}:${port}`;
  try {
    await started(child, url, options.log ?? (() => {}));
    // `wharf admin` joins the running server's embedded cluster through the data directory.
    const admin = (...args: string[]) => promisify(execFile)(process.execPath, [WHARF, 'admin', ...args], { env });
    await admin('create-user', login);
    const { stdout } = await admin('create-token', login, '--scopes', KNOWN_SCOPES.join(','), '--note', 'mock');
    return { url, login, token: stdout.trim(), dataDir, exited, close };
  } catch (error) {
    await close();
    throw error;
  }
}
