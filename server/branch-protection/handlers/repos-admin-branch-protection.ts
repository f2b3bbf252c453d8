// …/protection/enforce_admins: whether admins are held by the rule too.
import type { Handler } from '../../http/operation-context.js';
import { changeRule, readRule } from '../protection-service.js';
import { adminsView } from '../protection-view.js';
import { baseUrl, protectionRoute } from './protection-route.js';

export const getAdminBranchProtection: Handler<'repos/get-admin-branch-protection'> = async (ctx) => {
  const { repo, branch } = await protectionRoute(ctx);
  await ctx.input();
  const { row } = await readRule(ctx.services, repo, branch);
  return { status: 200, body: adminsView(row.enforce_admins, baseUrl(ctx, repo, branch)) };
};

export const setAdminBranchProtection: Handler<'repos/set-admin-branch-protection'> = async (ctx) => {
  const { repo, branch } = await protectionRoute(ctx);
  await ctx.input();
  const { row } = await changeRule(ctx.services, repo, ctx.principal, branch, () => ({ enforce_admins: true }));
  return { status: 200, body: adminsView(row.enforce_admins, baseUrl(ctx, repo, branch)) };
};

export const deleteAdminBranchProtection: Handler<'repos/delete-admin-branch-protection'> = async (ctx) => {
  const { repo, branch } = await protectionRoute(ctx);
  await ctx.input();
  await changeRule(ctx.services, repo, ctx.principal, branch, () => ({ enforce_admins: false }));
  return { status: 204, body: undefined };
};
