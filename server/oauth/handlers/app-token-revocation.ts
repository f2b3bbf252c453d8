// What the two `DELETE /applications/{client_id}/…` operations share: the app
// authenticated by HTTP Basic must be the one in the path, and the token in
// the body must be one it was issued (anything else is 404, revealing nothing).
import type { OAuthAppPrincipal } from '../../auth/principal.js';
import { tokenDigest } from '../../auth/token-secret.js';
import { notFound, requiresAuthentication } from '../../errors/domain-error.js';
import type { OperationContext } from '../../http/operation-context.js';

type AppTokenOperation = 'apps/delete-token' | 'apps/delete-authorization';

export interface AppTokenTarget {
  app: OAuthAppPrincipal['app'];
  /** The OAuth token's row: its id and the user it was issued for. */
  token: { id: number; userId: number };
}

export async function appTokenTarget(ctx: OperationContext<AppTokenOperation>): Promise<AppTokenTarget> {
  const { principal } = ctx;
  if (principal.kind !== 'oauth-app') throw requiresAuthentication();
  if (ctx.params.client_id !== principal.app.clientId) throw notFound();
  const { body } = await ctx.input();
  const [row] = await ctx.services.sql<{ id: number; user_id: number }[]>`
    SELECT id, user_id FROM tokens
    WHERE digest = ${tokenDigest(body.access_token)} AND oauth_app_id = ${principal.app.id} AND kind = 'oauth'`;
  if (!row) throw notFound();
  return { app: principal.app, token: { id: row.id, userId: row.user_id } };
}
