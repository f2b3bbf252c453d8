// Tests only: a webhook receiver on 127.0.0.1 that records what arrived. The
// handler answers; one that never answers simulates a hung receiver.
import {
  createServer as createHttpServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** Names as sent, in order: [name, value, name, value, …]. */
  rawHeaders: string[];
  body: Buffer;
}

export type Handler = (request: ReceivedRequest, response: ServerResponse) => void;

export interface Receiver {
  port: number;
  /** `http://127.0.0.1:port` (or https). */
  origin: string;
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

export async function startReceiver(handler: Handler, tls?: { key: string; cert: string }): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const received = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        rawHeaders: req.rawHeaders,
        body: Buffer.concat(chunks),
      };
      requests.push(received);
      handler(received, res);
    });
  };
  const server: Server = tls ? createHttpsServer(tls, listener) : createHttpServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers every request with `status`, `headers` and `body`. */
export function reply(status: number, body = '', headers: Record<string, string | string[]> = {}): Handler {
  return (_request, response) => {
    response.writeHead(status, headers);
    response.end(body);
  };
}
