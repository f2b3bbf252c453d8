// The handlers of this capability's operations, keyed by operationId; server/handlers.ts
// joins every capability's map into the one the compiler checks for completeness.
import type { Handlers } from '../../http/operation-context.js';
import { getRefLegacy } from './git-get-ref-legacy.js';
import { getRef } from './git-get-ref.js';
import { listMatchingRefs } from './git-list-matching-refs.js';
import { listRefs } from './git-list-refs.js';
import { createRepositoryForUser } from './repos-create.js';
import { getRepositoryById } from './repos-get-by-id.js';
import { getRepository } from './repos-get.js';
import { listRepositoriesForUser } from './repos-list-for-user.js';

export const reposHandlers = {
  'repos/create-for-authenticated-user': createRepositoryForUser,
  'repos/list-for-authenticated-user': listRepositoriesForUser,
  'repos/get': getRepository,
  'repos/get-by-id': getRepositoryById,
  'git/get-ref': getRef,
  'git/get-ref-legacy': getRefLegacy,
  'git/list-refs': listRefs,
  'git/list-matching-refs': listMatchingRefs,
} satisfies Partial<Handlers>;
