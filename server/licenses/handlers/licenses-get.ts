import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { licenseByKey } from '../license-catalog.js';
import { licenseView } from './license-views.js';

export const licensesGet: Handler<'licenses/get'> = async (ctx) => {
  await ctx.input();
  const license = licenseByKey(ctx.params.license);
  if (!license) throw notFound();
  return { status: 200, body: licenseView(ctx.services.urls, license) };
};
