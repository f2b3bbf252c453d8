// GitHub's protection bodies (PUT …/protection and the PATCHes of its parts)
// as the stored settings. Users are named by login, teams and apps by slug,
// and stored by id (actor-resolver.ts finds them); an unknown name is 422.
// Users and teams restrictions are for organization repositories only, as on GitHub.
import { refused, validationFailed } from '../errors/domain-error.js';
import type { ActorLists, ReviewsSetting, StatusChecksSetting } from './protections-store.js';

export interface ActorsInput {
  users?: string[];
  teams?: string[];
  apps?: string[];
}

export interface ReviewsInput {
  dismissal_restrictions?: ActorsInput;
  dismiss_stale_reviews?: boolean;
  require_code_owner_reviews?: boolean;
  required_approving_review_count?: number;
  require_last_push_approval?: boolean;
  bypass_pull_request_allowances?: ActorsInput;
}

export interface StatusChecksInput {
  strict?: boolean;
  contexts?: string[];
  checks?: { context: string; app_id?: number }[];
}

/** Names (lower-cased in the answer's keys) to ids; a name nobody has is absent. */
export type LoginResolver = (logins: readonly string[]) => Promise<Map<string, number>>;

/** How each kind of actor is found by name. A bare LoginResolver finds users only: teams and apps named to it are 422. */
export interface ActorResolver {
  users: LoginResolver;
  teams: LoginResolver;
  apps: LoginResolver;
}

const NOBODY: LoginResolver = async () => new Map();

function resolversOf(resolve: LoginResolver | ActorResolver): ActorResolver {
  return typeof resolve === 'function' ? { users: resolve, teams: NOBODY, apps: NOBODY } : resolve;
}

export const MAX_ACTORS = 100;
export const TOO_MANY_ACTORS = 'The list of users, apps, and teams in total is limited to 100 items.';

const ORG_ONLY = 'Only organization repositories can have users and team restrictions';

export async function actorLists(
  input: ActorsInput | undefined,
  resolve: LoginResolver | ActorResolver,
  field: string,
  orgRepository: boolean,
): Promise<ActorLists> {
  const users = input?.users ?? [];
  const teams = input?.teams ?? [];
  const apps = input?.apps ?? [];
  if ((users.length > 0 || teams.length > 0) && !orgRepository) throw refused(ORG_ONLY);
  if (users.length + teams.length + apps.length > MAX_ACTORS) throw refused(TOO_MANY_ACTORS);
  const resolvers = resolversOf(resolve);
  return {
    users: await idsOf(users, resolvers.users, field, 'users'),
    teams: await idsOf(teams, resolvers.teams, field, 'teams'),
    apps: await idsOf(apps, resolvers.apps, field, 'apps'),
  };
}

/** The ids of `names` (each once, in the order named); 422 naming those nobody has. */
async function idsOf(names: readonly string[], resolve: LoginResolver, field: string, kind: string): Promise<number[]> {
  if (names.length === 0) return [];
  const ids = await resolve(names);
  const unknown = names.filter((name) => !ids.has(name.toLowerCase()));
  if (unknown.length > 0) throw invalidNames(field, kind, unknown);
  return [...new Set(names.map((name) => ids.get(name.toLowerCase())!))];
}

function invalidNames(field: string, kind: string, names: readonly string[]) {
  return validationFailed([
    {
      resource: 'ProtectedBranch',
      field: `${field}.${kind}`,
      code: 'invalid',
      message: `Invalid ${kind}: ${names.slice(0, 10).join(', ')}`,
    },
  ]);
}

export function reviewCount(count: number | undefined): number {
  const value = count ?? 1;
  if (!Number.isInteger(value) || value < 0 || value > 6)
    throw validationFailed([
      {
        resource: 'ProtectedBranch',
        field: 'required_approving_review_count',
        code: 'invalid',
        message: 'required_approving_review_count must be between 0 and 6',
      },
    ]);
  return value;
}

/** Review settings from `input`, over `current` (a PATCH keeps what it leaves out). */
export async function reviewsSetting(
  input: ReviewsInput,
  current: ReviewsSetting | null,
  resolve: LoginResolver | ActorResolver,
  orgRepository: boolean,
): Promise<ReviewsSetting> {
  const dismissal = input.dismissal_restrictions;
  return {
    dismiss_stale_reviews: input.dismiss_stale_reviews ?? current?.dismiss_stale_reviews ?? false,
    require_code_owner_reviews: input.require_code_owner_reviews ?? current?.require_code_owner_reviews ?? false,
    required_approving_review_count: reviewCount(
      input.required_approving_review_count ?? current?.required_approving_review_count,
    ),
    require_last_push_approval: input.require_last_push_approval ?? current?.require_last_push_approval ?? false,
    // An empty object turns dismissal restrictions off (GitHub).
    dismissal_restrictions:
      dismissal === undefined
        ? (current?.dismissal_restrictions ?? null)
        : Object.keys(dismissal).length === 0
          ? null
          : await actorLists(dismissal, resolve, 'dismissal_restrictions', orgRepository),
    bypass_pull_request_allowances:
      input.bypass_pull_request_allowances === undefined
        ? (current?.bypass_pull_request_allowances ?? { users: [], teams: [], apps: [] })
        : await actorLists(
            input.bypass_pull_request_allowances,
            resolve,
            'bypass_pull_request_allowances',
            orgRepository,
          ),
  };
}

const MAX_CHECKS = 100;

/** Status check settings from `input`, over `current`: `checks` wins over the older `contexts`. */
export function statusChecksSetting(
  input: StatusChecksInput,
  current: StatusChecksSetting | null,
): StatusChecksSetting {
  let checks = current?.checks ?? [];
  if (input.checks !== undefined)
    checks = input.checks.map((check) => ({
      context: check.context,
      app_id: check.app_id === undefined || check.app_id === -1 ? null : check.app_id,
    }));
  else if (input.contexts !== undefined) checks = input.contexts.map((context) => ({ context, app_id: null }));
  return { strict: input.strict ?? current?.strict ?? false, checks: uniqueChecks(checks) };
}

export function uniqueChecks(checks: StatusChecksSetting['checks']): StatusChecksSetting['checks'] {
  const seen = new Set<string>();
  const out = checks.filter((check) => !seen.has(check.context) && seen.add(check.context));
  if (out.some((check) => check.context.length === 0 || check.context.length > 255))
    throw validationFailed([
      { resource: 'ProtectedBranch', field: 'contexts', code: 'invalid', message: 'A context is 1 to 255 characters' },
    ]);
  if (out.length > MAX_CHECKS) throw refused(`A branch requires at most ${MAX_CHECKS} status checks`);
  return out;
}
