// HTTP Basic authentication of an OAuth app by its client id and secret, as
// GitHub's `/applications/{client_id}/…` endpoints take it. Client ids are
// public; the secret is checked against its stored digest in constant time.
import type { OAuthAppPrincipal } from '../auth/principal.js';
import { parseBasicAuthorization } from '../auth/token-secret.js';
import type { Sql } from '../db/database.js';
import { requiresAuthentication } from '../errors/domain-error.js';
import { clientSecretMatches, oauthAppByClientId } from './oauth-apps-store.js';

/** The app the credentials name; 401 when they are missing, malformed or wrong. */
export async function authenticateOAuthClient(sql: Sql, header: string | null): Promise<OAuthAppPrincipal> {
  const parsed = parseBasicAuthorization(header);
  if (parsed === null || 'malformed' in parsed) throw requiresAuthentication();
  const app = await oauthAppByClientId(sql, parsed.user);
  if (!app || !clientSecretMatches(app, parsed.password)) throw requiresAuthentication();
  return { kind: 'oauth-app', app: { id: app.id, clientId: app.client_id, ownerId: app.owner_id } };
}
