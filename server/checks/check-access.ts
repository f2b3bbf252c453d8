// Who may write checks: only a GitHub App, through an installation token
// that reaches the repository (its `checks: write` is checked by the
// operation's x-wharf-app-permissions). Anyone else gets GitHub's 403.
import { notAccessibleByIntegration } from '../apps/installation-access.js';
import { grantReaches } from '../apps/installation-grant.js';
import type { InstallationGrant } from '../auth/principal.js';
import { forbidden, validationFailed } from '../errors/domain-error.js';
import type { OperationContext } from '../http/operation-context.js';
import { routeTable, type OperationId } from '../generated/routes.js';
import { isCommit } from '../repos/git-commits.js';
import type { GitRepositories } from '../repos/git.js';
import type { RepositoryRow } from '../repos/repositories-store.js';

export function appGrant<K extends OperationId>(ctx: OperationContext<K>, repo: RepositoryRow): InstallationGrant {
  const principal = ctx.principal;
  if (principal.kind !== 'token' || !principal.installation) throw forbidden('You must authenticate via a GitHub App.');
  if (!grantReaches(principal.installation, repo))
    throw notAccessibleByIntegration(routeTable[ctx.operationId].appPermissions);
  return principal.installation;
}

/** 422 unless `sha` is a full sha of a commit in the repository; returns it lower-cased. */
export async function headCommitSha(
  git: GitRepositories,
  repo: RepositoryRow,
  sha: string,
  resource: string,
): Promise<string> {
  const lower = sha.toLowerCase();
  if (!(await isCommit(git, repo.id, lower)))
    throw validationFailed([{ resource, code: 'invalid', field: 'head_sha' }]);
  return lower;
}
