// The handlers of this capability's operations, keyed by operationId; server/handlers.ts
// joins every capability's map into the one the compiler checks for completeness.
import type { Handlers } from '../../http/operation-context.js';
import { createLabel } from './issues-create-label.js';
import { deleteLabelHandler } from './issues-delete-label.js';
import { getLabel } from './issues-get-label.js';
import { listLabelsForRepo } from './issues-list-labels-for-repo.js';
import { updateLabelHandler } from './issues-update-label.js';

export const labelsHandlers = {
  'issues/list-labels-for-repo': listLabelsForRepo,
  'issues/create-label': createLabel,
  'issues/get-label': getLabel,
  'issues/update-label': updateLabelHandler,
  'issues/delete-label': deleteLabelHandler,
} satisfies Partial<Handlers>;
