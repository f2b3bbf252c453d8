import { validationFailed } from '../../http/api-error.js';
import type { Handler } from '../../http/operation-context.js';
import { emitCheckRunEvent } from '../check-events.js';
import { findRun } from '../check-runs-store.js';
import { findSuite, requeueSuite } from '../check-suites-store.js';
import { rerequest } from '../rerequest.js';

// GitHub: the run's app is asked again (`rerequested`, to the app only) and
// the run's suite goes back to queued; the run itself is not changed. Only a
// completed run can be re-requested (422 otherwise).
export const rerequestCheckRun: Handler<'checks/rerequest-run'> = (ctx) =>
  rerequest(ctx, ctx.params, (sql, repo) => findRun(sql, repo.id, ctx.params.check_run_id), async (scope, found) => {
    const suite = (await findSuite(scope.tx, scope.repo.id, found.suite_id, true))!;
    const run = (await findRun(scope.tx, scope.repo.id, found.id, true))!;
    if (run.status !== 'completed') throw validationFailed([{ resource: 'CheckRun', code: 'invalid', field: 'status' }]);
    await emitCheckRunEvent(scope, 'rerequested', run, await requeueSuite(scope.tx, suite));
  });
