// The mock server: openapi.yaml's examples (served by prism) and schema.graphql
// (mocked with graphql-yoga), behind a front that answers like the server
// wherever no stored data is involved, so that GitHub clients, and the contract
// kit run against the mock, see the contract's behaviour:
//
// - routing as server/app.ts: operations at / and /api/v3, 405 with `Allow`
//   for other methods, 404 (GitHub's body) elsewhere (rest-routes.ts);
// - the server's request checks, with its own code: a credential where one is
//   required (any token passes), the API version header, path/query/body
//   validation (mock-pipeline.ts, request-checks.ts);
// - GitHub's error bodies and the `X-RateLimit-*` headers on every answer
//   (github-shape.ts);
// - GraphQL at /api/graphql (graphql-door.ts, graphql-mock.ts);
// - the archive download URLs the archive operations redirect to (mock-archives.ts);
// - URLs at the mock's own origin and `Link` pages per request
//   (mock-hypermedia.ts), and a 400 for a `Prefer` prism cannot honour
//   (prefer-check.ts).
//
// Why prism is not spoken to directly: Octokit and our SDK send
// `Accept: application/vnd.github+json` and `Authorization: token …`, which
// prism refuses (406, 401), and its own validation answers in problem+json.
// The front sends prism a canonical request instead (request-checks.ts).
// Prism runs in this process (prism.ts).
import { H3, toNodeHandler } from 'h3';
import { createHttpServer } from '../../server/http/http-server.js';
import { RequestValidator } from '../../server/http/request-validator.js';
import { contractJson } from './contract-source.js';
import { mountGraphqlMock } from './graphql-door.js';
import { mountArchiveDownloads } from './mock-archives.js';
import { exampleOrigin } from './mock-hypermedia.js';
import type { ContractPaths } from './prefer-check.js';
import { startPrism, type Upstream } from './prism.js';
import { mountNotFound, mountRest } from './rest-routes.js';

export { toPlainJsonAccept } from './request-checks.js';

export interface MockServerOptions {
  /** Public port (0: any free one). */
  port?: number;
  host?: string;
  /** Prism's JSON log lines (every request and each validation finding) and the front's warnings; dropped by default. */
  log?: (text: string) => void;
}

export interface MockServer {
  /** Base URL clients use, e.g. `http://127.0.0.1:4010`. */
  url: string;
  /** Settles when prism stops (null: prism runs in this process, so it has no exit code). */
  prismExited: Promise<number | null>;
  close(): Promise<void>;
}

/** The front as an h3 app answering through `upstream` (prism, or a test's fake); `json`: the contract. */
export function createMockApp(upstream: Upstream, log: (text: string) => void = () => {}, json = contractJson()): H3 {
  const spec = JSON.parse(json) as ConstructorParameters<typeof RequestValidator>[0] &
    ContractPaths & { servers?: { url?: string }[] };
  const validator = new RequestValidator(spec);
  const app = new H3();
  const origin = exampleOrigin(spec);
  mountRest(app, { validator, upstream, log, spec, exampleOrigin: origin });
  mountGraphqlMock(app, validator, log, origin);
  mountArchiveDownloads(app);
  mountNotFound(app, log);
  return app;
}

export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  const json = contractJson();
  const prism = await startPrism(json, options.log);
  const server = createHttpServer(toNodeHandler(createMockApp(prism.upstream, log, json)));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => resolve());
    });
  } catch (error) {
    await prism.stop();
    throw error;
  }
  const { port } = server.address() as { port: number };
  return {
    url: `http://${host}:${port}`,
    prismExited: prism.exited,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await prism.stop();
    },
  };
}
