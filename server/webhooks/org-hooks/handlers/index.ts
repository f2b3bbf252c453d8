// The handlers of the organization webhook operations, keyed by operationId;
// server/handlers.ts joins every capability's map into the one the compiler
// checks for completeness.
import type { Handlers } from '../../../http/operation-context.js';
import { createOrganizationHook } from './orgs-create-webhook.js';
import { deleteOrganizationHook } from './orgs-delete-webhook.js';
import { getOrganizationHook, getOrganizationHookConfig } from './orgs-get-webhook.js';
import { listOrganizationHooks } from './orgs-list-webhooks.js';
import { pingOrganizationHook } from './orgs-ping-webhook.js';
import { updateOrganizationHook, updateOrganizationHookConfig } from './orgs-update-webhook.js';
import {
  getOrganizationHookDelivery,
  listOrganizationHookDeliveries,
  redeliverOrganizationHookDelivery,
} from './orgs-webhook-deliveries.js';

export const organizationHooksHandlers = {
  'orgs/list-webhooks': listOrganizationHooks,
  'orgs/create-webhook': createOrganizationHook,
  'orgs/get-webhook': getOrganizationHook,
  'orgs/update-webhook': updateOrganizationHook,
  'orgs/delete-webhook': deleteOrganizationHook,
  'orgs/get-webhook-config-for-org': getOrganizationHookConfig,
  'orgs/update-webhook-config-for-org': updateOrganizationHookConfig,
  'orgs/ping-webhook': pingOrganizationHook,
  'orgs/list-webhook-deliveries': listOrganizationHookDeliveries,
  'orgs/get-webhook-delivery': getOrganizationHookDelivery,
  'orgs/redeliver-webhook-delivery': redeliverOrganizationHookDelivery,
} satisfies Partial<Handlers>;
