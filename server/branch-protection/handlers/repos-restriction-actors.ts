// …/protection/restrictions/{users,teams,apps}: list, add, set and remove one
// kind of the branch's push restrictions. The body is `{users: [...]}` (or
// `teams`, `apps`) or, as GitHub also takes, the bare array of names.
import { validationFailed } from '../../errors/domain-error.js';
import type { Handler, Handlers } from '../../http/operation-context.js';
import { type ActorKind, changeRestrictionList, type ListChange, restrictionList } from '../restriction-lists.js';
import { protectionRoute } from './protection-route.js';

/** The body's names; 422 `missing_field` without them. */
function namesOf(body: unknown, kind: ActorKind): string[] {
  if (Array.isArray(body)) return body as string[];
  const names = (body as Record<string, unknown> | null | undefined)?.[kind];
  if (Array.isArray(names)) return names as string[];
  throw validationFailed([{ resource: 'ProtectedBranch', field: kind, code: 'missing_field' }]);
}

// The three kinds' operations share one body and answer (their generated types differ only by name).
type ListCtx = Parameters<Handler<'repos/get-users-with-access-to-protected-branch'>>[0];
type ChangeCtx = Parameters<Handler<'repos/add-user-access-restrictions'>>[0];

async function list(ctx: ListCtx, kind: ActorKind) {
  const { repo, branch } = await protectionRoute(ctx);
  await ctx.input();
  return { status: 200 as const, body: (await restrictionList(ctx.services, repo, branch, kind)) as never };
}

async function change(ctx: ChangeCtx, kind: ActorKind, how: ListChange) {
  const { repo, branch } = await protectionRoute(ctx);
  const { body } = await ctx.input();
  const names = namesOf(body, kind);
  const answer = await changeRestrictionList(ctx.services, repo, ctx.principal, branch, kind, how, names);
  return { status: 200 as const, body: answer as never };
}

export const restrictionActorHandlers = {
  'repos/get-users-with-access-to-protected-branch': (ctx) => list(ctx, 'users'),
  'repos/add-user-access-restrictions': (ctx) => change(ctx, 'users', 'add'),
  'repos/set-user-access-restrictions': (ctx) => change(ctx as never, 'users', 'set'),
  'repos/remove-user-access-restrictions': (ctx) => change(ctx as never, 'users', 'remove'),
  'repos/get-teams-with-access-to-protected-branch': (ctx) => list(ctx as never, 'teams'),
  'repos/add-team-access-restrictions': (ctx) => change(ctx as never, 'teams', 'add'),
  'repos/set-team-access-restrictions': (ctx) => change(ctx as never, 'teams', 'set'),
  'repos/remove-team-access-restrictions': (ctx) => change(ctx as never, 'teams', 'remove'),
  'repos/get-apps-with-access-to-protected-branch': (ctx) => list(ctx as never, 'apps'),
  'repos/add-app-access-restrictions': (ctx) => change(ctx as never, 'apps', 'add'),
  'repos/set-app-access-restrictions': (ctx) => change(ctx as never, 'apps', 'set'),
  'repos/remove-app-access-restrictions': (ctx) => change(ctx as never, 'apps', 'remove'),
} satisfies Partial<Handlers>;
