// Webhook receiver helpers.
export { sign, verifySignature } from './signature.js';
export { parseWebhook, type ParseWebhookOptions, type WebhookHeaders } from './parse-webhook.js';
export {
  parseFetchWebhook,
  parseNodeWebhook,
  readRawBody,
  MAX_WEBHOOK_BYTES,
  type NodeRequestLike,
  type NodeWebhookOptions,
} from './adapters.js';
export { WebhookPayloadError, WebhookVerificationError } from './webhook-errors.js';
export type {
  CreateEvent,
  CreatePayload,
  DeleteEvent,
  DeletePayload,
  LabelEvent,
  LabelPayload,
  MilestoneEvent,
  MilestonePayload,
  PingEvent,
  PingPayload,
  PushEvent,
  PushPayload,
  UnknownEvent,
  WebhookEvent,
  WebhookPayload,
} from './webhook-events.js';
