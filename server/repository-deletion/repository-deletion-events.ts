// What the apps installed on a repository receive when it is deleted, written
// in the deletion's transaction before the row goes (the installations that
// selected it lose that row by cascade, and the payloads need the repository).
// GitHub (github/docs#36991, 2025: "I did receive both an
// installation_repositories.removed event and a repository.delete event for
// my github app"; atlassian/github-for-jira#767: deleting a repository sent
// `installation_repositories` removed, and `repository` deleted once the app
// subscribed to `repository`), although its event reference still says apps
// do not get `repository` deleted:
// - `installation_repositories` removed, always (an app cannot unsubscribe),
//   to every installation that reached the repository, whether it selected it
//   or reaches all of the account's repositories (no source tells them apart);
// - `repository` deleted to the apps among those that subscribe to
//   `repository`. Repository hooks get neither (GitHub: "repository webhooks
//   will not receive this event"; they are deleted with the repository).
import type { TransactionSql } from '../db/database.js';
import type { Urls } from '../http/urls.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { enqueue, eventJobs, subscribedTargets } from '../webhooks/outbox.js';
import { installationOf, repositoryPayload, senderPayload, type Actor } from '../webhooks/payloads/common.js';
import type { AppRow, InstallationRow } from '../apps/apps-store.js';
import { emitRepositoryChanges } from '../apps/installation-events.js';

/** The installations that reach the repository (all of its owner's, or it selected), with their apps. */
async function reachingInstallations(
  tx: TransactionSql,
  repositoryId: number,
): Promise<{ app: AppRow; installation: InstallationRow }[]> {
  const installations = await tx<InstallationRow[]>`
    SELECT i.* FROM repositories r JOIN installations i ON i.account_id = r.owner_id
    WHERE r.id = ${repositoryId}
      AND (i.repository_selection = 'all' OR EXISTS (
        SELECT 1 FROM installation_repositories ir WHERE ir.installation_id = i.id AND ir.repository_id = r.id))
    ORDER BY i.id`;
  if (installations.length === 0) return [];
  const apps = await tx<AppRow[]>`SELECT * FROM apps WHERE id = ANY(${installations.map((i) => i.app_id)})`;
  return installations.map((installation) => ({ app: apps.find((a) => a.id === installation.app_id)!, installation }));
}

/** Before the repository's row is deleted, in that transaction. Returns the number of jobs written. */
export async function emitRepositoryDeletion(
  tx: TransactionSql,
  repo: RepositoryRow,
  principal: Actor,
  urls: Urls,
): Promise<number> {
  // Apps, and the hooks of the organization that owns it (GitHub sends
  // `repository` to organization hooks); never the repository's own hooks.
  const toApps = (await subscribedTargets(tx, repo.id, 'repository')).filter(
    (target) => target.installationId !== null || Boolean(target.organizationId),
  );
  const payload = {
    action: 'deleted',
    repository: repositoryPayload(repo, urls),
    sender: senderPayload(principal, urls),
  };
  await enqueue(
    tx,
    eventJobs(toApps, repo.id, 'repository', 'deleted', payload, installationOf(principal)?.id ?? null),
  );
  let jobs = toApps.length;
  for (const { app, installation } of await reachingInstallations(tx, repo.id)) {
    jobs += await emitRepositoryChanges(tx, { app, installation, senderId: principal.user.id, urls }, [repo.id], []);
  }
  return jobs;
}
