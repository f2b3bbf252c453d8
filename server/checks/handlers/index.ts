// The handlers of this capability's operations, keyed by operationId; server/handlers.ts
// joins every capability's map into the one the compiler checks for completeness.
import type { Handlers } from '../../http/operation-context.js';
import { createCheckRun } from './checks-create.js';
import { createCheckSuite } from './checks-create-suite.js';
import { getCheckRun } from './checks-get.js';
import { getCheckSuite } from './checks-get-suite.js';
import { listCheckRunAnnotations } from './checks-list-annotations.js';
import { listCheckRunsForRef } from './checks-list-for-ref.js';
import { listCheckRunsForSuite } from './checks-list-for-suite.js';
import { listCheckSuitesForRef } from './checks-list-suites-for-ref.js';
import { rerequestCheckRun } from './checks-rerequest-run.js';
import { rerequestCheckSuite } from './checks-rerequest-suite.js';
import { setCheckSuitesPreferences } from './checks-set-suites-preferences.js';
import { updateCheckRun } from './checks-update.js';

export const checksHandlers = {
  'checks/create': createCheckRun,
  'checks/get': getCheckRun,
  'checks/update': updateCheckRun,
  'checks/list-annotations': listCheckRunAnnotations,
  'checks/rerequest-run': rerequestCheckRun,
  'checks/list-for-ref': listCheckRunsForRef,
  'checks/list-for-suite': listCheckRunsForSuite,
  'checks/create-suite': createCheckSuite,
  'checks/set-suites-preferences': setCheckSuitesPreferences,
  'checks/get-suite': getCheckSuite,
  'checks/rerequest-suite': rerequestCheckSuite,
  'checks/list-suites-for-ref': listCheckSuitesForRef,
} satisfies Partial<Handlers>;
