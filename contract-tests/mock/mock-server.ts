// The mock server: prism serving openapi.yaml's examples, behind a small
// proxy that lets GitHub clients talk to it.
//
// Why a proxy: Octokit and our SDK send `Accept: application/vnd.github+json`,
// but the contract documents every response as `application/json` (GitHub's
// own description does the same). Prism negotiates strictly and answers 406
// to the vendor type. Doubling every response in openapi.yaml under a second
// media type would be noise in the contract, so the proxy rewrites vendor JSON
// types in `Accept` to `application/json` and forwards everything else as is.
// Likewise Octokit sends classic tokens as `Authorization: token …`, which the
// contract documents (securityScheme `token`) but prism, knowing only the
// registered HTTP schemes, refuses with 401: the proxy sends it as `Bearer …`.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../server/free-port.js';

const ROOT = new URL('../../', import.meta.url);
const PRISM_BIN = fileURLToPath(new URL('node_modules/@stoplight/prism-cli/dist/index.js', ROOT));
const SPEC = fileURLToPath(new URL('openapi.yaml', ROOT));
// Prism parses and dereferences the whole document before it listens.
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 5_000;

export interface MockServerOptions {
  /** Public port (0: any free one). */
  port?: number;
  host?: string;
  /** Prism's own log lines (every request and each validation finding); dropped by default. */
  log?: (text: string) => void;
}

export interface MockServer {
  /** Base URL clients use, e.g. `http://127.0.0.1:4010`. */
  url: string;
  /** Settles when prism exits, for whatever reason (its exit code, or null after a signal). */
  prismExited: Promise<number | null>;
  close(): Promise<void>;
}

/**
 * `application/vnd.github+json`, `application/vnd.github.v3+json` and any
 * other `application/vnd.…+json` become `application/json`; parameters such as
 * `;q=0.9` stay, and so does everything else in the list.
 */
export function toPlainJsonAccept(accept: string): string {
  return accept.replace(/application\/vnd\.[^\s,;]+\+json/gi, 'application/json');
}

/** `token X` (GitHub's older form) becomes `Bearer X`; anything else is left alone. */
export function toBearerAuthorization(authorization: string): string {
  return authorization.replace(/^token\s+/i, 'Bearer ');
}

export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const host = options.host ?? '127.0.0.1';
  const prismPort = await freePort();
  const prism = await startPrism(prismPort, options.log ?? (() => {}));
  // No keep-alive to prism: close() must not wait on idle upstream sockets.
  const agent = new Agent({ keepAlive: false });
  const proxy = createServer((req, res) => forward(req, res, prismPort, agent));
  try {
    await new Promise<void>((resolve, reject) => {
      proxy.once('error', reject);
      proxy.listen(options.port ?? 0, host, () => resolve());
    });
  } catch (error) {
    await stopPrism(prism.child);
    throw error;
  }
  const { port } = proxy.address() as { port: number };
  return {
    url: `http://${host}:${port}`,
    prismExited: prism.exited,
    async close() {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      agent.destroy();
      await stopPrism(prism.child);
    },
  };
}

function forward(req: IncomingMessage, res: ServerResponse, prismPort: number, agent: Agent): void {
  const headers = { ...req.headers };
  if (typeof headers.accept === 'string') headers.accept = toPlainJsonAccept(headers.accept);
  if (typeof headers.authorization === 'string') headers.authorization = toBearerAuthorization(headers.authorization);
  const upstream = request(
    { host: '127.0.0.1', port: prismPort, method: req.method, path: req.url, headers, agent },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', (error) => {
    if (res.headersSent) return void res.destroy(error);
    res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: `mock server: prism is unreachable (${error.message})` }));
  });
  req.pipe(upstream);
}

async function startPrism(port: number, log: (text: string) => void): Promise<{ child: ChildProcess; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, [PRISM_BIN, 'mock', SPEC, '--host', '127.0.0.1', '--port', String(port)], {
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
  return { child, exited };
}

async function stopPrism(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
