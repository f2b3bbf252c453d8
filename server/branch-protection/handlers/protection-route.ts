// What every branch protection operation starts with: the repository, for
// admins only (installations need `administration`, openapi.yaml), and the
// branch the rule is named by.
import { notFound } from '../../errors/domain-error.js';
import type { OperationId } from '../../generated/routes.js';
import type { OperationContext } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import type { ReadRule } from '../protection-service.js';
import { protectedBranchView, protectionUrl } from '../protection-view.js';

type Ctx<K extends OperationId> = OperationContext<K> & { params: { owner: string; repo: string; branch: string } };

export async function protectionRoute<K extends OperationId>(ctx: Ctx<K>) {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'admin');
  // No ref name holds a NUL (git refuses it, and PostgreSQL cannot store it): no such branch.
  if (ctx.params.branch.includes('\0')) throw notFound('Branch not found');
  return { repo, branch: ctx.params.branch };
}

export function ruleBody(
  ctx: { services: { urls: Parameters<typeof protectionUrl>[2] } },
  repo: RepositoryRow,
  read: ReadRule,
) {
  return protectedBranchView(read.row, repo, read.actors, ctx.services.urls);
}

export function baseUrl(
  ctx: { services: { urls: Parameters<typeof protectionUrl>[2] } },
  repo: RepositoryRow,
  branch: string,
) {
  return protectionUrl(repo, branch, ctx.services.urls);
}
