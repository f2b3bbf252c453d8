-- Who may force-push where a rule refuses force pushes (issue 37): GraphQL's
-- BranchProtectionRule.bypassForcePushAllowances and the mutations'
-- bypassForcePushActorIds. REST's protection body has no such list, so a PUT
-- of the protection keeps it (branch-protection/protections-store.ts).
-- {users, teams, apps} of ids like the rule's other actor lists (042);
-- enforced by branch-protection/ref-guard.ts and push-protection.ts.
ALTER TABLE branch_protections
  ADD COLUMN bypass_force_push_allowances jsonb NOT NULL DEFAULT '{"users": [], "teams": [], "apps": []}';
