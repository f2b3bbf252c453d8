// What parseWebhook returns: a union discriminated by `event`, with each
// payload typed from the contract's `webhook-payload` schema narrowed to the
// fields that event carries (see the schema's description). Events Wharf does
// not send yet arrive as `event: 'unknown'` with their name in `name` and the
// general payload type: a literal there keeps `switch (e.event)` narrowing.
import type { components } from '../generated/openapi.js';

export type WebhookPayload = components['schemas']['webhook-payload'];

type With<Keys extends keyof WebhookPayload> = Required<Pick<WebhookPayload, Keys | 'repository' | 'sender'>> &
  Pick<WebhookPayload, 'installation'>;

export type PingPayload = With<'zen' | 'hook_id' | 'hook'>;
export type PushPayload = With<
  | 'ref'
  | 'before'
  | 'after'
  | 'created'
  | 'deleted'
  | 'forced'
  | 'base_ref'
  | 'compare'
  | 'commits'
  | 'head_commit'
  | 'pusher'
>;
export type CreatePayload = With<'ref' | 'ref_type' | 'master_branch' | 'description' | 'pusher_type'>;
export type DeletePayload = With<'ref' | 'ref_type' | 'pusher_type'>;
/** `action`: created, edited (with `changes`), deleted. */
export type LabelPayload = With<'action' | 'label'> & Pick<WebhookPayload, 'changes'>;
/** `action`: created, edited (with `changes`), closed, opened, deleted. */
export type MilestonePayload = With<'action' | 'milestone'> & Pick<WebhookPayload, 'changes'>;

interface Delivery<E extends string, P> {
  event: E;
  /** `X-GitHub-Event` as sent. */
  name: string;
  /** `X-GitHub-Delivery`: the same for a redelivery; deduplicate by it. */
  id: string;
  /** `X-GitHub-Hook-ID`, when sent. */
  hookId: number | undefined;
  payload: P;
}

export type PingEvent = Delivery<'ping', PingPayload>;
export type PushEvent = Delivery<'push', PushPayload>;
export type CreateEvent = Delivery<'create', CreatePayload>;
export type DeleteEvent = Delivery<'delete', DeletePayload>;
export type LabelEvent = Delivery<'label', LabelPayload>;
export type MilestoneEvent = Delivery<'milestone', MilestonePayload>;
export type UnknownEvent = Delivery<'unknown', WebhookPayload>;

export type WebhookEvent =
  | PingEvent
  | PushEvent
  | CreateEvent
  | DeleteEvent
  | LabelEvent
  | MilestoneEvent
  | UnknownEvent;

export const KNOWN_EVENTS: ReadonlySet<string> = new Set(['ping', 'push', 'create', 'delete', 'label', 'milestone']);
