// The handlers of this capability's operations, keyed by operationId; server/handlers.ts
// joins every capability's map into the one the compiler checks for completeness.
import type { Handlers } from '../../http/operation-context.js';
import { createMilestone } from './issues-create-milestone.js';
import { deleteMilestoneHandler } from './issues-delete-milestone.js';
import { getMilestone } from './issues-get-milestone.js';
import { listMilestonesHandler } from './issues-list-milestones.js';
import { updateMilestoneHandler } from './issues-update-milestone.js';

export const milestonesHandlers = {
  'issues/list-milestones': listMilestonesHandler,
  'issues/create-milestone': createMilestone,
  'issues/get-milestone': getMilestone,
  'issues/update-milestone': updateMilestoneHandler,
  'issues/delete-milestone': deleteMilestoneHandler,
} satisfies Partial<Handlers>;
