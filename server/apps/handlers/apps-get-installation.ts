// Finding one of the authenticated app's installations: by id, or the one on a
// repository, user or organization (how an app, e.g. actions/create-github-app-token,
// learns which installation id to ask a token for). None is 404.
import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { installationView } from '../app-views.js';
import type { AppRow } from '../apps-store.js';
import {
  installationById,
  installationOnAccount,
  installationReaching,
  type InstallationWithAccount,
} from '../installation-lookup.js';
import type { Urls } from '../../http/urls.js';
import { authenticatedApp } from './authenticated-app.js';

function reply(found: InstallationWithAccount | null, app: AppRow, urls: Urls) {
  if (!found) throw notFound();
  return { status: 200 as const, body: installationView(found.installation, found.account, app, urls) };
}

export const getAppInstallation: Handler<'apps/get-installation'> = async (ctx) => {
  const app = authenticatedApp(ctx);
  await ctx.input();
  return reply(await installationById(ctx.services.sql, app.id, ctx.params.installation_id), app, ctx.services.urls);
};

export const getRepoInstallation: Handler<'apps/get-repo-installation'> = async (ctx) => {
  const app = authenticatedApp(ctx);
  await ctx.input();
  const { repos, sql, urls } = ctx.services;
  // The app sees its installation whether the repository is public or not.
  const repo = await repos.find(ctx.params.owner, ctx.params.repo);
  return reply(repo && (await installationReaching(sql, app.id, repo)), app, urls);
};

export const getUserInstallation: Handler<'apps/get-user-installation'> = async (ctx) => {
  const app = authenticatedApp(ctx);
  await ctx.input();
  return reply(
    await installationOnAccount(ctx.services.sql, app.id, ctx.params.username, 'User'),
    app,
    ctx.services.urls,
  );
};

export const getOrgInstallation: Handler<'apps/get-org-installation'> = async (ctx) => {
  const app = authenticatedApp(ctx);
  await ctx.input();
  return reply(
    await installationOnAccount(ctx.services.sql, app.id, ctx.params.org, 'Organization'),
    app,
    ctx.services.urls,
  );
};
