// Receivers for a Webhooks instance: createNodeMiddleware for node:http and
// Express-style servers, createWebMiddleware for Fetch (Deno, Bun, edge
// runtimes, service workers). Both answer as @octokit/webhooks' middleware:
// 200 once every handler has run, 401 for a wrong or missing signature, 400
// for a malformed delivery, 500 when a handler threw, 404 off the path, 405
// for a method other than POST.
import { readRawBody, type NodeRequestLike } from './adapters.js';
import { parseWebhook, type WebhookHeaders } from './parse-webhook.js';
import { WebhookPayloadError, WebhookVerificationError } from './webhook-errors.js';
import type { Webhooks } from './webhooks.js';

export interface MiddlewareOptions {
  /** The path deliveries are POSTed to; default `/api/github/webhooks` (octokit's). */
  path?: string;
}

const DEFAULT_PATH = '/api/github/webhooks';

interface Answer {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

async function answer(webhooks: Webhooks, headers: WebhookHeaders, body: () => Promise<Uint8Array>): Promise<Answer> {
  let event: Awaited<ReturnType<typeof parseWebhook>>;
  try {
    event = await parseWebhook(headers, await body(), webhooks.secrets, { vendor: webhooks.vendor });
  } catch (error) {
    if (error instanceof WebhookVerificationError) return { status: 401, body: `${error.message}\n` };
    if (error instanceof WebhookPayloadError) return { status: 400, body: `${error.message}\n` };
    throw error;
  }
  try {
    await webhooks.receive(event);
  } catch {
    // The handlers' messages are the receiver's business, not the sender's.
    return { status: 500, body: 'a webhook handler failed\n' };
  }
  return { status: 200, body: 'ok\n' };
}

function route(method: string | undefined, url: string | undefined, path: string): 'off-path' | Answer | undefined {
  if (new URL(url ?? '/', 'http://receiver.invalid').pathname !== path) return 'off-path';
  if (method !== 'POST') return { status: 405, body: 'POST only\n', headers: { allow: 'POST' } };
  return undefined;
}

/** node:http's ServerResponse (and Express's), as far as the middleware uses it. */
export interface NodeResponseLike {
  writeHead(status: number, headers?: Record<string, string>): unknown;
  end(body?: string): unknown;
}

export type NodeMiddleware = (
  request: NodeRequestLike & { method?: string; url?: string },
  response: NodeResponseLike,
  next?: () => void,
) => Promise<boolean>;

/**
 * `(req, res, next?)`: handles a delivery to `path` and resolves true; off the
 * path it calls `next` (Express) or answers 404, and resolves false.
 */
export function createNodeMiddleware(webhooks: Webhooks, options: MiddlewareOptions = {}): NodeMiddleware {
  const path = options.path ?? DEFAULT_PATH;
  return async (request, response, next) => {
    const routed = route(request.method, request.url, path);
    if (routed === 'off-path') {
      if (next) next();
      else {
        response.writeHead(404, { 'content-type': 'text/plain' });
        response.end('not found\n');
      }
      return false;
    }
    const result = routed ?? (await answer(webhooks, request.headers, () => readRawBody(request)));
    response.writeHead(result.status, { 'content-type': 'text/plain', ...result.headers });
    response.end(result.body);
    return true;
  };
}

/** `(request) => Promise<Response>` for Fetch servers: `Deno.serve(createWebMiddleware(webhooks))`. */
export function createWebMiddleware(
  webhooks: Webhooks,
  options: MiddlewareOptions = {},
): (request: Request) => Promise<Response> {
  const path = options.path ?? DEFAULT_PATH;
  return async (request) => {
    const routed = route(request.method, request.url, path);
    const result =
      routed === 'off-path'
        ? { status: 404, body: 'not found\n' }
        : (routed ??
          (await answer(webhooks, request.headers, async () => new Uint8Array(await request.arrayBuffer()))));
    return new Response(result.body, {
      status: result.status,
      headers: { 'content-type': 'text/plain', ...result.headers },
    });
  };
}
