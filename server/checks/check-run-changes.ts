// Creating and updating a run, with what follows in the same transaction:
// its annotations, its suite's derived state, and the events of each
// transition (created; completed; the suite completed).
import type { TransactionSql } from '../db/database.js';
import { refreshSuite } from './check-suites-store.js';
import { appendAnnotations, insertRun, updateRun } from './check-runs-store.js';
import type { CheckAnnotationInput, CheckRunRow, CheckSuiteRow } from './check-rows.js';
import type { RunValues } from './check-runs-store.js';
import { emitCheckRunEvent, emitCheckSuiteEvent, type CheckEventScope } from './check-events.js';

type Values = RunValues & { annotations: CheckAnnotationInput[] };

async function settle(
  scope: CheckEventScope,
  before: CheckRunRow | null,
  run: CheckRunRow,
  suite: CheckSuiteRow,
): Promise<void> {
  if (before === null) await emitCheckRunEvent(scope, 'created', run, suite);
  const refreshed = await refreshSuite(scope.tx, suite);
  if (run.status === 'completed' && before?.status !== 'completed')
    await emitCheckRunEvent(scope, 'completed', run, refreshed);
  if (refreshed.status === 'completed' && suite.status !== 'completed')
    await emitCheckSuiteEvent(scope, 'completed', refreshed);
}

/** `suite` must be locked by the caller (ensureSuite locks it). */
export async function createRunIn(
  scope: CheckEventScope & { tx: TransactionSql },
  suite: CheckSuiteRow,
  values: Values & { name: string },
): Promise<CheckRunRow> {
  let run = await insertRun(scope.tx, suite, { ...values, status: values.status ?? 'queued' });
  run = await appendAnnotations(scope.tx, run, values.annotations);
  await settle(scope, null, run, suite);
  return run;
}

/** `run` and `suite` must be locked by the caller. */
export async function updateRunIn(
  scope: CheckEventScope,
  run: CheckRunRow,
  suite: CheckSuiteRow,
  values: Values,
): Promise<CheckRunRow> {
  let next = await updateRun(scope.tx, run, values);
  next = await appendAnnotations(scope.tx, next, values.annotations);
  await settle(scope, run, next, suite);
  return next;
}
