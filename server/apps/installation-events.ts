// The `installation` and `installation_repositories` events, which GitHub
// sends to the app whatever it subscribes to. Written in the transaction of
// the installation's change (apps-store.ts), so the change and its events
// commit together.
import type { TransactionSql } from '../db/database.js';
import type { Urls } from '../http/urls.js';
import { encodeNodeId } from '../ids/node-id.js';
import { simpleUser, type AccountRef } from '../repos/user-view.js';
import type { AppRow, InstallationRow } from './apps-store.js';
import { installationView } from './app-views.js';
import { emitAppEvent } from './app-events.js';

/** A repository as these payloads list it. */
export interface InstalledRepository {
  id: number;
  node_id: string;
  name: string;
  full_name: string;
  private: boolean;
}

/** Ids of the repositories the installation reaches now (all of the account's, or the selected ones). */
export async function reachedRepositoryIds(tx: TransactionSql, installationId: number): Promise<number[]> {
  const rows = await tx<{ id: number }[]>`
    SELECT r.id FROM installations i JOIN repositories r ON r.owner_id = i.account_id
    WHERE i.id = ${installationId}
      AND (i.repository_selection = 'all' OR EXISTS (
        SELECT 1 FROM installation_repositories ir WHERE ir.installation_id = i.id AND ir.repository_id = r.id))
    ORDER BY r.id`;
  return rows.map((row) => row.id);
}

async function listed(tx: TransactionSql, ids: number[]): Promise<InstalledRepository[]> {
  if (ids.length === 0) return [];
  const rows = await tx<{ id: number; name: string; private: boolean; owner: string }[]>`
    SELECT r.id, r.name, r.private, a.login AS owner FROM repositories r JOIN accounts a ON a.id = r.owner_id
    WHERE r.id = ANY(${ids}) ORDER BY lower(r.name), r.id`;
  return rows.map((r) => ({
    id: r.id,
    node_id: encodeNodeId('Repository', r.id),
    name: r.name,
    full_name: `${r.owner}/${r.name}`,
    private: r.private,
  }));
}

async function accountRef(tx: TransactionSql, accountId: number): Promise<AccountRef> {
  const [row] = await tx<AccountRef[]>`SELECT id, login, kind, site_admin FROM accounts WHERE id = ${accountId}`;
  return row!;
}

export interface InstallationChange {
  app: AppRow;
  installation: InstallationRow;
  /** Who made the change (GitHub's sender); by default the account installed on, or for an organization the app's owner. */
  senderId?: number;
  urls: Urls;
}

async function common(tx: TransactionSql, change: InstallationChange) {
  const account = await accountRef(tx, change.installation.account_id);
  const senderId = change.senderId ?? (account.kind === 'User' ? account.id : change.app.owner_id);
  const sender = senderId === account.id ? account : await accountRef(tx, senderId);
  return {
    installation: installationView(change.installation, account, change.app, change.urls),
    sender: simpleUser(sender, change.urls),
  };
}

function emit(
  tx: TransactionSql,
  change: InstallationChange,
  event: string,
  action: string,
  payload: Record<string, unknown>,
) {
  return emitAppEvent(tx, {
    appId: change.app.id,
    installationId: change.installation.id,
    repositoryId: null,
    event,
    action,
    payload,
    subscribedOnly: false,
  });
}

/** `installation` created (with the repositories it reaches) or deleted (with those it reached). */
export async function emitInstallation(
  tx: TransactionSql,
  change: InstallationChange,
  action: 'created' | 'deleted',
  repositoryIds: number[],
): Promise<number> {
  const { installation, sender } = await common(tx, change);
  return emit(tx, change, 'installation', action, {
    action,
    installation,
    repositories: await listed(tx, repositoryIds),
    requester: null,
    sender,
  });
}

/**
 * `installation_repositories`: what the installation reaches now against what
 * it reached before, as one `added` and/or one `removed` event (none when
 * nothing changed).
 */
export async function emitRepositoryChanges(
  tx: TransactionSql,
  change: InstallationChange,
  before: number[],
  after: number[],
): Promise<number> {
  const added = after.filter((id) => !before.includes(id));
  const removed = before.filter((id) => !after.includes(id));
  if (added.length === 0 && removed.length === 0) return 0;
  const { installation, sender } = await common(tx, change);
  let jobs = 0;
  for (const [action, ids] of [
    ['added', added],
    ['removed', removed],
  ] as const) {
    if (ids.length === 0) continue;
    const repositories = await listed(tx, ids);
    jobs += await emit(tx, change, 'installation_repositories', action, {
      action,
      installation,
      repository_selection: change.installation.repository_selection,
      repositories_added: action === 'added' ? repositories : [],
      repositories_removed: action === 'removed' ? repositories : [],
      requester: null,
      sender,
    });
  }
  return jobs;
}
