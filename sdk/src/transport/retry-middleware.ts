// Retries as openapi-fetch middleware. Network errors and 5xx answers are
// retried for idempotent methods only (a POST that reached the server may
// have done its work); rate-limited answers (429, or 403 with no requests
// remaining) for every method, since the server refused them before doing
// anything. Each answer seen, retried or final, updates the rate-limit state.
import type { MergedOptions, Middleware } from 'openapi-fetch';
import { backoffDelayMs, sleep } from './backoff.js';
import { rateLimitWaitMs } from './rate-limit-state.js';

export interface RetryOptions {
  /** Retries after the first attempt, for all reasons together; 0 disables retrying. Default 3. */
  retries?: number;
  /** First backoff delay; it doubles each retry. Default 500 ms. */
  minDelayMs?: number;
  /** Cap of one backoff delay. Default 10 s. */
  maxDelayMs?: number;
  /** Longest rate-limit wait; a 429 asking for longer is returned as is. Default 60 s. */
  maxRateLimitWaitMs?: number;
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

type Outcome = { response: Response } | { error: unknown };

export function retryMiddleware(retry: RetryOptions, observe: (response: Response) => void): Middleware {
  const retries = retry.retries ?? 3;
  const minDelayMs = retry.minDelayMs ?? 500;
  const maxDelayMs = retry.maxDelayMs ?? 10_000;
  const maxWaitMs = retry.maxRateLimitWaitMs ?? 60_000;
  // The body as it was sent, keyed by the per-call options object (one per
  // request, the same in onRequest and onResponse): fetch consumes the
  // Request's own body, and a retry must send it again.
  const bodies = new WeakMap<MergedOptions, ArrayBuffer | null>();

  function delayFor(request: Request, outcome: Outcome, attempt: number): number | undefined {
    if (attempt >= retries || request.signal.aborted) return undefined;
    const idempotent = IDEMPOTENT.has(request.method);
    if ('error' in outcome) return idempotent ? backoffDelayMs(attempt, minDelayMs, maxDelayMs) : undefined;
    const wait = rateLimitWaitMs(outcome.response, Date.now());
    if (wait !== undefined) return wait <= maxWaitMs ? wait : undefined;
    return idempotent && outcome.response.status >= 500 ? backoffDelayMs(attempt, minDelayMs, maxDelayMs) : undefined;
  }

  async function settle(request: Request, options: MergedOptions, first: Outcome): Promise<Outcome> {
    const body = bodies.get(options) ?? null;
    let outcome = first;
    for (let attempt = 0; ; attempt++) {
      if ('response' in outcome) observe(outcome.response);
      const delay = delayFor(request, outcome, attempt);
      if (delay === undefined) return outcome;
      if ('response' in outcome) await outcome.response.body?.cancel();
      await sleep(delay, request.signal);
      // Rebuilt from the request as finally sent (headers other middleware set included).
      const again = new Request(request.url, {
        method: request.method,
        headers: request.headers,
        body,
        signal: request.signal,
        redirect: request.redirect,
      });
      try {
        outcome = { response: await options.fetch(again) };
      } catch (error) {
        outcome = { error };
      }
    }
  }

  return {
    async onRequest({ request, options }) {
      bodies.set(options, request.body === null ? null : await request.clone().arrayBuffer());
    },
    async onResponse({ request, response, options }) {
      const outcome = await settle(request, options, { response });
      if ('response' in outcome) return outcome.response;
      throw outcome.error;
    },
    async onError({ request, error, options }) {
      const outcome = await settle(request, options, { error });
      if ('response' in outcome) return outcome.response;
      return outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error));
    },
  };
}
