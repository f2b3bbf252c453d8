// Typed handlers the way @octokit/webhooks offers them: `on('issues.opened', …)`
// runs for that event and action, `on('issues', …)` for every issues
// delivery, `onAny` for all. `receive` runs every matching handler at once and,
// when any throw, rejects with one AggregateError of them all (after calling
// the `onError` handlers), as octokit does.
import { DEFAULT_VENDOR } from '../vendor.js';
import { sign, verifySignature } from './signature.js';
import { WebhookPayloadError, WebhookVerificationError } from './webhook-errors.js';
import type { WebhookDeliveries, WebhookEvent, WebhookEventName } from './webhook-events.js';

/** A delivery as receive takes it: a WebhookEvent, or one of an event GitHub does not document. */
export interface IncomingWebhookEvent {
  id: string;
  name: string;
  payload: unknown;
  hookId?: number;
}

/**
 * What `on(N, …)` calls: WebhookEvent<N> for one name. Looked up in
 * WebhookDeliveries directly, as WebhookEvent's de-duplication of an event and
 * its actions is what makes the checker slow while it infers N.
 */
export type WebhookHandler<N extends WebhookEventName> = (event: WebhookDeliveries[N]) => unknown;
export type AnyWebhookHandler = (event: WebhookEvent | IncomingWebhookEvent) => unknown;

/** What receive rejects with: every handler's error (each with `event` set), and the delivery. */
export type WebhookHandlerError = AggregateError & { event: IncomingWebhookEvent };
export type WebhookErrorHandler = (error: WebhookHandlerError) => unknown;

export interface WebhooksOptions {
  /** The hook's secret, or several during a rotation (a delivery signed with any is accepted). */
  secret: string | readonly string[];
  /** The sending server's vendor word (`X-<Vendor>-Event`, …) for the middlewares; default `GitHub`. */
  vendor?: string;
}

const ANY = '*';
type Handler = (event: never) => unknown;

export class Webhooks {
  readonly #secrets: readonly string[];
  readonly #handlers = new Map<string, Set<Handler>>();
  readonly #errorHandlers = new Set<WebhookErrorHandler>();
  /** The vendor word the middlewares read headers by. */
  readonly vendor: string;

  constructor(options: WebhooksOptions) {
    this.#secrets = typeof options.secret === 'string' ? [options.secret] : [...options.secret];
    if (this.#secrets.length === 0 || this.#secrets.some((s) => s === ''))
      throw new TypeError('Webhooks needs a secret (a non-empty string, or a list of them)');
    this.vendor = options.vendor ?? DEFAULT_VENDOR;
  }

  get secrets(): readonly string[] {
    return this.#secrets;
  }

  on<N extends WebhookEventName>(names: N | readonly N[], handler: WebhookHandler<N>): void {
    for (const name of typeof names === 'string' ? [names] : names) this.#add(name, handler);
  }

  onAny(handler: AnyWebhookHandler): void {
    this.#add(ANY, handler);
  }

  onError(handler: WebhookErrorHandler): void {
    this.#errorHandlers.add(handler);
  }

  /** Removes a handler given to `on` (by the same names) or to `onAny` (by `'*'`). */
  removeListener<N extends WebhookEventName>(
    names: N | readonly N[] | '*',
    handler: WebhookHandler<N> | AnyWebhookHandler,
  ): void {
    for (const name of typeof names === 'string' ? [names] : names) this.#handlers.get(name)?.delete(handler);
  }

  /** Signs a payload with the first (current) secret: `sha256=…`. */
  sign(payload: string | Uint8Array): Promise<string> {
    return sign(this.#secrets[0]!, payload);
  }

  verify(payload: string | Uint8Array, signature: string | null | undefined): Promise<boolean> {
    return verifySignature(this.#secrets, payload, signature);
  }

  /** Runs the handlers of `name`, of `name.action` and onAny's, all at once. */
  async receive(event: IncomingWebhookEvent): Promise<void> {
    const action = (event.payload as { action?: unknown } | null)?.action;
    const handlers = [
      ...(this.#handlers.get(event.name) ?? []),
      ...(typeof action === 'string' ? (this.#handlers.get(`${event.name}.${action}`) ?? []) : []),
      ...(this.#handlers.get(ANY) ?? []),
    ] as ((event: IncomingWebhookEvent) => unknown)[];
    const errors: unknown[] = [];
    await Promise.all(
      handlers.map(async (handler) => {
        try {
          await handler(event);
        } catch (error) {
          errors.push(error instanceof Error ? Object.assign(error, { event }) : error);
        }
      }),
    );
    if (errors.length === 0) return;
    const message = errors.map((e) => (e instanceof Error ? e.message : String(e))).join('\n');
    const aggregate = Object.assign(new AggregateError(errors, message), { event });
    for (const onError of this.#errorHandlers) {
      // An error handler's own failure must not hide the handlers' errors.
      await Promise.resolve()
        .then(() => onError(aggregate))
        .catch(() => undefined);
    }
    throw aggregate;
  }

  /**
   * Verifies `signature` (X-Hub-Signature-256) over the raw `payload` text
   * before parsing it, then receives it. Throws WebhookVerificationError on a
   * wrong signature and WebhookPayloadError on a body that is not a JSON object.
   */
  async verifyAndReceive(delivery: {
    id: string;
    name: string;
    signature: string | null | undefined;
    payload: string | Uint8Array;
    hookId?: number;
  }): Promise<void> {
    if (!(await this.verify(delivery.payload, delivery.signature)))
      throw new WebhookVerificationError('X-Hub-Signature-256 does not match');
    const text = typeof delivery.payload === 'string' ? delivery.payload : new TextDecoder().decode(delivery.payload);
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch {
      throw new WebhookPayloadError('the payload is not JSON');
    }
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload))
      throw new WebhookPayloadError('the payload is not a JSON object');
    await this.receive({ id: delivery.id, name: delivery.name, payload, hookId: delivery.hookId });
  }

  #add(name: string, handler: Handler): void {
    const set = this.#handlers.get(name) ?? new Set();
    set.add(handler);
    this.#handlers.set(name, set);
  }
}
