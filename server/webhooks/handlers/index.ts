// The handlers of this capability's operations, keyed by operationId; server/handlers.ts
// joins every capability's map into the one the compiler checks for completeness.
import type { Handlers } from '../../http/operation-context.js';
import { createRepositoryHook } from './hooks-create.js';
import { deleteRepositoryHook } from './hooks-delete.js';
import { getHookDelivery, getRepositoryDelivery } from './hooks-get-delivery.js';
import { getRepositoryHook } from './hooks-get.js';
import { listHookDeliveries } from './hooks-list-deliveries.js';
import { listRepositoryHooks } from './hooks-list.js';
import { pingRepositoryHook } from './hooks-ping.js';
import { redeliverHookDelivery, redeliverRepositoryDelivery } from './hooks-redeliver.js';
import { testPushRepositoryHook } from './hooks-test-push.js';
import { updateRepositoryHook } from './hooks-update.js';

export const webhooksHandlers = {
  'hooks/list': listRepositoryHooks,
  'hooks/create': createRepositoryHook,
  'hooks/get': getRepositoryHook,
  'hooks/update': updateRepositoryHook,
  'hooks/delete': deleteRepositoryHook,
  'hooks/ping': pingRepositoryHook,
  'hooks/test-push': testPushRepositoryHook,
  'hooks/list-deliveries': listHookDeliveries,
  'hooks/get-delivery': getHookDelivery,
  'hooks/redeliver': redeliverHookDelivery,
  'hooks/get-repository-delivery': getRepositoryDelivery,
  'hooks/redeliver-repository-delivery': redeliverRepositoryDelivery,
} satisfies Partial<Handlers>;
