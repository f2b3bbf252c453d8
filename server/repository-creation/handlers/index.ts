// repos/create-in-org, outside repos/ because its `repository` created event
// (webhooks/org-hooks) depends on repos/ itself.
import type { Handlers } from '../../http/operation-context.js';
import { createRepositoryInOrg } from './repos-create-in-org.js';

export const repositoryCreationHandlers = {
  'repos/create-in-org': createRepositoryInOrg,
} satisfies Partial<Handlers>;
