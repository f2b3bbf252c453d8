// The caller of a git request, as GitHub takes credentials over HTTP: Basic
// with a token as the password and any user name (`x-access-token` for
// installation tokens, by convention only), Basic with the token as the user
// name and an empty or `x-oauth-basic` password (`http://<token>@host/…`, the
// push URL release tools build), or a Bearer/token header
// (`git -c http.extraHeader=…`). Tokens are looked up through the same cache
// as REST's, so revocation and installation changes apply alike.
import { ANONYMOUS, type Principal } from '../auth/principal.js';
import { parseAuthorization, parseBasicAuthorization } from '../auth/token-secret.js';
import type { Services } from '../services.js';
import { badCredentials } from './git-answer.js';

/** Passwords that say the token is the user name (GitHub's `x-oauth-basic` placeholder, or none at all). */
const TOKEN_IS_USER_NAME = new Set(['', 'x-oauth-basic']);

function tokenOf(header: string | null): string | null | undefined {
  const basic = parseBasicAuthorization(header);
  if (basic === null) return null;
  if (!('malformed' in basic)) return TOKEN_IS_USER_NAME.has(basic.password) ? basic.user : basic.password;
  const bearer = parseAuthorization(header);
  return bearer !== null && !('malformed' in bearer) ? bearer.token : undefined;
}

/** The principal, ANONYMOUS without credentials; throws 401 for credentials that are not a live token. */
export async function gitPrincipal(services: Services, header: string | null): Promise<Principal> {
  const token = tokenOf(header);
  if (token === null) return ANONYMOUS;
  if (token === undefined || token === '') throw badCredentials();
  const principal = await services.tokenCache.lookup(token);
  if (!principal) throw badCredentials();
  return principal;
}
