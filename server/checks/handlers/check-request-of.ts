// The checks service's request from a REST call: the server's pieces, the
// repository, and the caller as the `sender` of the events.
import type { OperationId } from '../../generated/routes.js';
import type { OperationContext } from '../../http/operation-context.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import { senderPayload } from '../../webhooks/payloads/common.js';
import type { CheckRequest } from '../check-request.js';

export function checkRequestOf<K extends OperationId>(ctx: OperationContext<K>, repo: RepositoryRow): CheckRequest {
  const { sql, git, urls } = ctx.services;
  return { sql, git, urls, repo, sender: senderPayload(ctx.principal, urls) };
}
