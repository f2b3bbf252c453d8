import { isoSeconds } from '../../views/timestamps.js';
import { notFound, requiresAuthentication } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { repositoryView } from '../../repos/repository-view.js';
import { installationById } from '../installation-lookup.js';
import { grantPermission } from '../../access/installation-grant.js';
import { issueInstallationToken } from '../installation-tokens.js';

// The pipeline has verified the app's JWT (auth mode app-jwt); an installation
// of another app is as missing as one that does not exist.
export const createInstallationAccessToken: Handler<'apps/create-installation-access-token'> = async (ctx) => {
  const { principal, services } = ctx;
  if (principal.kind !== 'app') throw requiresAuthentication();
  const found = await installationById(services.sql, principal.app.id, ctx.params.installation_id);
  if (!found) throw notFound();
  const { installation } = found;
  const { body } = await ctx.input();
  const issued = await issueInstallationToken(services, principal.app.botId, installation, body ?? {});
  const permission = grantPermission(issued);
  return {
    status: 201,
    body: {
      token: issued.token,
      expires_at: isoSeconds(issued.expiresAt),
      permissions: issued.permissions,
      repository_selection: issued.repositorySelection,
      ...(issued.repositories
        ? { repositories: issued.repositories.map((repo) => repositoryView(repo, permission, services.urls)) }
        : {}),
    },
  };
};
