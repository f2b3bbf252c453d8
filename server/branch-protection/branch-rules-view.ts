// GET …/rules/branches/{branch}: the rule protecting a branch as GitHub's
// ruleset rules (`repository-rule-detailed`), so clients that read rules
// (rather than the older protection API) see what a push or merge will meet.
// The rule's id stands as `ruleset_id`; the source is the repository.
import type { RepositoryRow } from '../repos/repository-row.js';
import type { ProtectionRow } from './protections-store.js';

export function branchRulesView(repo: RepositoryRow, row: ProtectionRow | null) {
  if (row === null) return [];
  const info = {
    ruleset_source_type: 'Repository' as const,
    ruleset_source: `${repo.owner_login}/${repo.name}`,
    ruleset_id: row.id,
  };
  const rules: Record<string, unknown>[] = [];
  if (row.block_creations) rules.push({ type: 'creation' });
  if (row.lock_branch)
    rules.push({ type: 'update', parameters: { update_allows_fetch_and_merge: row.allow_fork_syncing } });
  if (!row.allow_deletions) rules.push({ type: 'deletion' });
  if (row.required_linear_history) rules.push({ type: 'required_linear_history' });
  const reviews = row.required_pull_request_reviews;
  if (reviews)
    rules.push({
      type: 'pull_request',
      parameters: {
        allowed_merge_methods: ['merge', 'squash', 'rebase'],
        dismiss_stale_reviews_on_push: reviews.dismiss_stale_reviews,
        require_code_owner_review: reviews.require_code_owner_reviews,
        require_last_push_approval: reviews.require_last_push_approval,
        required_approving_review_count: reviews.required_approving_review_count,
        required_review_thread_resolution: row.required_conversation_resolution,
      },
    });
  const checks = row.required_status_checks;
  if (checks)
    rules.push({
      type: 'required_status_checks',
      parameters: {
        required_status_checks: checks.checks.map((check) =>
          check.app_id === null ? { context: check.context } : { context: check.context, integration_id: check.app_id },
        ),
        strict_required_status_checks_policy: checks.strict,
      },
    });
  if (!row.allow_force_pushes) rules.push({ type: 'non_fast_forward' });
  return rules.map((rule) => ({ ...rule, ...info }));
}
