// The handlers of this capability's operations, keyed by operationId (joined in server/handlers.ts).
import type { Handlers } from '../../http/operation-context.js';
import { getBranch } from './repos-get-branch.js';
import { getBranchRules } from './repos-get-branch-rules.js';
import { listBranches } from './repos-list-branches.js';

export const branchesHandlers = {
  'repos/list-branches': listBranches,
  'repos/get-branch': getBranch,
  'repos/get-branch-rules': getBranchRules,
} satisfies Partial<Handlers>;
