// Prism, the example server behind the mock: started on an internal port,
// stopped with the mock, and called by the mock's routes through `Upstream`
// (an interface, so tests can put a fake in its place).
import { spawn, type ChildProcess } from 'node:child_process';
import { request, Agent } from 'node:http';
import { fileURLToPath } from 'node:url';

const ROOT = new URL('../../', import.meta.url);
const PRISM_BIN = fileURLToPath(new URL('node_modules/@stoplight/prism-cli/dist/index.js', ROOT));
export const SPEC_PATH = fileURLToPath(new URL('openapi.yaml', ROOT));
// Prism parses and dereferences the whole document before it listens.
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 5_000;

export interface UpstreamRequest {
  method: string;
  /** Path and query, e.g. `/repos/octocat/Hello-World?per_page=1`. */
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

export interface UpstreamResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export type Upstream = (request: UpstreamRequest) => Promise<UpstreamResponse>;

export interface Prism {
  upstream: Upstream;
  /** Settles when prism exits, for whatever reason (its exit code, or null after a signal). */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** Examples are small: answers are read whole, so the mock can reshape them. */
function upstreamAt(port: number, agent: Agent): Upstream {
  return (req) =>
    new Promise((resolve, reject) => {
      const headers = {
        ...req.headers,
        ...(req.body !== undefined ? { 'content-length': String(Buffer.byteLength(req.body)) } : {}),
      };
      const call = request(
        { host: '127.0.0.1', port, method: req.method, path: req.path, headers, agent },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () =>
            resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: Buffer.concat(chunks) }),
          );
          answer.on('error', reject);
        },
      );
      call.on('error', reject);
      call.end(req.body);
    });
}

export async function startPrism(port: number, log: (text: string) => void): Promise<Prism> {
  const child = spawn(process.execPath, [PRISM_BIN, 'mock', SPEC_PATH, '--host', '127.0.0.1', '--port', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  let started = false;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => fail(`prism did not listen within ${START_TIMEOUT_MS / 1000} s`), START_TIMEOUT_MS);
    function fail(reason: string) {
      if (started) return;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${reason}\n${output.slice(-2000)}`));
    }
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      log(text);
      if (output.length < 100_000) output += text;
      // Prism prints this once the port is open.
      if (!started && /Prism is listening on/.test(output)) {
        started = true;
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('error', (error) => fail(`prism could not start: ${error.message}`));
    void exited.then((code) => fail(`prism exited during start-up (code ${code})`));
  });
  // No keep-alive to prism: stopping must not wait on idle upstream sockets.
  const agent = new Agent({ keepAlive: false });
  return {
    upstream: upstreamAt(port, agent),
    exited,
    async stop() {
      agent.destroy();
      await stopChild(child);
    },
  };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
