import type { Handler } from '../../http/operation-context.js';
import { organizationView } from '../../accounts/organization-view.js';
import { publicRepositoryCount } from '../../accounts/public-repositories.js';
import { updateOrganization } from '../organization-settings.js';
import { ensureOwner, organizationOf } from './org-lookup.js';

// Settings GitHub knows and Wharf does not keep (projects, pages, security products) are accepted and ignored.
export const updateOrganizationHandler: Handler<'orgs/update'> = async (ctx) => {
  const { org, standing } = await organizationOf(ctx, ctx.params.org);
  ctx.checkScopes();
  ensureOwner(standing);
  const { body } = await ctx.input();
  const { sql, bus, urls } = ctx.services;
  const updated = await updateOrganization(sql, bus, org.id, {
    name: body?.name,
    email: body?.email,
    billing_email: body?.billing_email,
    company: body?.company,
    location: body?.location,
    blog: body?.blog,
    twitter_username: body?.twitter_username,
    description: body?.description,
    default_repository_permission: body?.default_repository_permission,
    members_can_create_repositories: body?.members_can_create_repositories,
  });
  return { status: 200, body: organizationView(updated, await publicRepositoryCount(sql, org.id), urls, 'owner') };
};
