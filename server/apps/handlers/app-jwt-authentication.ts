// The REST pipeline's `app-jwt` auth mode (app.ts plugs it in): an app's JWT
// as a Bearer token. No token is 401 "Requires authentication"; one that
// cannot be a JWT at all gets GitHub's message for an undecodable JWT before
// any lookup; the rest is the verifier's (app-jwt.ts).
import type { Principal } from '../../auth/principal.js';
import { parseAuthorization } from '../../auth/token-secret.js';
import { ApiError } from '../../http/api-error.js';
import { requiresAuthentication } from '../../errors/domain-error.js';
import type { Services } from '../../services.js';
import { JWT_MESSAGES } from '../app-jwt.js';

export function authenticateAppJwt(authorization: string | null, services: Services): Promise<Principal> {
  const parsed = parseAuthorization(authorization);
  if (parsed === null) throw requiresAuthentication();
  if ('malformed' in parsed) throw new ApiError(401, JWT_MESSAGES.undecodable);
  return services.appJwt.verify(parsed.token);
}
