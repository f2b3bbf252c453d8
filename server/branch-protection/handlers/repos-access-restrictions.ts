// …/protection/restrictions: who may push to the branch (users, teams, apps).
// 404 `Push restrictions not enabled` when the rule restricts nobody, as GitHub.
import type { Handler } from '../../http/operation-context.js';
import { changeRule, readRule } from '../protection-service.js';
import { restrictionsView } from '../protection-view.js';
import { baseUrl, protectionRoute } from './protection-route.js';
import { restrictionsNotEnabled } from '../restriction-lists.js';

export const getAccessRestrictions: Handler<'repos/get-access-restrictions'> = async (ctx) => {
  const { repo, branch } = await protectionRoute(ctx);
  await ctx.input();
  const { row, actors } = await readRule(ctx.services, repo, branch);
  if (!row.restrictions) throw restrictionsNotEnabled();
  return { status: 200, body: restrictionsView(row.restrictions, baseUrl(ctx, repo, branch), actors) as never };
};

// Turning restrictions off when they are off answers 204 too, without a change or an event.
export const deleteAccessRestrictions: Handler<'repos/delete-access-restrictions'> = async (ctx) => {
  const { repo, branch } = await protectionRoute(ctx);
  await ctx.input();
  await changeRule(ctx.services, repo, ctx.principal, branch, (current) =>
    current.restrictions === null ? {} : { restrictions: null },
  );
  return { status: 204, body: undefined };
};
