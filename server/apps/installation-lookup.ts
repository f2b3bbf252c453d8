// Finding an app's installations, with the account each is on (for the
// `installation` body): all of them, by account, or the one reaching a repository.
import type { Sql } from '../db/database.js';
import type { AccountRef } from '../repos/user-view.js';
import type { InstallationRow } from './apps-store.js';

export interface InstallationWithAccount {
  installation: InstallationRow;
  account: AccountRef;
}

type Joined = InstallationRow & {
  account_login: string;
  account_kind: AccountRef['kind'];
  account_site_admin: boolean;
};

const SELECT = (sql: Sql) => sql`
  SELECT i.*, a.login AS account_login, a.kind AS account_kind, a.site_admin AS account_site_admin
  FROM installations i JOIN accounts a ON a.id = i.account_id`;

function split(row: Joined): InstallationWithAccount {
  const { account_login, account_kind, account_site_admin, ...installation } = row;
  return {
    installation,
    account: { id: installation.account_id, login: account_login, kind: account_kind, site_admin: account_site_admin },
  };
}

export async function listInstallations(
  sql: Sql,
  appId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: InstallationWithAccount[]; total: number }> {
  const rows = await sql<
    Joined[]
  >`${SELECT(sql)} WHERE i.app_id = ${appId} ORDER BY i.id LIMIT ${page.limit} OFFSET ${page.offset}`;
  return { rows: rows.map(split), total: await installationsCount(sql, appId) };
}

export async function installationById(
  sql: Sql,
  appId: number,
  installationId: number,
): Promise<InstallationWithAccount | null> {
  const [row] = await sql<Joined[]>`${SELECT(sql)} WHERE i.app_id = ${appId} AND i.id = ${installationId}`;
  return row ? split(row) : null;
}

/** The app's installation on a user or organization, by login (case-insensitive). */
export async function installationOnAccount(
  sql: Sql,
  appId: number,
  login: string,
  kind: 'User' | 'Organization',
): Promise<InstallationWithAccount | null> {
  const [row] = await sql<
    Joined[]
  >`${SELECT(sql)} WHERE i.app_id = ${appId} AND lower(a.login) = lower(${login}) AND a.kind = ${kind}`;
  return row ? split(row) : null;
}

/** The app's installation that reaches the repository: on its owner, for all repositories or with it selected. */
export async function installationReaching(
  sql: Sql,
  appId: number,
  repo: { id: number; owner_id: number },
): Promise<InstallationWithAccount | null> {
  const [row] = await sql<Joined[]>`${SELECT(sql)}
    WHERE i.app_id = ${appId} AND i.account_id = ${repo.owner_id}
      AND (i.repository_selection = 'all'
           OR EXISTS (SELECT 1 FROM installation_repositories r WHERE r.installation_id = i.id AND r.repository_id = ${repo.id}))`;
  return row ? split(row) : null;
}

export async function installationsCount(sql: Sql, appId: number): Promise<number> {
  const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM installations WHERE app_id = ${appId}`;
  return row!.n;
}
