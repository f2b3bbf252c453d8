import { standingIn } from '../../access/organization-standing.js';
import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { organizationView } from '../organization-view.js';
import { publicRepositoryCount } from '../public-repositories.js';

// A user's login is 404 here, as on GitHub.
export const getOrganization: Handler<'orgs/get'> = async (ctx) => {
  const { accounts, sql, urls } = ctx.services;
  const org = await accounts.byLogin(ctx.params.org);
  if (org?.kind !== 'Organization') throw notFound();
  ctx.checkScopes();
  // Members see the member settings, owners the billing email too.
  const viewer = await standingIn(sql, ctx.principal, org.id);
  return { status: 200, body: organizationView(org, await publicRepositoryCount(sql, org.id), urls, viewer) };
};
