// Which operation a request is, found from its method and the path template
// openapi-fetch matched (`/app/installations/{installation_id}`), and so
// whether only an app JWT will do. Derived from the generated operation table,
// so an operation added to the contract with `security: [appJwt]` is covered by
// regenerating, as @octokit/auth-app's `requiresAppAuth` list is by hand.
import { operations } from '../generated/operations.js';
import type { TokenRequest } from './token-provider.js';

type Row = { method: string; path: string; appJwt?: true };

let byRoute: Map<string, [operationId: string, row: Row]> | undefined;

export function tokenRequest(method: string, schemaPath: string): TokenRequest {
  byRoute ??= new Map(
    Object.entries(operations as Record<string, Row>).map(([id, row]) => [`${row.method} ${row.path}`, [id, row]]),
  );
  const found = byRoute.get(`${method.toLowerCase()} ${schemaPath}`);
  return found ? { operationId: found[0], requiresAppJwt: found[1].appJwt === true } : { requiresAppJwt: false };
}

/** Whether the operation accepts only an app JWT: `requiresAppJwt('apps/get-authenticated')` is true. */
export function requiresAppJwt(operationId: string): boolean {
  return (operations as Record<string, Row>)[operationId]?.appJwt === true;
}
