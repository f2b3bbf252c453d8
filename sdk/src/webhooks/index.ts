// Webhook receiver helpers, and the payload types of every event GitHub documents.
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
export {
  isKnownEvent,
  WEBHOOK_EVENT_NAMES,
  type EventPart,
  type ParsedWebhookEvent,
  type UnknownWebhookEvent,
  type WebhookBaseEventName,
  type WebhookDeliveries,
  type WebhookEvent,
  type WebhookEventName,
  type WebhookPayload,
} from './webhook-events.js';
export {
  Webhooks,
  type AnyWebhookHandler,
  type IncomingWebhookEvent,
  type WebhookErrorHandler,
  type WebhookHandler,
  type WebhookHandlerError,
  type WebhooksOptions,
} from './webhooks.js';
export {
  createNodeMiddleware,
  createWebMiddleware,
  type MiddlewareOptions,
  type NodeMiddleware,
  type NodeResponseLike,
} from './middleware.js';
