// The one way request bodies are read (REST operations, the OAuth endpoints,
// GraphQL, web forms, the mock front). A body costs at most its cap in
// memory: a Content-Length above the cap is refused before a byte is read, a
// chunked body is counted as it arrives and dropped the moment it passes the
// cap, and a body that arrives too slowly is cut off (slowloris). Refusals
// carry `Connection: close`: the rest of the body is never read, so the
// socket is closed once the answer is out (see http-server.ts) instead of
// Node draining, say, 100 MB into a kept-alive connection.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { H3Event } from 'h3';
import { ApiError } from './api-error.js';

import { DEFAULT_BODY_TIMEOUT_MS, DEFAULT_MAX_BODY_BYTES } from '../config.js';

export interface BodyLimits {
  maxBytes: number;
  /** From the first byte read to the last; 0: no deadline (streaming routes, later). */
  timeoutMs: number;
}

/** The defaults, for readers without a configuration (the mock front). */
export const DEFAULT_BODY_LIMITS: BodyLimits = { maxBytes: DEFAULT_MAX_BODY_BYTES, timeoutMs: DEFAULT_BODY_TIMEOUT_MS };

const CLOSE = { connection: 'close' };
export const payloadTooLarge = () => new ApiError(413, 'Payload too large', undefined, CLOSE);
const bodyTimedOut = () => new ApiError(408, 'Request body timed out', undefined, CLOSE);
/**
 * The client hung up mid-body: nothing to answer and nothing wrong with the
 * server. 499 is nginx's "client closed request"; no one receives it, but it
 * keeps the outcome an ApiError (not logged as an error) and visible in the
 * debug request log.
 */
export const clientClosedRequest = () => new ApiError(499, 'Client closed request');

function declaredLength(event: H3Event): number | undefined {
  const raw = event.req.headers.get('content-length');
  if (raw === null || !/^\d+$/.test(raw.trim())) return undefined;
  return Number(raw);
}

/**
 * Each request's body, read once: an operation run again for the same request
 * (route-runner.ts follows a rename that landed mid-request) gets the same
 * bytes, not the empty rest of a consumed stream.
 */
const bodiesRead = new WeakMap<H3Event, Promise<Buffer>>();

/** The body's bytes, within `limits`; throws ApiError 413, 408 or 499. */
export function readBodyBytes(event: H3Event, limits: BodyLimits): Promise<Buffer> {
  let read = bodiesRead.get(event);
  if (!read) {
    read = readBodyBytesOnce(event, limits);
    bodiesRead.set(event, read);
  }
  return read;
}

function readBodyBytesOnce(event: H3Event, limits: BodyLimits): Promise<Buffer> {
  const length = declaredLength(event);
  if (length !== undefined && length > limits.maxBytes) return Promise.reject(payloadTooLarge());
  const node = event.runtime?.node;
  if (node?.req) {
    const req = node.req as IncomingMessage;
    // The client waits for this before sending the body (see http-server.ts).
    if (/^100-continue$/i.test(req.headers.expect ?? '') && node.res && !node.res.headersSent)
      (node.res as ServerResponse).writeContinue();
    return readNodeBody(req, limits, length);
  }
  return readWebBody(event.req.body, limits);
}

/** The body decoded as UTF-8, once, at the end. */
export async function readBodyText(event: H3Event, limits: BodyLimits): Promise<string> {
  return (await readBodyBytes(event, limits)).toString('utf8');
}

/**
 * Straight from Node's IncomingMessage rather than srvx's web stream over it:
 * one Buffer per socket read, no stream adapter, and pausing it stops the
 * socket (backpressure) so an over-cap body stays in the kernel, unread.
 */
function readNodeBody(req: IncomingMessage, limits: BodyLimits, length: number | undefined): Promise<Buffer> {
  if (req.readableEnded) return Promise.resolve(Buffer.alloc(0));
  if (req.destroyed) return Promise.reject(clientClosedRequest());
  return new Promise((resolve, reject) => {
    // A declared length (already checked against the cap) is allocated once;
    // a chunked body is gathered and joined at the end.
    const whole = length !== undefined ? Buffer.allocUnsafe(length) : undefined;
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = limits.timeoutMs > 0 ? setTimeout(() => fail(bodyTimedOut()), limits.timeoutMs) : undefined;
    const onData = (chunk: Buffer) => {
      if (size + chunk.length > limits.maxBytes || (whole && size + chunk.length > whole.length))
        return fail(payloadTooLarge());
      if (whole) chunk.copy(whole, size);
      else chunks.push(chunk);
      size += chunk.length;
    };
    const onEnd = () => {
      cleanup();
      resolve(whole ? whole.subarray(0, size) : Buffer.concat(chunks, size));
    };
    // Node reports a hang-up as 'aborted'/'error' (ECONNRESET) and then 'close' without 'end'.
    const onGone = () => fail(clientClosedRequest());
    const onClose = () => {
      if (!req.complete) onGone();
    };
    function cleanup() {
      clearTimeout(timer);
      req.off('data', onData).off('end', onEnd).off('error', onGone).off('close', onClose);
    }
    function fail(error: ApiError) {
      cleanup();
      req.pause();
      chunks.length = 0;
      reject(error);
    }
    req.on('data', onData).once('end', onEnd).once('error', onGone).once('close', onClose);
  });
}

/** Any other runtime (app.fetch in tests): the web stream, cancelled at the cap. */
async function readWebBody(body: ReadableStream<Uint8Array> | null, limits: BodyLimits): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timedOut = false;
  const timer =
    limits.timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          void reader.cancel();
        }, limits.timeoutMs)
      : undefined;
  try {
    for (;;) {
      let step: ReadableStreamReadResult<Uint8Array>;
      try {
        step = await reader.read();
      } catch {
        throw timedOut ? bodyTimedOut() : clientClosedRequest();
      }
      if (timedOut) throw bodyTimedOut();
      if (step.done) return Buffer.concat(chunks, size);
      size += step.value.byteLength;
      if (size > limits.maxBytes) {
        void reader.cancel();
        throw payloadTooLarge();
      }
      chunks.push(step.value);
    }
  } finally {
    clearTimeout(timer);
  }
}
