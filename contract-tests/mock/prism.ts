// Prism, the example server behind the mock, run in the mock's own process:
// prism's HTTP server (@stoplight/prism-http-server, as `prism mock` runs it)
// on an internal port, called by the mock's routes through `Upstream` (an
// interface, so tests can put a fake in its place), closed with the mock.
//
// Not `prism mock` as a child: that is a second Node process (≈ 45 MB) that
// parses the contract again, and it logs every operation through a JSON
// repairer before it listens. Prism's packages are loaded from prism-cli's
// own dependencies, so they are the versions the CLI would run.
//
// Prism's operations (the contract dereferenced, decycled and transformed,
// most of its start-up) are plain JSON: they are cached next to the
// contract's JSON (contract-source.ts), keyed by the contract and prism's version.
import { createRequire, Module } from 'node:module';
import { Agent, request } from 'node:http';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { hashOf, readCache, writeCache } from './contract-source.js';

const ROOT = new URL('../../', import.meta.url);
const PRISM_CLI = fileURLToPath(new URL('node_modules/@stoplight/prism-cli/dist/index.js', ROOT));

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
  /** Settles when prism stops (null: it has no exit code, it ran in this process). */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

interface PrismServer {
  listen(port: number, host: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Prism's modules. Its dynamic mode (`Prefer: dynamic=true`) draws on faker,
 * whose main entry loads all 60 locales (≈ 4 s and 80 MB, most of prism's
 * start-up); the English-only entry is put in its place in the module cache
 * first, so only English data is loaded.
 */
function loadPrism() {
  const fromCli = createRequire(PRISM_CLI);
  const fromHttp = createRequire(fromCli.resolve('@stoplight/prism-http'));
  const fakerMain = fromHttp.resolve('@faker-js/faker');
  if (!fromHttp.cache[fakerMain]) {
    const english = fromHttp('@faker-js/faker/locale/en') as object;
    const entry = new Module(fakerMain);
    entry.filename = fakerMain;
    entry.exports = { default: english, faker: english };
    entry.loaded = true;
    fromHttp.cache[fakerMain] = entry;
  }
  return {
    version: (fromCli('@stoplight/prism-http/package.json') as { version: string }).version,
    getHttpOperationsFromSpec: fromCli('@stoplight/prism-http').getHttpOperationsFromSpec as (
      spec: unknown,
    ) => Promise<unknown[]>,
    createServer: fromCli('@stoplight/prism-http-server').createServer as (
      operations: unknown[],
      options: unknown,
    ) => PrismServer,
    createLogger: fromCli('@stoplight/prism-core').createLogger as (
      name: string,
      options: unknown,
      destination: Writable,
    ) => unknown,
  };
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

async function operationsOf(prism: ReturnType<typeof loadPrism>, json: string): Promise<unknown[]> {
  const name = `prism-operations-${hashOf(json)}-${prism.version}.json`;
  const cached = readCache(name);
  if (cached !== undefined) return JSON.parse(cached) as unknown[];
  const operations = await prism.getHttpOperationsFromSpec(JSON.parse(json));
  writeCache(name, JSON.stringify(operations));
  return operations;
}

/**
 * Prism serving the contract (`json`: openapi.yaml as JSON). `log` gets
 * prism's JSON log lines: each request and every way an answer breaks the contract.
 */
export async function startPrism(json: string, log?: (text: string) => void): Promise<Prism> {
  const prism = loadPrism();
  const operations = await operationsOf(prism, json);
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log?.(chunk.toString());
      done();
    },
  });
  const logger = prism.createLogger('HTTP SERVER', { level: log ? 'info' : 'silent' }, destination);
  // The options `prism mock` passes: check requests and answers, examples first.
  const server = prism.createServer(operations, {
    cors: false,
    components: { logger },
    config: {
      validateRequest: true,
      validateResponse: true,
      checkSecurity: true,
      errors: false,
      upstreamProxy: undefined,
      isProxy: false,
      mock: { dynamic: false, ignoreExamples: false },
    },
  });
  const address = await server.listen(0, '127.0.0.1');
  const port = Number(new URL(address).port);
  // No keep-alive to prism: closing must not wait on idle upstream sockets.
  const agent = new Agent({ keepAlive: false });
  let stopped: (code: null) => void = () => {};
  const exited = new Promise<number | null>((resolve) => {
    stopped = resolve;
  });
  let stopping: Promise<void> | undefined;
  return {
    upstream: upstreamAt(port, agent),
    exited,
    stop() {
      stopping ??= (async () => {
        agent.destroy();
        await server.close();
        stopped(null);
      })();
      return stopping;
    },
  };
}
