// What an installation token may read of a commit's checks and statuses, as
// in REST: the check-run and check-suite reads need the app's `checks: read`,
// the status reads `statuses: read` (openapi.yaml's x-wharf-app-permissions),
// on any repository it can see. Users and OAuth tokens read both wherever
// they see the repository (its visibility is settled before a commit is reached).
//
// The runs, suites and statuses themselves are refused by the installation
// guard (installation-guard.ts) like any other kind of data; this tells the
// rollup which of its two parts to read, as GitHub shows each app its part.
import type { GraphqlContext } from '../core/context.js';

export function mayRead(ctx: GraphqlContext, area: 'checks' | 'statuses'): boolean {
  return ctx.access.coversKind(area);
}
