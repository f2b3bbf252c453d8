// A webhook receiver for tests: a node:http server on 127.0.0.1 that records
// every request (raw body bytes included) and answers with whatever the test
// scripted (status, headers, body, delay), so tests observe real deliveries.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  at: number;
}

export interface ScriptedResponse {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  delayMs?: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedRequest[];
  /** Responses for the next requests, in order; afterwards `fallback`. */
  script(...responses: ScriptedResponse[]): void;
  fallback: ScriptedResponse;
  /** Resolves once `count` requests have arrived (rejects after timeoutMs). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedRequest[] = [];
  const queue: ScriptedResponse[] = [];
  const waiters: Array<() => void> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
        at: Date.now(),
      });
      for (const wake of waiters.splice(0)) wake();
      const response = queue.shift() ?? receiver.fallback;
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(response.status ?? 200, { 'content-type': 'text/plain', ...response.headers });
        res.end(response.body ?? 'ok');
      }, response.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as { port: number }).port;
  const receiver: WebhookReceiver = {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    fallback: { status: 200, body: 'ok' },
    script: (...responses) => void queue.push(...responses),
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} webhook request(s), got ${received.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received.slice(0, count);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return receiver;
}
