// The handlers of apps' webhook operations (/app/hook/…), keyed by operationId.
import type { Handlers } from '../../../http/operation-context.js';
import { getWebhookConfigForApp } from './apps-get-webhook-config-for-app.js';
import { getAppWebhookDelivery } from './apps-get-webhook-delivery.js';
import { listAppWebhookDeliveries } from './apps-list-webhook-deliveries.js';
import { redeliverAppWebhookDelivery } from './apps-redeliver-webhook-delivery.js';
import { updateWebhookConfigForApp } from './apps-update-webhook-config-for-app.js';

export const appHooksHandlers = {
  'apps/get-webhook-config-for-app': getWebhookConfigForApp,
  'apps/update-webhook-config-for-app': updateWebhookConfigForApp,
  'apps/list-webhook-deliveries': listAppWebhookDeliveries,
  'apps/get-webhook-delivery': getAppWebhookDelivery,
  'apps/redeliver-webhook-delivery': redeliverAppWebhookDelivery,
} satisfies Partial<Handlers>;
