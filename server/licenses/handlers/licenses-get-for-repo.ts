import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { repositoryLicense } from '../repository-license.js';
import { licenseSimpleView, OTHER_LICENSE } from './license-views.js';

// Read as the contents API reads: the same access check, so a repository the caller cannot see is a 404.
export const licensesGetForRepo: Handler<'licenses/get-for-repo'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const { query } = await ctx.input();
  const found = await repositoryLicense(ctx.services, repo, query.ref);
  const license = found.license ? licenseSimpleView(ctx.services.urls, found.license) : OTHER_LICENSE;
  return { status: 200, body: { ...(found.json as object), license } as never };
};
