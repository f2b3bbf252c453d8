// What the receiver hands back. Until @wharf/sdk exports typed webhook events
// (WebhookEventName, WebhookEvent<N>), a delivery's payload is the JSON as sent.
export type WebhookEventName = string;

export interface ReceivedEvent<N extends WebhookEventName> {
  /** `X-GitHub-Delivery` */
  id: string;
  /** `X-GitHub-Event`, e.g. `issues` (the name asked for may add the action: `issues.opened`). */
  name: N extends `${infer E}.${string}` ? E : N;
  payload: unknown;
}
