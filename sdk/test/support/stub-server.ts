// A tiny node:http server on 127.0.0.1 for transport tests: every request is
// recorded (method, path, headers, body) and answered by the test's handler,
// which may also cut the connection to simulate a network error.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';

export interface StubRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type StubHandler = (request: StubRequest, index: number, res: ServerResponse) => void;

export interface Stub {
  url: string;
  requests: StubRequest[];
  close(): Promise<void>;
}

export async function startStub(handler: StubHandler): Promise<Stub> {
  const requests: StubRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      handler(request, requests.length - 1, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A JSON answer with rate-limit headers, as Wharf sends. */
export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    'x-ratelimit-limit': '100',
    'x-ratelimit-remaining': '99',
    'x-ratelimit-used': '1',
    'x-ratelimit-reset': '2000000000',
    'x-ratelimit-resource': 'core',
    ...headers,
  });
  res.end(JSON.stringify(body));
}
