// One webhook delivery attempt over HTTP(S): POST the signed bytes, read a
// bounded response, and report what happened. Never throws; a delivery that
// got no HTTP response says why in `failure` and `status`. Only the allow-list
// decides where it may connect (see guarded-lookup.ts); no proxy, no redirects,
// no connection reuse, and certificate checks can be skipped per request.
import { request as httpRequest, STATUS_CODES, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest, type RequestOptions } from 'node:https';
import { isIP } from 'node:net';
import { bareAddress } from './address-class.js';
import { describeRefusal, isAllowed, type AllowList } from './allowed-hosts.js';
import { guardedLookup } from './guarded-lookup.js';
import { failureKind, failureStatus, type OutboundFailure } from './outbound-failure.js';
import { capResponseBody } from './response-body.js';
import { retryAfterSeconds } from './retry-after.js';

export interface OutboundRequest {
  /** http: or https: only. */
  url: string;
  /** Sent as given (Content-Type, User-Agent, X-GitHub-*, signature). */
  headers: Record<string, string>;
  /** Exact bytes (they were signed). */
  body: Buffer;
  /** Whole attempt: connect + response headers + body. */
  timeoutMs: number;
  /** Skip TLS certificate validation for this request only. */
  insecureSsl: boolean;
  allowList: AllowList;
  /** Cap on the stored response body. */
  maxResponseBytes: number;
  /** Shutdown. */
  signal?: AbortSignal;
}

export interface OutboundResult {
  /** 0 when there was no (complete) HTTP response; then `failure` says why. */
  statusCode: number;
  /** The reason phrase, or why there was no response. */
  status: string;
  failure: null | OutboundFailure;
  /** Lower-case names; repeated headers joined with ", ". */
  responseHeaders: Record<string, string>;
  /** UTF-8, at most maxResponseBytes bytes. */
  responseBody: string;
  responseTruncated: boolean;
  durationS: number;
  /** From Retry-After on 429/503 responses only. */
  retryAfterS: number | null;
}

type Outcome = Omit<OutboundResult, 'durationS'>;

function noResponse(failure: OutboundFailure, status: string): Outcome {
  return {
    statusCode: 0,
    status,
    failure,
    responseHeaders: {},
    responseBody: '',
    responseTruncated: false,
    retryAfterS: null,
  };
}

function elapsedSeconds(started: number): number {
  return Math.round(performance.now() - started) / 1000;
}

function joinHeaders(response: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, values] of Object.entries(response.headersDistinct)) if (values) headers[name] = values.join(', ');
  return headers;
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

/**
 * What sendWebhook does before any connection: the URL must be http(s), and an
 * IP-literal host is checked here because Node connects to it without a lookup.
 * Status texts never include the URL, whose userinfo may hold a password.
 */
function precheck(request: OutboundRequest): Outcome | URL {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return noResponse('invalid_url', 'invalid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return noResponse(
      'invalid_url',
      `unsupported URL scheme ${JSON.stringify(url.protocol.slice(0, -1))}; only http and https`,
    );
  }
  const host = bareAddress(url.hostname);
  if (host === '') return noResponse('invalid_url', 'URL has no host');
  if (isIP(host) !== 0 && !isAllowed(request.allowList, host, host))
    return noResponse('refused', describeRefusal(host, host));
  if (request.signal?.aborted) return noResponse('connection', 'aborted: shutting down');
  return url;
}

function deliver(request: OutboundRequest, url: URL): Promise<Outcome> {
  return new Promise((resolve) => {
    const limit = Math.max(0, Math.floor(request.maxResponseBytes));
    let client: ClientRequest | undefined;
    let response: IncomingMessage | undefined;
    let settled = false;
    const chunks: Buffer[] = [];
    let kept = 0;
    let received = 0;

    const settle = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
      // Stops reading: a receiver that streams forever gets its socket closed.
      response?.destroy();
      client?.destroy();
      resolve(outcome);
    };
    // After the headers, a failure still keeps what arrived, for diagnosis.
    const partial = (failure: OutboundFailure, status: string): Outcome => {
      if (!response) return noResponse(failure, status);
      const body = capResponseBody(Buffer.concat(chunks), limit, received > kept);
      const reading = ` while reading the body of a ${response.statusCode ?? 0} response`;
      return {
        ...noResponse(failure, status + reading),
        responseHeaders: joinHeaders(response),
        responseBody: body.text,
        responseTruncated: body.truncated,
      };
    };
    const complete = (res: IncomingMessage): Outcome => {
      const statusCode = res.statusCode ?? 0;
      const body = capResponseBody(Buffer.concat(chunks), limit, received > kept);
      return {
        statusCode,
        status: res.statusMessage || STATUS_CODES[statusCode] || `HTTP ${statusCode}`,
        failure: null,
        responseHeaders: joinHeaders(res),
        responseBody: body.text,
        responseTruncated: body.truncated,
        retryAfterS: retryAfterSeconds(statusCode, res.headersDistinct['retry-after']),
      };
    };
    const onAbort = () => settle(partial('connection', 'aborted: shutting down'));
    // setTimeout cannot wait longer than 2^31-1 ms (it would fire at once).
    const timeoutMs = Math.min(Math.max(0, request.timeoutMs), 2_147_483_647);
    const timer = setTimeout(() => settle(partial('timeout', `timed out after ${seconds(timeoutMs)}`)), timeoutMs);
    request.signal?.addEventListener('abort', onAbort, { once: true });

    const onResponse = (res: IncomingMessage) => {
      response = res;
      res.on('data', (chunk: Buffer) => {
        // Keep one byte past the cap: it tells whether the cut splits a character.
        const room = limit + 1 - kept;
        if (room > 0) {
          const piece = chunk.subarray(0, room);
          chunks.push(piece);
          kept += piece.length;
        }
        received += chunk.length;
        if (received > limit) settle(complete(res));
      });
      res.on('end', () => settle(complete(res)));
      res.on('error', (error) => settle(partial(failureKind(error), failureStatus('connection', error))));
      res.on('close', () => settle(res.complete ? complete(res) : partial('connection', 'connection closed')));
    };

    const options: RequestOptions = {
      method: 'POST',
      headers: request.headers,
      agent: false,
      lookup: guardedLookup(request.allowList, bareAddress(url.hostname)),
      rejectUnauthorized: !request.insecureSsl,
    };
    try {
      client = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, options, onResponse);
    } catch (error) {
      // Node validates header names and values before connecting.
      settle(noResponse('connection', `invalid request: ${failureStatus('connection', error)}`));
      return;
    }
    // Errors after the response headers (e.g. the receiver answered before
    // reading the whole body, then closed) are the response listeners' to judge.
    client.on('error', (error) => {
      if (response) return;
      const kind = failureKind(error);
      settle(noResponse(kind, failureStatus(kind, error)));
    });
    client.end(request.body);
  });
}

export async function sendWebhook(request: OutboundRequest): Promise<OutboundResult> {
  const started = performance.now();
  let outcome: Outcome;
  try {
    const checked = precheck(request);
    outcome = checked instanceof URL ? await deliver(request, checked) : checked;
  } catch (error) {
    outcome = noResponse('connection', failureStatus('connection', error));
  }
  return { ...outcome, durationS: elapsedSeconds(started) };
}
