// Creating and updating a run, with what follows in the same transaction:
// its annotations, its suite's derived state, and the events of each
// transition (created; completed; the suite completed).
import type { TransactionSql } from '../db/database.js';
import { forbidden, notFound } from '../errors/domain-error.js';
import { type CheckRequest, inCheckTransaction } from './check-request.js';
import { type RunBody, runValues } from './check-input.js';
import { ensureApiSuite } from './check-suite-changes.js';
import { findSuite, refreshSuite } from './check-suites-store.js';
import { appendAnnotations, findRun, insertRun, updateRun } from './check-runs-store.js';
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

/**
 * A new run in the app's suite for `sha`; the suite is made when missing (by
 * the API, so without a `requested` event, as GitHub).
 */
export function createRun(
  req: CheckRequest,
  appId: number,
  sha: string,
  values: Values & { name: string },
): Promise<CheckRunRow> {
  return inCheckTransaction(req, async (scope) => {
    const { suite } = await ensureApiSuite(scope.tx, req.repo, appId, sha);
    return createRunIn(scope, suite, values);
  });
}

/** Only the app that created the run may change it (GitHub: 403 for any other app). */
export async function updateRunOfApp(
  req: CheckRequest,
  appId: number,
  runId: number,
  body: RunBody,
): Promise<CheckRunRow> {
  const found = await findRun(req.sql, req.repo.id, runId);
  if (!found) throw notFound();
  if (found.app_id !== appId)
    throw forbidden(`Invalid app_id \`${appId}\` - check run can only be modified by the GitHub App that created it.`);
  return inCheckTransaction(req, async (scope) => {
    // The suite first, then the run: every writer of a suite's runs locks in this order.
    const suite = (await findSuite(scope.tx, req.repo.id, found.suite_id, true))!;
    const current = (await findRun(scope.tx, req.repo.id, found.id, true))!;
    return updateRunIn(scope, current, suite, runValues(body, current));
  });
}
