// The handler of every operation in openapi.yaml, keyed by operationId. The
// `Handlers` type makes a missing or mistyped entry a compile error. Planned
// operations answer 501 until the issue named in openapi.yaml lands.
import { deleteAuthorization } from './auth/handlers/authorizations-delete.js';
import { getAuthenticatedUser } from './auth/handlers/users-get-authenticated.js';
import { ApiError } from './http/api-error.js';
import type { Handlers } from './http/operation-context.js';
import { createRef } from './repos/handlers/git-create-ref.js';
import { getRef } from './repos/handlers/git-get-ref.js';
import { createRepositoryForUser } from './repos/handlers/repos-create.js';
import { createRepositoryInOrg } from './repos/handlers/repos-create-in-org.js';
import { deleteRepository } from './repos/handlers/repos-delete.js';
import { getRepository } from './repos/handlers/repos-get.js';
import { listRepositoriesForUser } from './repos/handlers/repos-list-for-user.js';
import { updateRepository } from './repos/handlers/repos-update.js';

const planned = async (): Promise<never> => {
  throw new ApiError(501, 'Not Implemented');
};

export const handlers: Handlers = {
  'users/get-authenticated': getAuthenticatedUser,
  'authorizations/delete': deleteAuthorization,
  'repos/create-for-authenticated-user': createRepositoryForUser,
  'repos/create-in-org': createRepositoryInOrg,
  'repos/list-for-authenticated-user': listRepositoriesForUser,
  'repos/get': getRepository,
  'repos/update': updateRepository,
  'repos/delete': deleteRepository,
  'git/create-ref': createRef,
  'git/get-ref': getRef,
  'git/delete-ref': planned,
  'hooks/list': planned,
  'hooks/create': planned,
  'hooks/get': planned,
  'hooks/update': planned,
  'hooks/delete': planned,
  'hooks/ping': planned,
  'hooks/list-deliveries': planned,
  'hooks/get-delivery': planned,
  'hooks/redeliver': planned,
  'oauth/authorize': planned,
  'oauth/create-access-token': planned,
  'oauth/create-device-code': planned,
  'apps/create-installation-access-token': planned,
  'apps/list-repos-accessible-to-installation': planned,
};
