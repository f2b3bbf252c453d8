import { forbidden, notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { ownPersonalToken, revokeEverywhere } from '../revoke-token.js';

// Revokes one of the caller's own personal tokens, with a personal token of
// any scope. Anyone else's token id answers like an unknown one (404), whoever
// asks: a site admin revokes other people's tokens with `wharf admin
// revoke-token`, so that no token a site admin lends to a third-party app can
// revoke every token on the instance. OAuth tokens may not call it at all (their
// app revokes them through /applications/{client_id}/…); installation tokens
// are refused before the handler (the operation is closed to apps). The 204 is
// sent once every live server process has dropped the token.
export const deleteAuthorization: Handler<'authorizations/delete'> = async (ctx) => {
  const me = ctx.user();
  if (me.tokenKind !== 'personal') {
    throw forbidden(
      'Only a personal access token can revoke personal access tokens; an OAuth app revokes its tokens with DELETE /applications/{client_id}/token.',
    );
  }
  ctx.checkScopes();
  const id = ctx.params.authorization_id;
  if ((await revokeEverywhere(ctx.services, { tokens: ownPersonalToken(id, me.user.id) })) === 0) throw notFound();
  return { status: 204, body: undefined };
};
