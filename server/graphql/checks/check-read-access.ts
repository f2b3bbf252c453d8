// What an installation token may read of a commit's checks and statuses, as
// in REST: the check-run and check-suite reads need the app's `checks: read`,
// the status reads `statuses: read` (openapi.yaml's x-wharf-app-permissions),
// on any repository it can see. Users and OAuth tokens read both wherever
// they see the repository (its visibility is settled before a commit is reached).
import { satisfies } from '../../apps/app-permissions.js';
import type { GraphqlContext } from '../context.js';
import { githubError } from '../errors.js';

export type ReadArea = 'checks' | 'statuses';

export function mayRead(ctx: GraphqlContext, area: ReadArea): boolean {
  const { principal } = ctx;
  if (principal.kind !== 'token' || !principal.installation) return true;
  return satisfies(principal.installation.permissions, { [area]: 'read' });
}

/** GitHub's answer to an installation reading what its permissions do not cover. */
export function ensureMayRead(ctx: GraphqlContext, area: ReadArea): void {
  if (!mayRead(ctx, area)) throw githubError('FORBIDDEN', 'Resource not accessible by integration');
}
