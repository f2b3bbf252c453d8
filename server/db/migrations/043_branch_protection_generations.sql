-- PullRequest.reviewDecision follows the base branch's protection rule
-- (branch-protection/merge-state.ts), and GraphQL's cached answers keep it
-- (graphql/cache/cacheable-field-list.ts): a rule that changes bumps its
-- repository's issue-list generation like the reviews it judges (023).
CREATE TRIGGER issue_list_generation AFTER INSERT OR UPDATE OR DELETE ON branch_protections
  FOR EACH ROW EXECUTE FUNCTION issue_list_changed('repository');
