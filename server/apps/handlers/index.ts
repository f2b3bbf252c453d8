// The handlers of this capability's operations, keyed by operationId; server/handlers.ts
// joins every capability's map into the one the compiler checks for completeness.
import type { Handlers } from '../../http/operation-context.js';
import { createInstallationAccessToken } from './apps-create-installation-access-token.js';
import { getAuthenticatedApp } from './apps-get-authenticated.js';
import {
  getAppInstallation,
  getOrgInstallation,
  getRepoInstallation,
  getUserInstallation,
} from './apps-get-installation.js';
import { listAppInstallations } from './apps-list-installations.js';
import { listReposAccessibleToInstallation } from './apps-list-repos-accessible-to-installation.js';
import { revokeInstallationToken } from './apps-revoke-installation-access-token.js';

export const appsHandlers = {
  'apps/create-installation-access-token': createInstallationAccessToken,
  'apps/list-repos-accessible-to-installation': listReposAccessibleToInstallation,
  'apps/get-authenticated': getAuthenticatedApp,
  'apps/list-installations': listAppInstallations,
  'apps/get-installation': getAppInstallation,
  'apps/get-repo-installation': getRepoInstallation,
  'apps/get-user-installation': getUserInstallation,
  'apps/get-org-installation': getOrgInstallation,
  'apps/revoke-installation-access-token': revokeInstallationToken,
} satisfies Partial<Handlers>;
