import { requiresAuthentication } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { integrationView } from '../app-views.js';
import { installationsCount } from '../installation-lookup.js';
import { authenticatedApp } from './authenticated-app.js';

export const getAuthenticatedApp: Handler<'apps/get-authenticated'> = async (ctx) => {
  const app = authenticatedApp(ctx);
  await ctx.input();
  const owner = await ctx.services.accounts.byId(app.owner_id);
  if (!owner) throw requiresAuthentication(); // owner deleted: the app went with it (cascade)
  return {
    status: 200,
    body: integrationView(app, owner, await installationsCount(ctx.services.sql, app.id), ctx.services.urls),
  };
};
