// Receiving from a server framework: read the raw body (the signature is over
// the exact bytes, so never a re-serialized parsed body), then parseWebhook.
// The node:http side is typed structurally, so these types need no @types/node.
import { parseWebhook, type ParseWebhookOptions } from './parse-webhook.js';
import type { ParsedWebhookEvent } from './webhook-events.js';
import { WebhookPayloadError } from './webhook-errors.js';

/** node:http's IncomingMessage (and Express/Koa requests, which are one), unread. */
export interface NodeRequestLike extends AsyncIterable<Uint8Array | string> {
  headers: Readonly<Record<string, string | readonly string[] | undefined>>;
}

/** GitHub caps payloads at 25 MB; a larger body is refused rather than buffered. */
export const MAX_WEBHOOK_BYTES = 25 * 1024 * 1024;

export async function readRawBody(request: NodeRequestLike, maxBytes = MAX_WEBHOOK_BYTES): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request) {
    const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
    size += bytes.length;
    if (size > maxBytes) throw new WebhookPayloadError(`body larger than ${maxBytes} bytes`);
    chunks.push(bytes);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.length;
  }
  return body;
}

export interface NodeWebhookOptions extends ParseWebhookOptions {
  /** The largest body read (default 25 MB, GitHub's cap). */
  maxBytes?: number;
}

export async function parseNodeWebhook(
  request: NodeRequestLike,
  secret: string | readonly string[],
  options: NodeWebhookOptions = {},
): Promise<ParsedWebhookEvent> {
  return parseWebhook(request.headers, await readRawBody(request, options.maxBytes), secret, options);
}

export async function parseFetchWebhook(
  request: Request,
  secret: string | readonly string[],
  options: ParseWebhookOptions = {},
): Promise<ParsedWebhookEvent> {
  return parseWebhook(request.headers, new Uint8Array(await request.arrayBuffer()), secret, options);
}
