// The handlers of this capability's operations, keyed by operationId (joined in server/handlers.ts).
import type { Handlers } from '../../http/operation-context.js';
import { metaGet } from './meta-get.js';
import { metaGetAllVersions } from './meta-get-all-versions.js';
import { metaGetOctocat } from './meta-get-octocat.js';
import { metaGetZen } from './meta-get-zen.js';
import { metaRoot } from './meta-root.js';

export const metaHandlers = {
  'meta/root': metaRoot,
  'meta/get': metaGet,
  'meta/get-zen': metaGetZen,
  'meta/get-octocat': metaGetOctocat,
  'meta/get-all-versions': metaGetAllVersions,
} satisfies Partial<Handlers>;
