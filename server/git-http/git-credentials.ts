// The caller of a git request, as GitHub takes credentials over HTTP: Basic
// with any user name and a token as the password (`x-access-token` for
// installation tokens, by convention only), or a Bearer/token header
// (`git -c http.extraHeader=…`). Tokens are looked up through the same cache
// as REST's, so revocation and installation changes apply alike.
import { ANONYMOUS, type Principal } from '../auth/principal.js';
import { parseAuthorization, parseBasicAuthorization } from '../auth/token-secret.js';
import type { Services } from '../services.js';
import { badCredentials } from './git-answer.js';

function tokenOf(header: string | null): string | null | undefined {
  const basic = parseBasicAuthorization(header);
  if (basic === null) return null;
  if (!('malformed' in basic)) return basic.password;
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
