// `wharf admin remove-collaborator` and `remove-member`: a user loses access,
// and with it their forks of the private repositories they no longer read
// (server/repos/private-forks.ts), deleted in the same transaction with the
// events a deletion sends (the user as their sender); their git directories
// and release assets go after commit.
import { join } from 'node:path';
import type { TransactionSql } from '../db/database.js';
import { forksLostWithAccess } from '../repos/private-forks.js';
import { deleteRepositoryRows, removeRepositoryFiles } from '../repository-deletion/repository-deletion.js';
import { Urls } from '../http/urls.js';
import type { AccountRow } from '../repos/accounts-store.js';
import { GitRepositories } from '../repos/git.js';
import type { RepositoryRow } from '../repos/repository-row.js';

export interface Site {
  publicUrl: string;
  noreplyHost: string;
  dataDir: string;
}

/**
 * `remove` takes the access away in the transaction it is given (false: there
 * was none); `upstreams` are then the private repositories whose forks by the
 * user may have gone with it. Returns null when there was nothing to remove.
 */
export async function removeAccess(
  site: Site,
  user: AccountRow,
  remove: (afterRemoval: (tx: TransactionSql) => Promise<void>) => Promise<boolean>,
  upstreams: (tx: TransactionSql) => Promise<number[]>,
): Promise<{ deleted_forks: string[] } | null> {
  const actor = {
    kind: 'token' as const,
    user: { id: user.id, login: user.login, siteAdmin: user.site_admin },
    installation: null,
  };
  const urls = new Urls(site.publicUrl, site.noreplyHost);
  const deleted: RepositoryRow[] = [];
  const removed = await remove(async (tx) => {
    for (const upstream of await upstreams(tx)) {
      const forks = await forksLostWithAccess(tx, upstream, user.id);
      await deleteRepositoryRows(tx, forks, actor, urls);
      deleted.push(...forks);
    }
  });
  if (!removed) return null;
  const git = new GitRepositories(join(site.dataDir, 'repositories'));
  await removeRepositoryFiles(
    { git, dataDir: site.dataDir },
    deleted.map((fork) => fork.id),
    (message, fields) => {
      process.stderr.write(`wharf admin: ${message} ${JSON.stringify(fields)}\n`);
    },
  );
  return { deleted_forks: deleted.map((fork) => `${fork.owner_login}/${fork.name}`) };
}

/** The organization's private repositories that have forks: a member who leaves may lose forks of any of them. */
export async function forkedPrivateRepositories(tx: TransactionSql, orgId: number): Promise<number[]> {
  return (
    await tx<
      { id: number }[]
    >`SELECT id FROM repositories WHERE owner_id = ${orgId} AND private AND forks_count > 0 ORDER BY id`
  ).map((row) => row.id);
}
