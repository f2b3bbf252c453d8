import type { OperationContext } from '../../http/operation-context.js';
import type { OperationId } from '../../generated/routes.js';
import type { LookupDeps } from '../reference-lookup.js';

export const HTML = 'text/html; charset=utf-8';

/** What the renderer reads references with: the caller decides what a reference may link to. */
export function lookupDeps<K extends OperationId>(ctx: OperationContext<K>): LookupDeps {
  const { sql, git, urls } = ctx.services;
  return { sql, git, urls, principal: ctx.principal };
}
