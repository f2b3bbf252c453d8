// The app behind a verified JWT (the pipeline verified it: auth mode app-jwt).
// Its row came with the keys the JWT was checked against (cached until any app
// changes), so app endpoints read it from the principal, not the database.
import { requiresAuthentication } from '../../errors/domain-error.js';
import type { OperationContext } from '../../http/operation-context.js';
import type { OperationId } from '../../generated/routes.js';
import type { AppRow } from '../apps-store.js';

export function authenticatedApp<K extends OperationId>(ctx: OperationContext<K>): AppRow {
  if (ctx.principal.kind !== 'app') throw requiresAuthentication();
  return ctx.principal.row;
}
