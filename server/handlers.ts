// The handler of every operation in openapi.yaml, keyed by operationId. The
// `Handlers` type makes a missing or mistyped entry a compile error. Planned
// operations answer 501 until the issue named in openapi.yaml lands.
import { createInstallationAccessToken } from './apps/handlers/apps-create-installation-access-token.js';
import { listReposAccessibleToInstallation } from './apps/handlers/apps-list-repos-accessible-to-installation.js';
import { getAuthenticatedApp } from './apps/handlers/apps-get-authenticated.js';
import { getAppInstallation, getOrgInstallation, getRepoInstallation, getUserInstallation } from './apps/handlers/apps-get-installation.js';
import { listAppInstallations } from './apps/handlers/apps-list-installations.js';
import { revokeInstallationToken } from './apps/handlers/apps-revoke-installation-access-token.js';
import { getOrganization } from './accounts/handlers/orgs-get.js';
import { getUserByUsername } from './accounts/handlers/users-get-by-username.js';
import { deleteAuthorization } from './auth/handlers/authorizations-delete.js';
import { getAuthenticatedUser } from './auth/handlers/users-get-authenticated.js';
import { checkLiveness } from './health/handlers/health-check-liveness.js';
import { checkReadinessHandler } from './health/handlers/health-check-readiness.js';
import type { Handlers } from './http/operation-context.js';
import { createAccessToken } from './oauth/handlers/oauth-create-access-token.js';
import { authorize } from './oauth/handlers/oauth-authorize.js';
import { createDeviceCode } from './oauth/handlers/oauth-create-device-code.js';
import { deleteAppAuthorization } from './oauth/handlers/apps-delete-authorization.js';
import { deleteAppToken } from './oauth/handlers/apps-delete-token.js';
import { createRef } from './repos/handlers/git-create-ref.js';
import { deleteRef } from './repos/handlers/git-delete-ref.js';
import { getRef } from './repos/handlers/git-get-ref.js';
import { getRefLegacy } from './repos/handlers/git-get-ref-legacy.js';
import { listMatchingRefs } from './repos/handlers/git-list-matching-refs.js';
import { listRefs } from './repos/handlers/git-list-refs.js';
import { getRateLimit } from './rate-limit/handlers/rate-limit-get.js';
import { createRepositoryForUser } from './repos/handlers/repos-create.js';
import { createRepositoryInOrg } from './repos/handlers/repos-create-in-org.js';
import { deleteRepository } from './repos/handlers/repos-delete.js';
import { getRepository } from './repos/handlers/repos-get.js';
import { getRepositoryById } from './repos/handlers/repos-get-by-id.js';
import { listRepositoriesForUser } from './repos/handlers/repos-list-for-user.js';
import { updateRepository } from './repos/handlers/repos-update.js';
import { createRepositoryHook } from './webhooks/handlers/hooks-create.js';
import { deleteRepositoryHook } from './webhooks/handlers/hooks-delete.js';
import { getRepositoryHook } from './webhooks/handlers/hooks-get.js';
import { getHookDelivery, getRepositoryDelivery } from './webhooks/handlers/hooks-get-delivery.js';
import { listRepositoryHooks } from './webhooks/handlers/hooks-list.js';
import { listHookDeliveries } from './webhooks/handlers/hooks-list-deliveries.js';
import { pingRepositoryHook } from './webhooks/handlers/hooks-ping.js';
import { testPushRepositoryHook } from './webhooks/handlers/hooks-test-push.js';
import { redeliverHookDelivery, redeliverRepositoryDelivery } from './webhooks/handlers/hooks-redeliver.js';
import { updateRepositoryHook } from './webhooks/handlers/hooks-update.js';

// An operation marked `x-wharf-planned` gets this until it is built:
// `planned: async () => { throw new ApiError(501, 'Not Implemented'); }`.

export const handlers: Handlers = {
  'users/get-authenticated': getAuthenticatedUser,
  'health/check-liveness': checkLiveness,
  'health/check-readiness': checkReadinessHandler,
  'users/get-by-username': getUserByUsername,
  'orgs/get': getOrganization,
  'ratelimit/get': getRateLimit,
  'authorizations/delete': deleteAuthorization,
  'repos/create-for-authenticated-user': createRepositoryForUser,
  'repos/create-in-org': createRepositoryInOrg,
  'repos/list-for-authenticated-user': listRepositoriesForUser,
  'repos/get': getRepository,
  'repos/get-by-id': getRepositoryById,
  'repos/update': updateRepository,
  'repos/delete': deleteRepository,
  'git/create-ref': createRef,
  'git/get-ref': getRef,
  'git/get-ref-legacy': getRefLegacy,
  'git/list-refs': listRefs,
  'git/list-matching-refs': listMatchingRefs,
  'git/delete-ref': deleteRef,
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
  'oauth/authorize': authorize,
  'oauth/create-access-token': createAccessToken,
  'oauth/create-device-code': createDeviceCode,
  'apps/create-installation-access-token': createInstallationAccessToken,
  'apps/list-repos-accessible-to-installation': listReposAccessibleToInstallation,
  'apps/get-authenticated': getAuthenticatedApp,
  'apps/list-installations': listAppInstallations,
  'apps/get-installation': getAppInstallation,
  'apps/get-repo-installation': getRepoInstallation,
  'apps/get-user-installation': getUserInstallation,
  'apps/get-org-installation': getOrgInstallation,
  'apps/revoke-installation-access-token': revokeInstallationToken,
  'apps/delete-token': deleteAppToken,
  'apps/delete-authorization': deleteAppAuthorization,
};
