// GitHub's `protected-branch` body for a rule read through a branch (REST),
// and its parts the sub-resources answer on their own. Users, teams and apps
// in the rule are ids; the caller passes their views (protection-actors.ts).
import type { Urls } from '../http/urls.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { repoPaths } from '../commits/commit-view.js';
import { type Actors, viewsOf } from './protection-actors.js';
import type { ActorLists, ProtectionRow, ReviewsSetting, StatusChecksSetting } from './protections-store.js';

/** The branch's URL part: slashes stay, other characters are escaped, as GitHub writes it. */
export const escapedBranch = (name: string) => name.split('/').map(encodeURIComponent).join('/');

export function protectionUrl(repo: RepositoryRow, branch: string, urls: Urls): string {
  return `${repoPaths(repo, urls).api}/branches/${escapedBranch(branch)}/protection`;
}

export function statusChecksView(setting: StatusChecksSetting, base: string) {
  const url = `${base}/required_status_checks`;
  return {
    url,
    strict: setting.strict,
    contexts: setting.checks.map((check) => check.context),
    checks: setting.checks.map((check) => ({ context: check.context, app_id: check.app_id })),
    contexts_url: `${url}/contexts`,
  };
}

export function adminsView(enabled: boolean, base: string) {
  return { url: `${base}/enforce_admins`, enabled };
}

function actorsView(lists: ActorLists, actors: Actors) {
  return {
    users: viewsOf(lists.users, actors.users),
    teams: viewsOf(lists.teams, actors.teams),
    apps: viewsOf(lists.apps, actors.apps),
  };
}

export function reviewsView(setting: ReviewsSetting, base: string, actors: Actors) {
  const url = `${base}/required_pull_request_reviews`;
  const dismissal = setting.dismissal_restrictions;
  return {
    url,
    ...(dismissal
      ? {
          dismissal_restrictions: {
            url: `${base}/dismissal_restrictions`,
            users_url: `${base}/dismissal_restrictions/users`,
            teams_url: `${base}/dismissal_restrictions/teams`,
            ...actorsView(dismissal, actors),
          },
        }
      : {}),
    dismiss_stale_reviews: setting.dismiss_stale_reviews,
    require_code_owner_reviews: setting.require_code_owner_reviews,
    required_approving_review_count: setting.required_approving_review_count,
    require_last_push_approval: setting.require_last_push_approval,
    ...(hasAny(setting.bypass_pull_request_allowances)
      ? { bypass_pull_request_allowances: actorsView(setting.bypass_pull_request_allowances, actors) }
      : {}),
  };
}

const hasAny = (lists: ActorLists) => lists.users.length + lists.teams.length + lists.apps.length > 0;

export function restrictionsView(lists: ActorLists, base: string, actors: Actors) {
  const url = `${base}/restrictions`;
  return {
    url,
    users_url: `${url}/users`,
    teams_url: `${url}/teams`,
    apps_url: `${url}/apps`,
    ...actorsView(lists, actors),
  };
}

/** GitHub's `protected-branch`: the groups that are off are left out, the switches are `{enabled}`. */
export function protectedBranchView(row: ProtectionRow, repo: RepositoryRow, actors: Actors, urls: Urls) {
  const base = protectionUrl(repo, row.pattern, urls);
  const enabled = (value: boolean) => ({ enabled: value });
  return {
    url: base,
    ...(row.required_status_checks
      ? { required_status_checks: statusChecksView(row.required_status_checks, base) }
      : {}),
    ...(row.required_pull_request_reviews
      ? { required_pull_request_reviews: reviewsView(row.required_pull_request_reviews, base, actors) }
      : {}),
    required_signatures: { url: `${base}/required_signatures`, enabled: false },
    enforce_admins: adminsView(row.enforce_admins, base),
    required_linear_history: enabled(row.required_linear_history),
    allow_force_pushes: enabled(row.allow_force_pushes),
    allow_deletions: enabled(row.allow_deletions),
    block_creations: enabled(row.block_creations),
    required_conversation_resolution: enabled(row.required_conversation_resolution),
    lock_branch: enabled(row.lock_branch),
    allow_fork_syncing: enabled(row.allow_fork_syncing),
    ...(row.restrictions ? { restrictions: restrictionsView(row.restrictions, base, actors) } : {}),
  };
}
