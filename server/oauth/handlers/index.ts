// The handlers of this capability's operations, keyed by operationId; server/handlers.ts
// joins every capability's map into the one the compiler checks for completeness.
import type { Handlers } from '../../http/operation-context.js';
import { deleteAppAuthorization } from './apps-delete-authorization.js';
import { deleteAppToken } from './apps-delete-token.js';
import { createAccessToken } from './oauth-create-access-token.js';
import { createDeviceCode } from './oauth-create-device-code.js';

export const oauthHandlers = {
  'oauth/create-access-token': createAccessToken,
  'oauth/create-device-code': createDeviceCode,
  'apps/delete-token': deleteAppToken,
  'apps/delete-authorization': deleteAppAuthorization,
} satisfies Partial<Handlers>;
