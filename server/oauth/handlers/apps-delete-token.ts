import { revokeEverywhere, tokenWithId } from '../../auth/revoke-token.js';
import type { Handler } from '../../http/operation-context.js';
import { appTokenTarget } from './app-token-revocation.js';

// DELETE /applications/{client_id}/token: an OAuth app revokes one token it
// was issued; it stops working on every server process before the 204.
export const deleteAppToken: Handler<'apps/delete-token'> = async (ctx) => {
  const { token } = await appTokenTarget(ctx);
  await revokeEverywhere(ctx.services, { tokens: tokenWithId(token.id) });
  return { status: 204, body: undefined };
};
