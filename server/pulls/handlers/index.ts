// The handlers of this capability's operations, keyed by operationId; server/handlers.ts
// joins every capability's map into the one the compiler checks for completeness.
import type { Handlers } from '../../http/operation-context.js';
import { createPull } from './pulls-create.js';
import { getPull } from './pulls-get.js';
import { listPullCommits } from './pulls-list-commits.js';
import { listPullFiles } from './pulls-list-files.js';
import { listPullsHandler } from './pulls-list.js';
import { listRequestedReviewers, removePullReviewers, requestPullReviewers } from './pulls-requested-reviewers.js';
import { updatePull } from './pulls-update.js';
import { mergePullHandler } from './pulls-merge.js';
import { checkIfMerged } from './pulls-check-if-merged.js';
import { updateBranch } from './pulls-update-branch.js';

export const pullsHandlers = {
  'pulls/create': createPull,
  'pulls/get': getPull,
  'pulls/list': listPullsHandler,
  'pulls/update': updatePull,
  'pulls/list-commits': listPullCommits,
  'pulls/list-files': listPullFiles,
  'pulls/list-requested-reviewers': listRequestedReviewers,
  'pulls/request-reviewers': requestPullReviewers,
  'pulls/remove-requested-reviewers': removePullReviewers,
  'pulls/merge': mergePullHandler,
  'pulls/check-if-merged': checkIfMerged,
  'pulls/update-branch': updateBranch,
} satisfies Partial<Handlers>;
