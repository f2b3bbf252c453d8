// The scopes an OAuth request asks for (`scope` of the authorize page, the
// consent form and the device-code request).
import { KNOWN_SCOPES } from '../access/token-scopes.js';

/** Space- or comma-separated scopes; unknown names are dropped, as GitHub ignores them. */
export function parseScopes(raw: string | undefined): string[] {
  const known = KNOWN_SCOPES as readonly string[];
  return [...new Set((raw ?? '').split(/[\s,]+/).filter((scope) => known.includes(scope)))];
}
