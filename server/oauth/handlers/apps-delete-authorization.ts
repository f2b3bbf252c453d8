import { revokeEverywhere } from '../../auth/revoke-token.js';
import type { Handler } from '../../http/operation-context.js';
import { appTokenTarget } from './app-token-revocation.js';

// DELETE /applications/{client_id}/grant: an OAuth app gives up its grant for
// the user a token belongs to. Every token the app holds for that user goes,
// and so do the codes of both flows not yet exchanged for one, in one
// transaction: the app keeps no way back in without the user's consent.
export const deleteAppAuthorization: Handler<'apps/delete-authorization'> = async (ctx) => {
  const { app, token } = await appTokenTarget(ctx);
  await revokeEverywhere(ctx.services, {
    tokens: (q) => q`oauth_app_id = ${app.id} AND user_id = ${token.userId} AND kind = 'oauth'`,
    alsoInTransaction: async (tx) => {
      await tx`DELETE FROM oauth_authorization_codes WHERE app_id = ${app.id} AND user_id = ${token.userId} AND used_at IS NULL`;
      await tx`DELETE FROM oauth_device_codes WHERE app_id = ${app.id} AND user_id = ${token.userId} AND state = 'approved'`;
    },
  });
  return { status: 204, body: undefined };
};
