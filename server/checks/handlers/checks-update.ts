import { forbidden, notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { senderPayload } from '../../webhooks/payloads/common.js';
import { appGrant } from './check-access.js';
import { loadCheckContext } from '../check-context.js';
import { runValues } from '../check-input.js';
import { updateRunIn } from '../check-run-changes.js';
import { findRun } from '../check-runs-store.js';
import { findSuite } from '../check-suites-store.js';
import { checkRunView } from '../check-views.js';

// Only the app that created the run (GitHub: 403 for any other app).
export const updateCheckRun: Handler<'checks/update'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const grant = appGrant(ctx, repo);
  const { body } = await ctx.input();
  const { sql, git, urls } = ctx.services;
  const found = await findRun(sql, repo.id, ctx.params.check_run_id);
  if (!found) throw notFound();
  if (found.app_id !== grant.appId)
    throw forbidden(
      `Invalid app_id \`${grant.appId}\` - check run can only be modified by the GitHub App that created it.`,
    );
  const run = await sql.begin(async (tx) => {
    // The suite first, then the run: every writer of a suite's runs locks in this order.
    const suite = (await findSuite(tx, repo.id, found.suite_id, true))!;
    const current = (await findRun(tx, repo.id, found.id, true))!;
    const scope = { tx, git, repo, urls, sender: senderPayload(ctx.principal, urls) };
    return updateRunIn(scope, current, suite, runValues(body, current));
  });
  return {
    status: 200,
    body: checkRunView(run, await loadCheckContext(sql, repo, urls, { appIds: [run.app_id], shas: [run.head_sha] })),
  };
};
