// …/protection/required_status_checks/contexts: the required checks by name
// (the older form of `checks`; a check added here accepts any app).
import type { Handler } from '../../http/operation-context.js';
import { uniqueChecks } from '../protection-input.js';
import { changeRule, readRule } from '../protection-service.js';
import type { StatusChecksSetting } from '../protections-store.js';
import { protectionRoute } from './protection-route.js';
import { notEnabled } from './repos-status-check-protection.js';

type Checks = StatusChecksSetting['checks'];

/** The body's names: `{contexts: [...]}` or, as GitHub also takes, a bare array. */
function namesOf(body: unknown): string[] {
  if (Array.isArray(body)) return body as string[];
  return ((body as { contexts?: string[] } | undefined)?.contexts ?? []) as string[];
}

async function changeContexts(
  ctx: Parameters<Handler<'repos/add-status-check-contexts'>>[0],
  names: string[],
  change: (checks: Checks, names: string[]) => Checks,
) {
  const { repo, branch } = await protectionRoute(ctx);
  const { row } = await changeRule(ctx.services, repo, ctx.principal, branch, (current) => {
    const setting = current.required_status_checks;
    if (!setting) throw notEnabled();
    return { required_status_checks: { ...setting, checks: uniqueChecks(change(setting.checks, names)) } };
  });
  return { status: 200 as const, body: row.required_status_checks!.checks.map((check) => check.context) };
}

export const getAllStatusCheckContexts: Handler<'repos/get-all-status-check-contexts'> = async (ctx) => {
  const { repo, branch } = await protectionRoute(ctx);
  await ctx.input();
  const { row } = await readRule(ctx.services, repo, branch);
  if (!row.required_status_checks) throw notEnabled();
  return { status: 200, body: row.required_status_checks.checks.map((check) => check.context) };
};

const named = (names: string[]) => names.map((context) => ({ context, app_id: null }));

export const addStatusCheckContexts: Handler<'repos/add-status-check-contexts'> = async (ctx) => {
  const { body } = await ctx.input();
  return changeContexts(ctx, namesOf(body), (checks, names) => [...checks, ...named(names)]);
};

export const setStatusCheckContexts: Handler<'repos/set-status-check-contexts'> = async (ctx) => {
  const { body } = await ctx.input();
  return changeContexts(ctx as never, namesOf(body), (_checks, names) => named(names));
};

export const removeStatusCheckContexts: Handler<'repos/remove-status-check-contexts'> = async (ctx) => {
  const { body } = await ctx.input();
  return changeContexts(ctx as never, namesOf(body), (checks, names) =>
    checks.filter((check) => !names.includes(check.context)),
  );
};
