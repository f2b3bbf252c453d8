// A webhook receiver for tests: an HTTP server on 127.0.0.1 that checks each
// delivery's X-Hub-Signature-256 with the SDK and keeps verified deliveries
// and refused ones apart, so a test can wait for the event its action should
// have caused and also see that nothing unsigned got through.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { verifySignature } from '@wharf/sdk';
import type { RejectedDelivery, WaitForOptions, WebhookReceiver, WebhookReceiverOptions } from './types.js';
import type { ReceivedEvent, WebhookEventName } from './webhook-types.js';

type AnyEvent = ReceivedEvent<WebhookEventName>;

interface Waiter {
  matches(event: AnyEvent): boolean;
  resolve(event: AnyEvent): void;
}

const DEFAULT_TIMEOUT_MS = 5_000;

/** `issues` matches every issues delivery, `issues.opened` those whose payload's action is `opened`. */
function named(event: AnyEvent, name: string): boolean {
  const action = (event.payload as { action?: unknown } | null)?.action;
  return name === event.name || (typeof action === 'string' && name === `${event.name}.${action}`);
}

function headersOf(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.headers)) if (value !== undefined) out[key] = String(value);
  return out;
}

/** The JSON payload, sent as the body or (content type `form`) as its `payload` field. */
function payloadOf(body: string, contentType: string | undefined): unknown {
  const text = contentType?.startsWith('application/x-www-form-urlencoded')
    ? new URLSearchParams(body).get('payload')
    : body;
  return JSON.parse(text ?? '');
}

export async function startWebhookReceiver(options: WebhookReceiverOptions = {}): Promise<WebhookReceiver> {
  const secret = options.secret ?? randomBytes(16).toString('hex');
  const deliveries: AnyEvent[] = [];
  const rejected: RejectedDelivery[] = [];
  const waiters = new Set<Waiter>();

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const headers = headersOf(req);
    const refuse = (reason: RejectedDelivery['reason'], status: number) => {
      rejected.push({ reason, headers, body: raw.toString('utf8') });
      res.writeHead(status).end();
    };
    // Awaited: the SDK's check is asynchronous where it runs on Web Crypto.
    if (!(await verifySignature(secret, raw, headers['x-hub-signature-256']))) return refuse('signature', 401);
    let payload: unknown;
    try {
      payload = payloadOf(raw.toString('utf8'), headers['content-type']);
    } catch {
      return refuse('payload', 400);
    }
    const hookId = Number(headers['x-github-hook-id']);
    const event = {
      id: headers['x-github-delivery'] ?? '',
      name: headers['x-github-event'] ?? '',
      payload,
      ...(Number.isSafeInteger(hookId) ? { hookId } : {}),
    };
    deliveries.push(event as AnyEvent);
    for (const waiter of waiters) if (waiter.matches(event as AnyEvent)) waiter.resolve(event as AnyEvent);
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  return {
    url: `http://127.0.0.1:${port}/`,
    secret,
    deliveries,
    rejected,
    waitFor<N extends WebhookEventName>(
      name: N,
      predicate: (event: ReceivedEvent<N>) => boolean = () => true,
      { timeoutMs = DEFAULT_TIMEOUT_MS }: WaitForOptions = {},
    ): Promise<ReceivedEvent<N>> {
      const matches = (event: AnyEvent) => named(event, name) && predicate(event as ReceivedEvent<N>);
      const seen = deliveries.find(matches);
      if (seen) return Promise.resolve(seen as ReceivedEvent<N>);
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          matches,
          resolve: (event) => {
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve(event as ReceivedEvent<N>);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const got = deliveries.map((e) => e.name).join(', ') || 'none';
          reject(
            new Error(`no ${name} delivery within ${timeoutMs} ms (received: ${got}; rejected: ${rejected.length})`),
          );
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
