import { notFound, validationFailed } from '../../http/api-error.js';
import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../repos/repository-access.js';
import { senderPayload } from '../../webhooks/payloads/common.js';
import { emitCheckRunEvent } from '../check-events.js';
import { findRun } from '../check-runs-store.js';
import { findSuite, requeueSuite } from '../check-suites-store.js';

// GitHub: the run's app is asked again (`rerequested`, to the app only) and
// the run's suite goes back to queued; the run itself is not changed.
export const rerequestCheckRun: Handler<'checks/rerequest-run'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'write');
  const { sql, git, urls } = ctx.services;
  const found = await findRun(sql, repo.id, ctx.params.check_run_id);
  if (!found) throw notFound();
  await sql.begin(async (tx) => {
    const suite = (await findSuite(tx, repo.id, found.suite_id, true))!;
    const run = (await findRun(tx, repo.id, found.id, true))!;
    if (run.status !== 'completed') throw validationFailed([{ resource: 'CheckRun', code: 'invalid', field: 'status' }]);
    const requeued = await requeueSuite(tx, suite);
    await emitCheckRunEvent({ tx, git, repo, urls, sender: senderPayload(ctx.principal, urls) }, 'rerequested', run, requeued);
  });
  return { status: 201, body: {} };
};
