-- Webhooks for apps (issue 19). An app's webhook is a `hooks` row with app_id
-- set and no repository, so the outbox, dispatcher, signing, history, retries
-- and redelivery of repository hooks serve it unchanged. Every query of
-- repository hooks filters on repository_id, which an app hook never has, so
-- app hooks never show through /repos/{owner}/{repo}/hooks.
ALTER TABLE hooks ADD COLUMN app_id bigint REFERENCES apps (id) ON DELETE CASCADE;
ALTER TABLE hooks ALTER COLUMN repository_id DROP NOT NULL;
ALTER TABLE hooks ADD CONSTRAINT hooks_one_owner CHECK ((repository_id IS NULL) <> (app_id IS NULL));
-- One webhook per app, as on GitHub. An app hook's `events` stays empty: what
-- it receives is the app's subscription, apps.events.
CREATE UNIQUE INDEX hooks_app_key ON hooks (app_id) WHERE app_id IS NOT NULL;
-- Every repository event looks up the apps installed on the repository's
-- owner (server/webhooks/outbox.ts subscribedTargets).
CREATE INDEX installations_account_idx ON installations (account_id);
