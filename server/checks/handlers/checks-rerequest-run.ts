import { notFound } from '../../http/api-error.js';
import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../repos/repository-access.js';
import { senderPayload } from '../../webhooks/payloads/common.js';
import { rerequestRun } from '../check-run-requests.js';

// The run page's "Re-run" button does the same (check-run-requests.ts).
export const rerequestCheckRun: Handler<'checks/rerequest-run'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'write');
  const { sql, git, urls } = ctx.services;
  if (!(await rerequestRun({ sql, git, urls, repo, sender: senderPayload(ctx.principal, urls) }, ctx.params.check_run_id))) throw notFound();
  return { status: 201, body: {} };
};
