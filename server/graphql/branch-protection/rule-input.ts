// GitHub's mutation inputs of a branch protection rule as the stored
// settings (protections-store.ts), over the rule's current ones for an
// update (a field left out keeps its value). The groups REST sets as objects
// are GraphQL's `requires…` switches: off stores null, on stores the group
// with its details (protection-input.ts's checks, the same as REST's).
import { reviewCount, statusChecksSetting } from '../../branch-protection/protection-input.js';
import type {
  ActorLists,
  ForcePushBypass,
  ProtectionRow,
  ProtectionValues,
} from '../../branch-protection/protections-store.js';
import { decodeNodeIdOf } from '../../ids/node-id.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import type { GraphqlContext } from '../core/context.js';
import { nodeNotFound } from '../core/errors.js';
import type { CreateBranchProtectionRuleInput } from '../generated/resolvers-types.js';
import { storable } from '../mutation/in-mutation.js';
import { actorListsOf } from './rule-actors.js';

/** The settings both mutations take (the update's input has the same fields, all optional). */
export type RuleSettingsInput = Omit<CreateBranchProtectionRuleInput, 'pattern' | 'repositoryId' | 'clientMutationId'>;

const NO_ACTORS: ActorLists = { users: [], teams: [], apps: [] };

/** The input's four actor lists, resolved (an unknown id fails the mutation whether or not its list is used). */
async function givenLists(ctx: GraphqlContext, repo: RepositoryRow, input: RuleSettingsInput) {
  const lists = async (ids: readonly string[] | null | undefined) =>
    ids == null ? undefined : actorListsOf(ctx, repo, ids);
  return {
    push: await lists(input.pushActorIds),
    bypassPullRequest: await lists(input.bypassPullRequestActorIds),
    bypassForcePush: await lists(input.bypassForcePushActorIds),
    reviewDismissal: await lists(input.reviewDismissalActorIds),
  };
}

/** A list that is on: the one given, else the current one, else none yet. */
const listOn = (given: ActorLists | undefined, current: ActorLists | null | undefined): ActorLists =>
  given ?? current ?? NO_ACTORS;

function appIdOf(id: string | null | undefined): number | undefined {
  if (id === null || id === undefined) return undefined;
  const appId = decodeNodeIdOf(id, 'App');
  if (appId === null) throw nodeNotFound(id);
  return appId;
}

const pick = <T>(given: T | null | undefined, current: T): T =>
  given === null || given === undefined ? current : given;

/**
 * The rule's full settings after the input, over `current` (null: a new
 * rule, GitHub's defaults). Review dismissal restrictions and pull request
 * bypasses live in the reviews' group, as REST stores them: a rule that
 * requires no reviews keeps neither.
 */
export async function ruleValues(
  ctx: GraphqlContext,
  repo: RepositoryRow,
  input: RuleSettingsInput,
  current: ProtectionRow | null,
): Promise<ProtectionValues & ForcePushBypass> {
  const reviews = current?.required_pull_request_reviews ?? null;
  const checks = current?.required_status_checks ?? null;
  const restricted = current?.restrictions ?? null;
  const dismissal = reviews?.dismissal_restrictions ?? null;
  const given = await givenLists(ctx, repo, input);
  for (const context of [
    ...(input.requiredStatusCheckContexts ?? []),
    ...(input.requiredStatusChecks ?? []).map((check) => check.context),
  ])
    storable(context, 'A status check context');
  return {
    required_pull_request_reviews: pick(input.requiresApprovingReviews, reviews !== null)
      ? {
          dismiss_stale_reviews: pick(input.dismissesStaleReviews, reviews?.dismiss_stale_reviews ?? false),
          require_code_owner_reviews: pick(
            input.requiresCodeOwnerReviews,
            reviews?.require_code_owner_reviews ?? false,
          ),
          required_approving_review_count: reviewCount(
            pick(input.requiredApprovingReviewCount, reviews?.required_approving_review_count),
          ),
          require_last_push_approval: pick(input.requireLastPushApproval, reviews?.require_last_push_approval ?? false),
          dismissal_restrictions: pick(input.restrictsReviewDismissals, dismissal !== null)
            ? listOn(given.reviewDismissal, dismissal)
            : null,
          bypass_pull_request_allowances: listOn(given.bypassPullRequest, reviews?.bypass_pull_request_allowances),
        }
      : null,
    required_status_checks: pick(input.requiresStatusChecks, checks !== null)
      ? statusChecksSetting(
          {
            ...(input.requiresStrictStatusChecks == null ? {} : { strict: input.requiresStrictStatusChecks }),
            ...(input.requiredStatusCheckContexts == null ? {} : { contexts: input.requiredStatusCheckContexts }),
            ...(input.requiredStatusChecks == null
              ? {}
              : {
                  checks: input.requiredStatusChecks.map((check) => {
                    const appId = appIdOf(check.appId);
                    return appId === undefined ? { context: check.context } : { context: check.context, app_id: appId };
                  }),
                }),
          },
          checks,
        )
      : null,
    restrictions: pick(input.restrictsPushes, restricted !== null) ? listOn(given.push, restricted) : null,
    bypass_force_push_allowances: listOn(given.bypassForcePush, current?.bypass_force_push_allowances),
    enforce_admins: pick(input.isAdminEnforced, current?.enforce_admins ?? false),
    required_linear_history: pick(input.requiresLinearHistory, current?.required_linear_history ?? false),
    allow_force_pushes: pick(input.allowsForcePushes, current?.allow_force_pushes ?? false),
    allow_deletions: pick(input.allowsDeletions, current?.allow_deletions ?? false),
    block_creations: pick(input.blocksCreations, current?.block_creations ?? false),
    required_conversation_resolution: pick(
      input.requiresConversationResolution,
      current?.required_conversation_resolution ?? false,
    ),
    lock_branch: pick(input.lockBranch, current?.lock_branch ?? false),
    allow_fork_syncing: pick(input.lockAllowsFetchAndMerge, current?.allow_fork_syncing ?? false),
  };
}
