// Check runs and suites as GraphQL reads them: their rows, marked so the Node
// interface can tell them from every other row (`check_kind`).
import type { CheckRunRow, CheckSuiteRow } from '../../checks/check-rows.js';

export type CheckRunModel = CheckRunRow & { check_kind: 'CheckRun' };
export type CheckSuiteModel = CheckSuiteRow & { check_kind: 'CheckSuite' };

export const isCheckNode = (model: object): model is CheckRunModel | CheckSuiteModel => 'check_kind' in model;
