// What the receiver hands back: the SDK's typed delivery, so
// `waitFor('issues.opened')` gives `payload.issue` as GitHub's schema types it.
import type { WebhookEvent, WebhookEventName } from '@wharf/sdk';

export type { WebhookEventName } from '@wharf/sdk';

/** One verified delivery of N: `{ id, name, payload, hookId? }`, as @wharf/sdk's WebhookEvent<N>. */
export type ReceivedEvent<N extends WebhookEventName> = WebhookEvent<N>;
