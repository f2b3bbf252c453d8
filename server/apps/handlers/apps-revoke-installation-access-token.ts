import { forbidden } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { revokeEverywhere, tokenWithId } from '../../auth/revoke-token.js';

// DELETE /installation/token: an installation token revokes itself (as CI
// actions do when their job ends). It stops working everywhere before the 204.
export const revokeInstallationToken: Handler<'apps/revoke-installation-access-token'> = async (ctx) => {
  const me = ctx.user();
  if (!me.installation) throw forbidden('You must authenticate with an installation access token to revoke it.');
  ctx.checkScopes();
  await revokeEverywhere(ctx.services, { tokens: tokenWithId(me.tokenId) });
  return { status: 204, body: undefined };
};
