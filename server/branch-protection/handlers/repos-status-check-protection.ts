// …/protection/required_status_checks: the checks a branch's commits need
// before a pull request into it merges.
import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { type StatusChecksInput, statusChecksSetting } from '../protection-input.js';
import { changeRule, readRule } from '../protection-service.js';
import { statusChecksView } from '../protection-view.js';
import { baseUrl, protectionRoute } from './protection-route.js';

export const notEnabled = () => notFound('Required status checks not enabled');

export const getStatusChecksProtection: Handler<'repos/get-status-checks-protection'> = async (ctx) => {
  const { repo, branch } = await protectionRoute(ctx);
  await ctx.input();
  const { row } = await readRule(ctx.services, repo, branch);
  if (!row.required_status_checks) throw notEnabled();
  return { status: 200, body: statusChecksView(row.required_status_checks, baseUrl(ctx, repo, branch)) };
};

export const updateStatusCheckProtection: Handler<'repos/update-status-check-protection'> = async (ctx) => {
  const { repo, branch } = await protectionRoute(ctx);
  const { body } = await ctx.input();
  const { row } = await changeRule(ctx.services, repo, ctx.principal, branch, (current) => {
    if (!current.required_status_checks) throw notEnabled();
    return {
      required_status_checks: statusChecksSetting((body ?? {}) as StatusChecksInput, current.required_status_checks),
    };
  });
  return { status: 200, body: statusChecksView(row.required_status_checks!, baseUrl(ctx, repo, branch)) };
};

export const removeStatusCheckProtection: Handler<'repos/remove-status-check-protection'> = async (ctx) => {
  const { repo, branch } = await protectionRoute(ctx);
  await ctx.input();
  await changeRule(ctx.services, repo, ctx.principal, branch, () => ({ required_status_checks: null }));
  return { status: 204, body: undefined };
};
