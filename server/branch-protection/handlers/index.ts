// The handlers of branch protection's operations, keyed by operationId (joined in server/handlers.ts).
import type { Handlers } from '../../http/operation-context.js';
import {
  deleteAdminBranchProtection,
  getAdminBranchProtection,
  setAdminBranchProtection,
} from './repos-admin-branch-protection.js';
import { deleteAccessRestrictions, getAccessRestrictions } from './repos-access-restrictions.js';
import { deleteBranchProtection } from './repos-delete-branch-protection.js';
import { getBranchProtection } from './repos-get-branch-protection.js';
import {
  deletePullRequestReviewProtection,
  getPullRequestReviewProtection,
  updatePullRequestReviewProtection,
} from './repos-review-protection.js';
import {
  addStatusCheckContexts,
  getAllStatusCheckContexts,
  removeStatusCheckContexts,
  setStatusCheckContexts,
} from './repos-status-check-contexts.js';
import {
  getStatusChecksProtection,
  removeStatusCheckProtection,
  updateStatusCheckProtection,
} from './repos-status-check-protection.js';
import { restrictionActorHandlers } from './repos-restriction-actors.js';
import { updateBranchProtection } from './repos-update-branch-protection.js';

export const branchProtectionHandlers = {
  'repos/get-branch-protection': getBranchProtection,
  'repos/update-branch-protection': updateBranchProtection,
  'repos/delete-branch-protection': deleteBranchProtection,
  'repos/get-admin-branch-protection': getAdminBranchProtection,
  'repos/set-admin-branch-protection': setAdminBranchProtection,
  'repos/delete-admin-branch-protection': deleteAdminBranchProtection,
  'repos/get-pull-request-review-protection': getPullRequestReviewProtection,
  'repos/update-pull-request-review-protection': updatePullRequestReviewProtection,
  'repos/delete-pull-request-review-protection': deletePullRequestReviewProtection,
  'repos/get-status-checks-protection': getStatusChecksProtection,
  'repos/update-status-check-protection': updateStatusCheckProtection,
  'repos/remove-status-check-protection': removeStatusCheckProtection,
  'repos/get-all-status-check-contexts': getAllStatusCheckContexts,
  'repos/add-status-check-contexts': addStatusCheckContexts,
  'repos/set-status-check-contexts': setStatusCheckContexts,
  'repos/remove-status-check-contexts': removeStatusCheckContexts,
  'repos/get-access-restrictions': getAccessRestrictions,
  'repos/delete-access-restrictions': deleteAccessRestrictions,
  ...restrictionActorHandlers,
} satisfies Partial<Handlers>;
