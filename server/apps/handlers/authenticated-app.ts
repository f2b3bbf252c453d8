// The app behind a verified JWT (the pipeline verified it: auth mode app-jwt).
import { requiresAuthentication } from '../../http/api-error.js';
import type { OperationContext } from '../../http/operation-context.js';
import type { OperationId } from '../../generated/routes.js';
import { findApp, type AppRow } from '../apps-store.js';

export async function authenticatedApp<K extends OperationId>(ctx: OperationContext<K>): Promise<AppRow> {
  if (ctx.principal.kind !== 'app') throw requiresAuthentication();
  // Deleted since its JWT was verified: as unknown as any other missing app.
  const app = await findApp(ctx.services.sql, String(ctx.principal.app.id));
  if (!app) throw requiresAuthentication();
  return app;
}
