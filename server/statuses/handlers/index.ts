// The handlers of this capability's operations, keyed by operationId; server/handlers.ts
// joins every capability's map into the one the compiler checks for completeness.
import type { Handlers } from '../../http/operation-context.js';
import { createCommitStatus } from './repos-create-commit-status.js';
import { getCombinedStatusForRef } from './repos-get-combined-status-for-ref.js';
import { listCommitStatusesForRef, listCommitStatusesForRefLegacy } from './repos-list-commit-statuses-for-ref.js';

export const statusesHandlers = {
  'repos/create-commit-status': createCommitStatus,
  'repos/list-commit-statuses-for-ref': listCommitStatusesForRef,
  'repos/list-commit-statuses-for-ref-legacy': listCommitStatusesForRefLegacy,
  'repos/get-combined-status-for-ref': getCombinedStatusForRef,
} satisfies Partial<Handlers>;
