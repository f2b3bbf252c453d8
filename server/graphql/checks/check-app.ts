// `CheckSuite.app` and the App it answers, with the fields of REST's
// integration body (app-views.ts): its A_ node id, slug, name, description,
// client id, page and dates. Whoever sees a suite sees its app, as REST's
// check-suite body embeds it.
import { isoSeconds } from '../../views/timestamps.js';
import { encodeNodeId } from '../../ids/node-id.js';
import type { AppResolvers, CheckSuiteResolvers } from '../generated/resolvers-types.js';

export const suiteAppField: Pick<CheckSuiteResolvers, 'app'> = {
  app: (suite, _args, ctx) => ctx.loaders.appById.load(suite.app_id),
};

export const App: AppResolvers = {
  id: (app) => encodeNodeId('App', app.id),
  databaseId: (app) => app.id,
  clientId: (app) => app.client_id,
  name: (app) => app.name,
  slug: (app) => app.slug,
  description: (app) => app.description,
  url: (app, _args, ctx) => ctx.services.urls.html(`/apps/${app.slug}`),
  createdAt: (app) => isoSeconds(app.created_at),
  updatedAt: (app) => isoSeconds(app.updated_at),
};
