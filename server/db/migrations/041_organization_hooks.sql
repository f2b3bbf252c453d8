-- Organization webhooks (issue 37). An organization's hook is a `hooks` row
-- with organization_id set, so the outbox, dispatcher, signing, history,
-- retries and redelivery of repository hooks serve it unchanged. Every query
-- of repository hooks filters on repository_id, which an organization hook
-- never has, so they never show through /repos/{owner}/{repo}/hooks.
ALTER TABLE hooks ADD COLUMN organization_id bigint REFERENCES accounts (id) ON DELETE CASCADE;
ALTER TABLE hooks DROP CONSTRAINT hooks_one_owner;
ALTER TABLE hooks ADD CONSTRAINT hooks_one_owner CHECK (num_nonnulls(repository_id, app_id, organization_id) = 1);
-- Every event of an organization's repository looks up the organization's
-- hooks (server/webhooks/outbox.ts subscribedTargets).
CREATE INDEX hooks_organization_idx ON hooks (organization_id) WHERE organization_id IS NOT NULL;
