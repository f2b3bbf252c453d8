// The `status` event (no `action`), written with the status in its
// transaction: the status's fields, the commit as GET …/commits/{sha} shows it
// (without files), and the branches whose head is the commit (at most 10,
// as GitHub sends). Built only when some hook subscribes (the commit costs
// git processes).
import { commitRecord } from '../commits/commit-records.js';
import { commitUsers } from '../commits/commit-users.js';
import { commitView, repoPaths } from '../commits/commit-view.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { Services } from '../services.js';
import type { CallerEvent } from '../webhooks/caller-events.js';
import { enqueue, eventJobs, subscribedTargets } from '../webhooks/outbox.js';
import { installationField, installationOf, repositoryPayload, senderPayload } from '../webhooks/payloads/common.js';
import type { statusView } from './status-view.js';

const MAX_BRANCHES = 10;

export async function branchesAt(services: Pick<Services, 'git' | 'urls'>, repo: RepositoryRow, sha: string) {
  const refs = await services.git.listRefs(repo.id);
  const names = [...refs]
    .filter(([ref, at]) => at === sha && ref.startsWith('refs/heads/'))
    .map(([ref]) => ref.slice('refs/heads/'.length));
  return names
    .sort()
    .slice(0, MAX_BRANCHES)
    .map((name) => branchEntry(repo, name, sha, services.urls));
}

/**
 * A branch as the payload lists it (GitHub's short branch). Built here, not by
 * branches/branch-view.ts: branch protection (which asks statuses whether
 * required checks pass) sits above branches, so statuses may not import it;
 * `protected` is therefore always false in this payload.
 */
function branchEntry(repo: RepositoryRow, name: string, sha: string, urls: Services['urls']) {
  return { name, commit: { sha, url: `${repoPaths(repo, urls).api}/commits/${sha}` }, protected: false };
}

export async function emitStatusEvent(
  on: CallerEvent,
  services: Pick<Services, 'git' | 'urls' | 'sql' | 'bus' | 'now'>,
  status: ReturnType<typeof statusView>,
  sha: string,
): Promise<number> {
  // Repository hooks and installed apps alike (one query): an app may be the only subscriber.
  const targets = await subscribedTargets(on.tx, on.repo.id, 'status');
  if (targets.length === 0) return 0;
  const record = await commitRecord(services.git, on.repo.id, sha);
  const users = await commitUsers(services, [record.author.email, record.committer.email]);
  const installation = installationOf(on.principal);
  const payload = {
    id: status.id,
    sha,
    name: `${on.repo.owner_login}/${on.repo.name}`,
    target_url: status.target_url,
    avatar_url: status.avatar_url,
    context: status.context,
    description: status.description,
    state: status.state,
    commit: commitView(on.repo, record, users, on.urls),
    branches: await branchesAt(services, on.repo, sha),
    created_at: status.created_at,
    updated_at: status.updated_at,
    repository: repositoryPayload(on.repo, on.urls),
    sender: senderPayload(on.principal, on.urls),
    ...installationField(installation),
  };
  await enqueue(on.tx, eventJobs(targets, on.repo.id, 'status', null, payload, installation?.id ?? null));
  return targets.length;
}
