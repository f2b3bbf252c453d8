import { notFound } from '../../http/api-error.js';
import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../repos/repository-access.js';
import { senderPayload } from '../../webhooks/payloads/common.js';
import { emitCheckSuiteEvent } from '../check-events.js';
import { findSuite, requeueSuite } from '../check-suites-store.js';

// GitHub: the suite goes back to queued without a conclusion, and its app
// (only) gets `check_suite` `rerequested`.
export const rerequestCheckSuite: Handler<'checks/rerequest-suite'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'write');
  const { sql, git, urls } = ctx.services;
  const found = await findSuite(sql, repo.id, ctx.params.check_suite_id);
  if (!found) throw notFound();
  await sql.begin(async (tx) => {
    const suite = await requeueSuite(tx, (await findSuite(tx, repo.id, found.id, true))!);
    await emitCheckSuiteEvent({ tx, git, repo, urls, sender: senderPayload(ctx.principal, urls) }, 'rerequested', suite);
  });
  return { status: 201, body: {} };
};
