// What a person asks of a check run's app: run it again (REST
// checks/rerequest-run and the run page's "Re-run" button, `check_run
// rerequested`) or do one of the actions the app put on the run (the page's
// buttons, `check_run requested_action`). Both go to the run's own app only
// (check-events.ts) and are written in one transaction with their change.
import { validationFailed } from '../errors/domain-error.js';
import { type CheckEventScope, emitCheckRunEvent } from './check-events.js';
import { type CheckRequest, inCheckTransaction } from './check-request.js';
import type { CheckRunRow } from './check-rows.js';
import { findRun } from './check-runs-store.js';
import { findSuite, requeueSuite } from './check-suites-store.js';

/**
 * GitHub's rerequest, in the caller's transaction: the run's app is asked
 * again and the run's suite goes back to queued; the run itself is not
 * changed. A run that is not completed is refused (a validation DomainError).
 */
export async function rerequestRunIn(scope: CheckEventScope, found: CheckRunRow): Promise<void> {
  // The suite first, then the run: every writer of a suite's runs locks in this order.
  const suite = (await findSuite(scope.tx, scope.repo.id, found.suite_id, true))!;
  const run = (await findRun(scope.tx, scope.repo.id, found.id, true))!;
  if (run.status !== 'completed') throw validationFailed([{ resource: 'CheckRun', code: 'invalid', field: 'status' }]);
  await emitCheckRunEvent(scope, 'rerequested', run, await requeueSuite(scope.tx, suite));
}

/** The page's "Re-run" of a run it has found: rerequestRunIn in a transaction of its own. */
export async function rerequestRun(req: CheckRequest, run: CheckRunRow): Promise<void> {
  await inCheckTransaction(req, (scope) => rerequestRunIn(scope, run));
}

export type ActionRequestResult = 'sent' | 'no-run' | 'unknown-action';

/**
 * A press of one of the run's action buttons: `requested_action` with the
 * action's identifier, to the run's app. Nothing else changes (the app
 * decides what the action does). An identifier the run does not offer sends
 * nothing.
 */
export async function requestRunAction(
  req: CheckRequest,
  runId: number,
  identifier: string,
): Promise<ActionRequestResult> {
  return inCheckTransaction(req, async (scope) => {
    const run = await findRun(scope.tx, req.repo.id, runId);
    if (!run) return 'no-run';
    if (!run.actions.some((a) => a.identifier === identifier)) return 'unknown-action';
    const suite = (await findSuite(scope.tx, req.repo.id, run.suite_id))!;
    await emitCheckRunEvent(scope, 'requested_action', run, suite, {
      requested_action: { identifier },
    });
    return 'sent';
  });
}
