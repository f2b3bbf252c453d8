// The names and types a receiver works with, over the payload types generated
// from GitHub's own webhooks schema (../generated/webhook-names.ts). Shaped
// like @octokit/webhooks' EmitterWebhookEvent, so handlers port unchanged.
import { webhookEventNames, type WebhookPayloadMap } from '../generated/webhook-names.js';

/** Every event (`issues`, `push`) and every `event.action` (`issues.opened`) GitHub documents. */
export type WebhookEventName = keyof WebhookPayloadMap;

/** The payload of an event (the union of its actions') or of one `event.action`. */
export type WebhookPayload<N extends WebhookEventName = WebhookEventName> = WebhookPayloadMap[N];

/** `issues` for `issues.opened`; an event name stays as it is. */
export type EventPart<N extends string> = N extends `${infer E}.${string}` ? E : N;

/** The events alone, without their `.action` forms: what `X-GitHub-Event` carries. */
export type WebhookBaseEventName = Exclude<WebhookEventName, `${string}.${string}`>;

/**
 * The delivery of each name, as its handler receives it. A mapped type rather
 * than a conditional one: a handler's type is then looked up for its one name,
 * where a conditional over the 600 names costs the type checker seconds.
 */
export type WebhookDeliveries = {
  [N in WebhookEventName]: {
    /** `X-GitHub-Delivery`: the same for a redelivery; deduplicate by it. */
    id: string;
    /** `X-GitHub-Event`: the event part of N. */
    name: EventPart<N>;
    payload: WebhookPayloadMap[N];
    /** `X-GitHub-Hook-ID`, when sent. */
    hookId?: number;
  };
};

/**
 * One delivery of N, a union discriminated by `name`. An `event.action` whose
 * event is also in N is left out (the event's member covers it), so the
 * default is one member per event rather than one per action as well.
 */
export type WebhookEvent<N extends WebhookEventName = WebhookEventName> = WebhookDeliveries[Exclude<
  N,
  `${Extract<N, WebhookBaseEventName>}.${string}`
>];

/** A delivery of an event GitHub's schema does not describe: its name is in `name`. */
export interface UnknownWebhookEvent {
  event: 'unknown';
  name: string;
  id: string;
  hookId?: number;
  payload: Record<string, unknown>;
}

/**
 * What parseWebhook returns: a WebhookEvent with `event` set to its name as a
 * literal (so `if (e.event === 'issues')` narrows the payload), or
 * UnknownWebhookEvent for an event name GitHub does not document.
 */
export type ParsedWebhookEvent =
  | { [E in WebhookBaseEventName]: WebhookEvent<E> & { event: E } }[WebhookBaseEventName]
  | UnknownWebhookEvent;

/** Every WebhookEventName, at run time. */
export const WEBHOOK_EVENT_NAMES: readonly WebhookEventName[] = webhookEventNames;

const BASE_EVENTS: ReadonlySet<string> = new Set(webhookEventNames.filter((name) => !name.includes('.')));

export function isKnownEvent(name: string): name is WebhookBaseEventName {
  return BASE_EVENTS.has(name);
}
