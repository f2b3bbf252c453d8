// Check runs and suites as GraphQL reads them: their rows, marked so the Node
// interface can tell them from every other row (`check_kind`).
import type { CheckAnnotationRow, CheckRunRow, CheckSuiteRow } from '../../checks/check-rows.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import type { StatusContextModel } from '../statuses/status-models.js';

export type CheckRunModel = CheckRunRow & { check_kind: 'CheckRun' };
export type CheckSuiteModel = CheckSuiteRow & { check_kind: 'CheckSuite' };

export const isCheckNode = (model: object): model is CheckRunModel | CheckSuiteModel => 'check_kind' in model;

/**
 * A commit's status-check rollup (StatusCheckRollup's mapper): its latest
 * runs and latest statuses, those the caller may read (check-read-access.ts).
 */
export interface StatusCheckRollupModel {
  repo: RepositoryRow;
  oid: string;
  runs: CheckRunModel[];
  statuses: StatusContextModel[];
}

/** An annotation with what its `blobUrl` needs: the run's repository and commit. */
export interface CheckAnnotationModel extends CheckAnnotationRow {
  repo: RepositoryRow;
  head_sha: string;
}

export const runModel = (row: CheckRunRow): CheckRunModel => ({ ...row, check_kind: 'CheckRun' });
export const suiteModel = (row: CheckSuiteRow): CheckSuiteModel => ({ ...row, check_kind: 'CheckSuite' });
