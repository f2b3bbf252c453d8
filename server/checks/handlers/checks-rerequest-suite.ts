import type { Handler } from '../../http/operation-context.js';
import { emitCheckSuiteEvent } from '../check-events.js';
import { findSuite, requeueSuite } from '../check-suites-store.js';
import { rerequest } from './rerequest.js';

// GitHub: the suite goes back to queued without a conclusion, and its app
// (only) gets `check_suite` `rerequested`.
export const rerequestCheckSuite: Handler<'checks/rerequest-suite'> = (ctx) =>
  rerequest(
    ctx,
    ctx.params,
    (sql, repo) => findSuite(sql, repo.id, ctx.params.check_suite_id),
    async (scope, found) => {
      const suite = await requeueSuite(scope.tx, (await findSuite(scope.tx, scope.repo.id, found.id, true))!);
      await emitCheckSuiteEvent(scope, 'rerequested', suite);
    },
  );
