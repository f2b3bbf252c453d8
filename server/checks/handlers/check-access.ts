// Who may write checks: only a GitHub App, through an installation token
// that reaches the repository (its `checks: write` is checked by the
// operation's x-wharf-app-permissions). Anyone else gets GitHub's 403.
import { refusalError } from '../../access/access-refusal.js';
import { installationDecision } from '../../access/repository-access.js';
import type { InstallationGrant } from '../../auth/principal.js';
import { forbidden, validationFailed } from '../../errors/domain-error.js';
import type { OperationContext } from '../../http/operation-context.js';
import { routeTable, type OperationId } from '../../generated/routes.js';
import { isCommit } from '../../repos/git-commits.js';
import type { GitRepositories } from '../../repos/git.js';
import type { RepositoryRow } from '../../repos/repository-row.js';

export function appGrant<K extends OperationId>(ctx: OperationContext<K>, repo: RepositoryRow): InstallationGrant {
  const principal = ctx.principal;
  if (principal.kind !== 'token' || !principal.installation) throw forbidden('You must authenticate via a GitHub App.');
  const decision = installationDecision(principal.installation, repo, { permission: 'read', withinGrant: true });
  if (decision.refused !== undefined)
    throw refusalError({ refused: 'integration', app: routeTable[ctx.operationId].appPermissions });
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
